// The local certificate authority and the server certificate it signs (server/tls/): names, addresses,
// name constraints that a TLS client enforces, validity, and the private key's file mode.
import { X509Certificate } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:tls'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRIVATE_RANGES, currentSubjects, lanAddresses } from '../../server/tls/addresses'
import {
  AUTHORITY_VALIDITY_DAYS,
  AuthorityError,
  loadOrCreateAuthority,
  permittedDnsNames,
  permittedIpRanges,
  type Authority,
} from '../../server/tls/authority'
import {
  SERVER_CERT_VALIDITY_DAYS,
  issueServerCertificate,
  type ServerCertificate,
} from '../../server/tls/server-certificate'
import { DAY_MS, x509 } from '../../server/tls/x509'
import { handshake, interfacesWith } from '../support/tls'

// now, to the second (certificates carry seconds): the handshakes below check validity against the real clock
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000)
const NAMES = ['clinica.local', 'localhost', 'recepcao', 'recepcao.local', 'clinica-teste.lan']
const quiet = { hostLabel: 'recepcao', log: () => {}, warn: () => {} }

let root: string
let dir: string
let authority: Authority
let servers: Server[] = []

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'clinica-tls-'))
  dir = join(root, 'tls')
  authority = await loadOrCreateAuthority(dir, NAMES, { ...quiet, now: NOW })
})
afterAll(() => {
  for (const server of servers) server.close()
  servers = []
  rmSync(root, { recursive: true, force: true })
})

/** A TLS server on 127.0.0.1 presenting `cert`; its port. */
async function serve(cert: Pick<ServerCertificate, 'certPem' | 'keyPem'>): Promise<number> {
  const server = createServer({ cert: cert.certPem, key: cert.keyPem }, (socket) => socket.end())
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as { port: number }).port
}

const subjects = currentSubjects({
  mdnsName: 'clinica.local',
  extraNames: ['clinica-teste.lan'],
  hostname: 'Recepcao',
  interfaces: interfacesWith('192.168.0.10', '10.1.2.3'),
})

describe('the local authority', () => {
  it('is created once in DATA_DIR/tls: the key readable by its owner only (0600, folder 0700), the certificate public', async () => {
    expect(readdirSync(dir).sort()).toEqual(['clinica-ca.crt', 'clinica-ca.key'])
    expect(statSync(join(dir, 'clinica-ca.key')).mode & 0o777).toBe(0o600)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(readFileSync(join(dir, 'clinica-ca.key'), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/)
    expect(authority.certPem).not.toContain('PRIVATE KEY')

    // the next start reads the same authority: the devices that trust it keep trusting the server
    const again = await loadOrCreateAuthority(dir, NAMES, { ...quiet, now: new Date(NOW.getTime() + 400 * DAY_MS) })
    expect(again.sha256).toBe(authority.sha256)
    expect(again.certPem).toBe(authority.certPem)
  })

  it('puts its key back to 0600 when a copy or a restore loosened it', async () => {
    chmodSync(join(dir, 'clinica-ca.key'), 0o644)
    await loadOrCreateAuthority(dir, NAMES, { ...quiet, now: NOW })
    expect(statSync(join(dir, 'clinica-ca.key')).mode & 0o777).toBe(0o600)
  })

  it('is a CA for servers only, for ten years, constrained to these names and to private addresses (critical)', () => {
    const cert = new x509.X509Certificate(authority.certPem)
    const basic = cert.getExtension(x509.BasicConstraintsExtension)!
    expect([basic.ca, basic.pathLength, basic.critical]).toEqual([true, 0, true])
    const usage = cert.getExtension(x509.KeyUsagesExtension)!
    expect(usage.usages).toBe(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign)
    expect(cert.getExtension('2.5.29.30')!.critical).toBe(true)
    expect(permittedDnsNames(cert)).toEqual(NAMES)
    expect(permittedIpRanges(cert)).toEqual([...PRIVATE_RANGES])
    expect(authority.commonName).toBe(`Clínica - autoridade local (recepcao, ${NOW.toISOString().slice(0, 10)})`)
    expect((cert.notAfter.getTime() - NOW.getTime()) / DAY_MS).toBe(AUTHORITY_VALIDITY_DAYS)
    expect(authority.sha256).toBe(new X509Certificate(authority.certPem).fingerprint256)
  })

  it('an unreadable authority is reported and left alone (the tablets trust it): never replaced silently', async () => {
    const other = join(root, 'damaged')
    await loadOrCreateAuthority(other, NAMES, { ...quiet, now: NOW })
    writeFileSync(join(other, 'clinica-ca.key'), 'não é uma chave')
    const before = readFileSync(join(other, 'clinica-ca.crt'), 'utf8')
    await expect(loadOrCreateAuthority(other, NAMES, { ...quiet, now: NOW })).rejects.toThrow(AuthorityError)
    await expect(loadOrCreateAuthority(other, NAMES, { ...quiet, now: NOW })).rejects.toThrow(
      /não pôde ser lida.*apague a pasta/,
    )
    expect(readFileSync(join(other, 'clinica-ca.crt'), 'utf8')).toBe(before)
  })

  it('an expired authority is set aside and a new one created, with a warning to reinstall it on the devices', async () => {
    const other = join(root, 'expired')
    const first = await loadOrCreateAuthority(other, NAMES, { ...quiet, now: NOW })
    const warnings: string[] = []
    const later = new Date(NOW.getTime() + (AUTHORITY_VALIDITY_DAYS + 1) * DAY_MS)
    const second = await loadOrCreateAuthority(other, NAMES, { ...quiet, warn: (m) => warnings.push(m), now: later })
    expect(second.sha256).not.toBe(first.sha256)
    expect(warnings.join('\n')).toMatch(/venceu.*Instale o novo certificado/)
    expect(existsSync(join(other, `clinica-ca.crt.vencido-${later.toISOString().slice(0, 10)}`))).toBe(true)
    expect(statSync(join(other, 'clinica-ca.key')).mode & 0o777).toBe(0o600)
  })
})

describe('the server certificate', () => {
  it('names the host, <host>.local, the mDNS name, localhost, the extra names and every private LAN address', async () => {
    const cert = await issueServerCertificate(authority, subjects, NOW)
    expect(cert.dnsNames).toEqual(['clinica.local', 'localhost', 'recepcao', 'recepcao.local', 'clinica-teste.lan'])
    expect(cert.ips).toEqual(['127.0.0.1', '::1', '192.168.0.10', '10.1.2.3'])
    const node = new X509Certificate(cert.certPem)
    expect(node.subjectAltName).toContain('DNS:recepcao.local')
    expect(node.subjectAltName).toContain('IP Address:192.168.0.10')
    // TLS server authentication only, not a CA
    expect(node.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1'])
    expect(node.ca).toBe(false)
    expect(node.checkIssued(new X509Certificate(authority.certPem))).toBe(true)
    expect(node.verify(new X509Certificate(authority.certPem).publicKey)).toBe(true)
    // a year (Apple accepts at most 825 days), never beyond the authority
    expect(Math.round((cert.notAfter.getTime() - NOW.getTime()) / DAY_MS)).toBe(SERVER_CERT_VALIDITY_DAYS)
  })

  it('a device that trusts only the authority accepts it under each of those names and addresses', async () => {
    const port = await serve(await issueServerCertificate(authority, subjects, NOW))
    for (const name of [
      'clinica.local',
      'recepcao.local',
      'localhost',
      'clinica-teste.lan',
      '192.168.0.10',
      '10.1.2.3',
      '127.0.0.1',
    ]) {
      const result = await handshake(port, authority.certPem, name)
      expect(result.error, name).toBeUndefined()
    }
    // ...and under no other name
    expect((await handshake(port, authority.certPem, 'outro.local')).ok).toBe(false)
  })

  it('even with the stolen key, a certificate for another site is refused by the name constraints', async () => {
    for (const [dnsNames, ips, name] of [
      [['www.banco.com.br'], [], 'www.banco.com.br'],
      [['clinica.local.exemplo.com'], [], 'clinica.local.exemplo.com'],
      [[], ['8.8.8.8'], '8.8.8.8'],
      [[], ['100.64.0.1'], '100.64.0.1'],
    ] as const) {
      // signed with the authority's own key, as a thief would
      const forged = await issueServerCertificate(authority, { dnsNames: [...dnsNames], ips: [...ips] }, NOW)
      const port = await serve(forged)
      const result = await handshake(port, authority.certPem, name)
      expect(result.ok, name).toBe(false)
      expect(result.error, name).toMatch(/permitted subtree violation/)
    }
  })

  it('lists private LAN addresses only, the real network card first; public, link-local and loopback ones never', () => {
    const addresses = lanAddresses({
      docker0: [
        {
          address: '172.17.0.1',
          netmask: '255.255.0.0',
          family: 'IPv4',
          mac: '02:42:00:00:00:01',
          internal: false,
          cidr: '172.17.0.1/16',
        },
      ],
      lo: [
        {
          address: '127.0.0.1',
          netmask: '255.0.0.0',
          family: 'IPv4',
          mac: '00:00:00:00:00:00',
          internal: true,
          cidr: '127.0.0.1/8',
        },
      ],
      wlan0: [
        {
          address: '203.0.113.7',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '02:00:00:00:00:02',
          internal: false,
          cidr: '203.0.113.7/24',
        },
        {
          address: '169.254.10.10',
          netmask: '255.255.0.0',
          family: 'IPv4',
          mac: '02:00:00:00:00:02',
          internal: false,
          cidr: '169.254.10.10/16',
        },
        {
          address: 'fe80::1',
          netmask: 'ffff:ffff:ffff:ffff::',
          family: 'IPv6',
          mac: '02:00:00:00:00:02',
          internal: false,
          cidr: 'fe80::1/64',
          scopeid: 2,
        },
        {
          address: 'fd12:3456::7',
          netmask: 'ffff:ffff:ffff:ffff::',
          family: 'IPv6',
          mac: '02:00:00:00:00:02',
          internal: false,
          cidr: 'fd12:3456::7/64',
          scopeid: 0,
        },
        {
          address: '192.168.1.20',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '02:00:00:00:00:02',
          internal: false,
          cidr: '192.168.1.20/24',
        },
      ],
    })
    expect(addresses).toEqual(['192.168.1.20', 'fd12:3456::7', '172.17.0.1'])
  })
})
