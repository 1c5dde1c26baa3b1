// A throwaway certificate authority and doctors' A1 certificates (PKCS#12 with a password), made with the
// openssl CLI for the laudo signature tests: the CPF in the ICP-Brasil OtherName as a real A1 has it.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'

export interface TestCertificateOptions {
  /** The holder's name (the CN is 'NAME:CPF' as ICP-Brasil writes it). */
  name?: string
  cpf?: string
  password?: string
  /** Days of validity from now; negative: expired that many days ago. */
  days?: number
  keyUsage?: string
  /** openssl pkcs12 -legacy (3DES), as many A1 files issued in Brazil still are. */
  legacy?: boolean
  /** Put another key in the file than the certificate's. */
  wrongKey?: boolean
}

export interface TestAuthority {
  dir: string
  issue(options?: TestCertificateOptions): Buffer
  close(): void
}

const run = (cwd: string, args: string[]) => execFileSync('openssl', args, { cwd, stdio: 'pipe' })

/** The ICP-Brasil person's data: birth date (ddmmaaaa), CPF, NIS (11), RG (15), its issuer and UF. */
const otherName = (cpf: string) => `01011980${cpf}${'0'.repeat(26)}SSPSP`

const caConfig = `[ca]
default_ca = test
[test]
dir = .
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any
unique_subject = no
copy_extensions = none
[any]
countryName = optional
organizationName = optional
commonName = supplied
`

export function createTestAuthority(): TestAuthority {
  const dir = mkdtempSync(join(tmpdir(), 'clinica-ca-'))
  run(
    dir,
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt'].concat([
      '-days',
      '3650',
      '-subj',
      '/C=BR/O=ICP-Brasil Teste/CN=AC Teste Clinica',
    ]),
  )
  writeFileSync(join(dir, 'ca.cnf'), caConfig)
  writeFileSync(join(dir, 'index.txt'), '')
  writeFileSync(join(dir, 'serial'), '1000\n')
  let count = 0
  return {
    dir,
    issue(options = {}) {
      count += 1
      const name = options.name ?? 'ANA BEATRIZ CONCEIÇÃO'
      const cpf = options.cpf ?? '52998224725'
      const password = options.password ?? 'senha-do-certificado'
      const base = `doctor${count}`
      const ext = [
        'basicConstraints=CA:FALSE',
        `keyUsage=critical,${options.keyUsage ?? 'digitalSignature,nonRepudiation,keyEncipherment'}`,
        `subjectAltName=otherName:2.16.76.1.3.1;OCTETSTRING:${otherName(cpf)}`,
      ]
      writeFileSync(join(dir, `${base}.ext`), ext.join('\n') + '\n')
      run(
        dir,
        ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${base}.key`, '-out', `${base}.csr`].concat([
          '-utf8',
          '-subj',
          `/C=BR/O=ICP-Brasil Teste/CN=${name}:${cpf}`,
        ]),
      )
      const days = options.days ?? 365
      const validity = ['-startdate', stamp(Math.min(0, days) - 30), '-enddate', stamp(days)]
      run(
        dir,
        ['ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.crt', '-keyfile', 'ca.key', '-utf8'].concat(
          ['-preserveDN', '-notext', '-in', `${base}.csr`, '-out', `${base}.crt`, '-extfile', `${base}.ext`],
          validity,
        ),
      )
      if (options.wrongKey) return mismatched(dir, base, password)
      run(
        dir,
        ['pkcs12', '-export', '-inkey', `${base}.key`, '-in', `${base}.crt`, '-certfile', 'ca.crt'].concat([
          '-out',
          `${base}.p12`,
          '-passout',
          `pass:${password}`,
          ...(options.legacy ? ['-legacy'] : []),
        ]),
      )
      return readFileSync(join(dir, `${base}.p12`))
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** The certificate with another key: openssl refuses to make that file, node-forge writes it. */
function mismatched(dir: string, base: string, password: string): Buffer {
  const certificate = forge.pki.certificateFromPem(readFileSync(join(dir, `${base}.crt`), 'utf8'))
  const otherKey = forge.pki.rsa.generateKeyPair({ bits: 1024 }).privateKey
  const p12 = forge.pkcs12.toPkcs12Asn1(otherKey, [certificate], password, { algorithm: '3des' })
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary')
}

/** openssl's YYMMDDHHMMSSZ, `days` from now. */
function stamp(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'
}
