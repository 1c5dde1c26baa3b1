// @peculiar/x509 set up for Node: its Reflect polyfill and Node's WebCrypto. Keys are ECDSA P-256 with
// SHA-256 signatures, which Android, iOS/iPadOS (which require ECC or RSA ≥ 2048 and SHA-2) and Chromium accept.
import 'reflect-metadata'
import { X509Certificate as NodeX509Certificate } from 'node:crypto'
import * as x509 from '@peculiar/x509'

x509.cryptoProvider.set(globalThis.crypto as Crypto)

export { x509 }

export const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const

export const DAY_MS = 86_400_000

export async function generateKeys(): Promise<CryptoKeyPair> {
  return (await globalThis.crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair
}

/** A private key as PKCS #8 PEM ("PRIVATE KEY"), the form Node's TLS and OpenSSL read. */
export async function privateKeyToPem(key: CryptoKey): Promise<string> {
  const der = await globalThis.crypto.subtle.exportKey('pkcs8', key)
  return x509.PemConverter.encode(der, 'PRIVATE KEY')
}

export async function privateKeyFromPem(pem: string): Promise<CryptoKey> {
  const der = x509.PemConverter.decodeFirst(pem)
  return globalThis.crypto.subtle.importKey('pkcs8', der, KEY_ALGORITHM, true, ['sign'])
}

/** SHA-256 of the certificate's DER, as devices show it: "AB:CD:…" (32 bytes, uppercase hex). */
export function sha256Fingerprint(certPem: string): string {
  return new NodeX509Certificate(certPem).fingerprint256
}
