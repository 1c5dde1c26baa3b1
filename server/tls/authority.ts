// The clinic's local certificate authority: created once in DATA_DIR/tls (clinica-ca.crt, and
// clinica-ca.key with mode 0600, never served), trusted by the clinic's tablets and phones, and used only
// to sign this server's certificate. Its X.509 name constraints (critical) limit it to this computer's
// names and to loopback and private addresses, so that even a stolen key cannot vouch for any other site.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AsnConvert } from '@peculiar/asn1-schema'
import {
  GeneralName,
  GeneralSubtree,
  GeneralSubtrees,
  NameConstraints,
  id_ce_nameConstraints,
} from '@peculiar/asn1-x509'
import { PRIVATE_RANGES } from './addresses'
import { TlsSetupError } from './https-config'
import {
  DAY_MS,
  KEY_ALGORITHM,
  generateKeys,
  privateKeyFromPem,
  privateKeyToPem,
  sha256Fingerprint,
  x509,
} from './x509'

export const AUTHORITY_CERT_FILE = 'clinica-ca.crt'
export const AUTHORITY_KEY_FILE = 'clinica-ca.key'
export const AUTHORITY_VALIDITY_DAYS = 3650

export interface Authority {
  cert: x509.X509Certificate
  certPem: string
  privateKey: CryptoKey
  /** SHA-256 of the certificate, "AB:CD:…": what a device shows before trusting it. */
  sha256: string
  /** The DNS names its name constraints permit (each with its subdomains). */
  permittedNames: string[]
  /** The name a device lists it under (the subject's CN). */
  commonName: string
}

export class AuthorityError extends TlsSetupError {
  override name = 'AuthorityError'
}

function nameConstraints(dnsNames: string[]): x509.Extension {
  const subtree = (base: GeneralName) => new GeneralSubtree({ base })
  const value = new NameConstraints({
    permittedSubtrees: new GeneralSubtrees([
      ...dnsNames.map((dNSName) => subtree(new GeneralName({ dNSName }))),
      ...PRIVATE_RANGES.map((iPAddress) => subtree(new GeneralName({ iPAddress }))),
    ]),
  })
  // RFC 5280 §4.2.1.10: conforming CAs MUST mark this extension critical.
  return new x509.Extension(id_ce_nameConstraints, true, AsnConvert.serialize(value))
}

/** The DNS names (and their subdomains) the authority's name constraints permit; [] when it has none. */
export function permittedDnsNames(cert: x509.X509Certificate): string[] {
  const extension = cert.getExtension(id_ce_nameConstraints)
  if (!extension) return []
  const constraints = AsnConvert.parse(extension.value, NameConstraints)
  return (constraints.permittedSubtrees ?? []).flatMap((s) => (s.base.dNSName ? [s.base.dNSName.toLowerCase()] : []))
}

/** The IP ranges ("192.168.0.0/16") the authority's name constraints permit. */
export function permittedIpRanges(cert: x509.X509Certificate): string[] {
  const extension = cert.getExtension(id_ce_nameConstraints)
  if (!extension) return []
  const constraints = AsnConvert.parse(extension.value, NameConstraints)
  return (constraints.permittedSubtrees ?? []).flatMap((s) => (s.base.iPAddress ? [s.base.iPAddress] : []))
}

/** A dNSName subtree permits the name itself and any name below it (RFC 5280 §4.2.1.10). */
export function isNamePermitted(name: string, permitted: string[]): boolean {
  return permitted.some((p) => name === p || name.endsWith(`.${p}`))
}

/** A new authority for `dnsNames`: self-signed, CA for servers only (path length 0), name-constrained. */
export async function createAuthority(
  dnsNames: string[],
  now: Date,
  hostLabel: string,
): Promise<{ certPem: string; keyPem: string }> {
  const keys = await generateKeys()
  // The name a device shows in its list of trusted certificates: which clinic computer, since when.
  const day = now.toISOString().slice(0, 10)
  const commonName = `Clínica - autoridade local (${hostLabel}, ${day})`
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name: [{ CN: [commonName] }, { O: ['Clínica'] }],
    // an hour back: a tablet whose clock runs a little behind still accepts it
    notBefore: new Date(now.getTime() - 3_600_000),
    notAfter: new Date(now.getTime() + AUTHORITY_VALIDITY_DAYS * DAY_MS),
    keys,
    signingAlgorithm: KEY_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      nameConstraints(dnsNames),
    ],
  })
  return { certPem: cert.toString('pem'), keyPem: await privateKeyToPem(keys.privateKey) }
}

/** Writes a file through a temporary name, with its mode set before it holds anything. */
function writeAtomically(path: string, data: string, mode: number): void {
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, data, { mode, flag: 'w' })
  chmodSync(temporary, mode)
  renameSync(temporary, path)
}

async function readAuthority(dir: string): Promise<Authority> {
  const certPath = join(dir, AUTHORITY_CERT_FILE)
  const keyPath = join(dir, AUTHORITY_KEY_FILE)
  // The key must stay readable by this server only, whatever a copy or a restore did to it.
  if ((statSync(keyPath).mode & 0o077) !== 0) chmodSync(keyPath, 0o600)
  const certPem = readFileSync(certPath, 'utf8')
  const cert = new x509.X509Certificate(certPem)
  const privateKey = await privateKeyFromPem(readFileSync(keyPath, 'utf8'))
  // the key must be this certificate's: sign with it, verify with the certificate
  const probe = new TextEncoder().encode('clinica')
  const signature = await globalThis.crypto.subtle.sign(KEY_ALGORITHM, privateKey, probe)
  const publicKey = await cert.publicKey.export(KEY_ALGORITHM, ['verify'])
  if (!(await globalThis.crypto.subtle.verify(KEY_ALGORITHM, publicKey, signature, probe))) {
    throw new AuthorityError('a chave privada não corresponde ao certificado')
  }
  const commonName = cert.subjectName.getField('CN')[0] ?? cert.subject
  return {
    cert,
    certPem,
    privateKey,
    sha256: sha256Fingerprint(certPem),
    permittedNames: permittedDnsNames(cert),
    commonName,
  }
}

export interface LoadAuthorityOptions {
  now?: Date
  hostLabel: string
  log: (message: string) => void
  warn: (message: string) => void
}

/**
 * The authority in `dir`, created on first use for `dnsNames`. An unreadable one is an error (never replaced
 * silently: the tablets trust it). An expired one is set aside (renamed) and a new one created, with a warning:
 * every device must then install the new certificate.
 */
export async function loadOrCreateAuthority(
  dir: string,
  dnsNames: string[],
  options: LoadAuthorityOptions,
): Promise<Authority> {
  const now = options.now ?? new Date()
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
  const certPath = join(dir, AUTHORITY_CERT_FILE)
  const keyPath = join(dir, AUTHORITY_KEY_FILE)
  const hasCert = existsSync(certPath)
  const hasKey = existsSync(keyPath)

  if (hasCert || hasKey) {
    let authority: Authority
    try {
      if (!hasCert || !hasKey) throw new AuthorityError(`falta ${hasCert ? AUTHORITY_KEY_FILE : AUTHORITY_CERT_FILE}`)
      authority = await readAuthority(dir)
    } catch (error) {
      throw new AuthorityError(
        `A autoridade local de certificados em ${dir} não pôde ser lida (${(error as Error).message}). ` +
          `Restaure os arquivos ${AUTHORITY_CERT_FILE} e ${AUTHORITY_KEY_FILE} de um backup ou, para criar outra, apague a pasta ${dir} ` +
          '(os tablets e celulares precisarão instalar o novo certificado).',
        { cause: error },
      )
    }
    if (authority.cert.notAfter.getTime() > now.getTime()) return authority
    const suffix = `vencido-${now.toISOString().slice(0, 10)}`
    renameSync(certPath, `${certPath}.${suffix}`)
    renameSync(keyPath, `${keyPath}.${suffix}`)
    options.warn(
      'A autoridade local de certificados venceu: uma nova foi criada. Instale o novo certificado em cada tablet e celular ' +
        '(página /instalar) e remova o antigo.',
    )
  }

  const created = await createAuthority(dnsNames, now, options.hostLabel)
  writeAtomically(keyPath, created.keyPem, 0o600)
  writeAtomically(certPath, created.certPem, 0o644)
  const authority = await readAuthority(dir)
  options.log(`Autoridade local de certificados criada em ${dir} (SHA-256 ${authority.sha256}).`)
  return authority
}
