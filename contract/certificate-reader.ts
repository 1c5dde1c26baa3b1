// The doctor's A1 certificate (issue 36 point 5): a PKCS#12 file opened with its password, checked the way
// a signature will need it (the key matches the certificate, it is in force, it may sign) and described by
// what the doctor recognises: titular, CPF, issuer, 'Válido até'. node-forge reads PKCS#12, as the signer does.
// In the contract so that the server and the msw mock check a file alike; not exported by the contract's
// index, so the PWA's bundle leaves node-forge out (`@contract/certificate-reader`).
import forge from 'node-forge'
import { certificateMessages } from './certificates'

export class CertificateError extends Error {
  constructor(
    message: string,
    readonly code: 'not-pkcs12' | 'password' | 'expired' | 'not-yet-valid' | 'key-mismatch' | 'no-signing',
  ) {
    super(message)
    this.name = 'CertificateError'
  }
}

export interface CertificateInfo {
  titular: string
  /** The holder's CPF (11 digits) from the ICP-Brasil OtherName 2.16.76.1.3.1, when present. */
  documento: string | null
  emissor: string
  validoAte: Date
  /** Hexadecimal, upper case. */
  serial: string
}

export interface OpenedCertificate {
  info: CertificateInfo
  certificate: forge.pki.Certificate
  /** The issuers' certificates shipped in the file, sent along in the signature. */
  chain: forge.pki.Certificate[]
  privateKey: forge.pki.rsa.PrivateKey
}

const ICP_BRASIL_PF_DATA = '2.16.76.1.3.1'

const dateBr = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(date)

/** The CN as text: forge keeps a UTF8String's raw bytes (ICP-Brasil names carry accents). */
function commonName(attributes: forge.pki.CertificateField[]): string {
  const field = attributes.find((a) => a.shortName === 'CN') ?? attributes[0]
  const value = String(field?.value ?? '')
  if ((field?.valueTagClass as number | undefined) !== forge.asn1.Type.UTF8) return value
  try {
    return forge.util.decodeUtf8(value)
  } catch {
    return value
  }
}

/** The CPF in the ICP-Brasil person's data: birth date (8 digits), then CPF (11), then NIS, RG… */
function cpfFromOtherName(certificate: forge.pki.Certificate): string | null {
  const extension = certificate.getExtension('subjectAltName') as { value?: string } | undefined
  if (!extension?.value) return null
  try {
    const names = forge.asn1.fromDer(extension.value)
    for (const name of names.value as forge.asn1.Asn1[]) {
      if (name.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || name.type !== 0) continue
      const [oid, explicit] = name.value as forge.asn1.Asn1[]
      if (!oid || !explicit || forge.asn1.derToOid(oid.value as string) !== ICP_BRASIL_PF_DATA) continue
      const inner = (explicit.value as forge.asn1.Asn1[])[0]
      const text = typeof inner?.value === 'string' ? inner.value : ''
      const cpf = text.slice(8, 19)
      return /^\d{11}$/.test(cpf) ? cpf : null
    }
  } catch {
    return null
  }
  return null
}

function mayCertSign(certificate: forge.pki.Certificate): boolean {
  const usage = certificate.getExtension('keyUsage') as
    { digitalSignature?: boolean; nonRepudiation?: boolean } | undefined
  // No keyUsage extension means no restriction (RFC 5280 §4.2.1.3).
  return !usage || Boolean(usage.digitalSignature || usage.nonRepudiation)
}

function open(p12: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(forge.util.binary.raw.encode(p12)))
  } catch {
    throw new CertificateError(certificateMessages.notPkcs12, 'not-pkcs12')
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password)
  } catch (error) {
    const text = error instanceof Error ? error.message : ''
    // forge says 'Invalid password?' when the MAC fails and throws on a key it cannot decrypt.
    if (/password|MAC could not be verified|decrypt/i.test(text)) {
      throw new CertificateError(certificateMessages.password, 'password')
    }
    throw new CertificateError(certificateMessages.notPkcs12, 'not-pkcs12')
  }
}

/** Opens and checks a PKCS#12 file; throws a CertificateError with the Portuguese message otherwise. */
export function openCertificate(p12: Uint8Array, password: string, now: Date): OpenedCertificate {
  const pfx = open(p12, password)
  const bag = (type: string) => pfx.getBags({ bagType: type })[type] ?? []
  const keyBag = [...bag(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bag(forge.pki.oids.keyBag!)].find((b) => b.key)
  const certificates = bag(forge.pki.oids.certBag!).flatMap((b) => (b.cert ? [b.cert] : []))
  if (!keyBag?.key || certificates.length === 0) {
    throw new CertificateError(certificateMessages.notPkcs12, 'not-pkcs12')
  }
  const privateKey = keyBag.key as forge.pki.rsa.PrivateKey
  const certificate = certificates.find((c) => {
    const publicKey = c.publicKey as forge.pki.rsa.PublicKey
    return publicKey.n?.equals(privateKey.n) && publicKey.e?.equals(privateKey.e)
  })
  if (!certificate) throw new CertificateError(certificateMessages.keyMismatch, 'key-mismatch')
  if (certificate.validity.notAfter.getTime() < now.getTime()) {
    throw new CertificateError(certificateMessages.expired(dateBr(certificate.validity.notAfter)), 'expired')
  }
  if (certificate.validity.notBefore.getTime() > now.getTime()) {
    throw new CertificateError(certificateMessages.notYetValid(dateBr(certificate.validity.notBefore)), 'not-yet-valid')
  }
  if (!mayCertSign(certificate)) throw new CertificateError(certificateMessages.noSigning, 'no-signing')
  const cn = commonName(certificate.subject.attributes)
  const info: CertificateInfo = {
    // ICP-Brasil writes 'NOME DO TITULAR:CPF' in the CN.
    titular: cn.replace(/:\d{11}$/, ''),
    documento: cpfFromOtherName(certificate) ?? /:(\d{11})$/.exec(cn)?.[1] ?? null,
    emissor: commonName(certificate.issuer.attributes),
    validoAte: certificate.validity.notAfter,
    serial: certificate.serialNumber.toUpperCase(),
  }
  return { info, certificate, chain: certificates.filter((c) => c !== certificate), privateKey }
}

/** The certificate's description, or a CertificateError with the Portuguese message. */
export function readCertificate(p12: Uint8Array, password: string, now: Date): CertificateInfo {
  return openCertificate(p12, password, now).info
}
