// This server's certificate, signed by the local authority: the host's names and addresses in the subject
// alternative name, for TLS servers only, valid a year (Apple's limit for TLS certificates is 825 days) and
// renewed 30 days before it ends or as soon as the names or addresses change.
import { X509Certificate as NodeX509Certificate, createPrivateKey } from 'node:crypto'
import type { Authority } from './authority'
import type { Subjects } from './addresses'
import { DAY_MS, KEY_ALGORITHM, generateKeys, privateKeyToPem, sha256Fingerprint, x509 } from './x509'

export const SERVER_CERT_VALIDITY_DAYS = 365
export const RENEW_BEFORE_DAYS = 30

export interface ServerCertificate {
  certPem: string
  keyPem: string
  dnsNames: string[]
  ips: string[]
  notBefore: Date
  notAfter: Date
  sha256: string
}

/** An IP address in one spelling (IPv6 compressed, lowercase), to compare addresses. */
export function normalizeIp(ip: string): string {
  return ip.includes(':') ? new URL(`http://[${ip}]`).hostname.slice(1, -1) : ip
}

/** Issues a certificate for `subjects`; it never outlives the authority. */
export async function issueServerCertificate(
  authority: Authority,
  subjects: Subjects,
  now: Date = new Date(),
): Promise<ServerCertificate> {
  const keys = await generateKeys()
  const notAfter = new Date(
    Math.min(now.getTime() + SERVER_CERT_VALIDITY_DAYS * DAY_MS, authority.cert.notAfter.getTime()),
  )
  const cert = await x509.X509CertificateGenerator.create({
    subject: [{ CN: [subjects.dnsNames[0] ?? 'localhost'] }, { O: ['Clínica'] }],
    issuer: authority.cert.subject,
    notBefore: new Date(now.getTime() - 3_600_000),
    notAfter,
    publicKey: keys.publicKey,
    signingKey: authority.privateKey,
    signingAlgorithm: KEY_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...subjects.dnsNames.map((value) => ({ type: 'dns' as const, value })),
        ...subjects.ips.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(authority.cert),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  })
  const certPem = cert.toString('pem')
  return { ...describeCertificate(certPem), keyPem: await privateKeyToPem(keys.privateKey) }
}

/** Names, addresses, validity and fingerprint of a PEM certificate (the first one of a chain). */
export function describeCertificate(certPem: string): Omit<ServerCertificate, 'keyPem'> {
  const cert = new NodeX509Certificate(certPem)
  const dnsNames: string[] = []
  const ips: string[] = []
  // "DNS:a, IP Address:1.2.3.4": Node's rendering of the subject alternative name
  for (const entry of (cert.subjectAltName ?? '').split(/,\s*/)) {
    if (entry.startsWith('DNS:')) dnsNames.push(entry.slice(4).toLowerCase())
    else if (entry.startsWith('IP Address:')) ips.push(normalizeIp(entry.slice(11)))
  }
  return {
    certPem,
    dnsNames,
    ips,
    notBefore: new Date(cert.validFrom),
    notAfter: new Date(cert.validTo),
    sha256: sha256Fingerprint(certPem),
  }
}

/** A certificate and key read back from PEM; throws when the key is not the certificate's. */
export function parseServerCertificate(certPem: string, keyPem: string): ServerCertificate {
  const cert = new NodeX509Certificate(certPem)
  if (!cert.checkPrivateKey(createPrivateKey(keyPem))) throw new Error('a chave privada não corresponde ao certificado')
  return { ...describeCertificate(certPem), keyPem }
}

/**
 * Why `current` must be replaced now, in Portuguese for the log, or undefined when it can stay: not signed
 * by this authority, ending within RENEW_BEFORE_DAYS, or names or addresses that differ from `wanted`.
 */
export function renewalReason(
  current: ServerCertificate,
  wanted: Subjects,
  authority: Authority | undefined,
  now: Date = new Date(),
): string | undefined {
  if (authority && !new NodeX509Certificate(current.certPem).checkIssued(new NodeX509Certificate(authority.certPem))) {
    return 'emitido por outra autoridade'
  }
  if (
    authority &&
    !new NodeX509Certificate(current.certPem).verify(new NodeX509Certificate(authority.certPem).publicKey)
  ) {
    return 'assinatura de outra autoridade'
  }
  const daysLeft = (current.notAfter.getTime() - now.getTime()) / DAY_MS
  if (daysLeft < RENEW_BEFORE_DAYS) return daysLeft <= 0 ? 'vencido' : `vence em ${Math.ceil(daysLeft)} dia(s)`
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))
  if (!same(current.dnsNames, wanted.dnsNames)) return 'os nomes do computador mudaram'
  if (!same(current.ips, wanted.ips.map(normalizeIp))) return 'os endereços de rede mudaram'
  return undefined
}
