// Keeping the served certificate current (server/tls/certificates.ts): renewed before it ends and when the
// addresses change, swapped into the running HTTPS server without a restart, kept across restarts; and
// TLS_CERT / TLS_KEY read again when the files change.
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadOrCreateAuthority, type Authority } from '../../server/tls/authority'
import { openCertificates, type CertificateSources, type TlsCertificates } from '../../server/tls/certificates'
import type { HttpsConfig } from '../../server/tls/https-config'
import { listenHttps, type HttpsListener } from '../../server/tls/https-server'
import { RENEW_BEFORE_DAYS, issueServerCertificate } from '../../server/tls/server-certificate'
import { DAY_MS } from '../../server/tls/x509'
import { handshake, interfacesWith } from '../support/tls'

const AUTO: HttpsConfig = {
  mode: 'auto',
  port: 0,
  certFile: undefined,
  keyFile: undefined,
  extraNames: [],
  mdnsName: 'clinica.local',
  mdns: false,
}

let root: string
const toClose: (() => Promise<void> | void)[] = []
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'clinica-renew-'))
})
afterEach(async () => {
  for (const close of toClose.splice(0)) await close()
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A clock, the network and the log that a test moves by hand. */
function world(dataDir: string) {
  const state = {
    now: new Date(),
    interfaces: interfacesWith('192.168.0.10'),
    hostname: 'recepcao',
    logs: [] as string[],
    warnings: [] as string[],
  }
  const sources: CertificateSources = {
    now: () => state.now,
    networkInterfaces: () => state.interfaces,
    hostname: () => state.hostname,
    log: (m) => state.logs.push(m),
    warn: (m) => state.warnings.push(m),
  }
  return { state, open: (config: HttpsConfig = AUTO) => openCertificates(config, dataDir, sources) }
}

async function serveWith(certificates: TlsCertificates): Promise<HttpsListener> {
  const app: FastifyInstance = Fastify()
  app.get('/', async () => 'ok')
  await app.ready()
  const listener = await listenHttps(app, certificates, { host: '127.0.0.1', port: 0 })
  toClose.push(async () => {
    await listener.close()
    await app.close()
  })
  return listener
}

describe('HTTPS=auto: renewal', () => {
  it('a new LAN address: re-issued within a check, served at once by the running server, announced in the log', async () => {
    const dataDir = join(root, 'addresses')
    const { state, open } = world(dataDir)
    const certificates = await open()
    const authorityPem = certificates.authority()!.certPem
    const listener = await serveWith(certificates)
    expect(certificates.subjects().ips).toEqual(['127.0.0.1', '::1', '192.168.0.10'])
    expect((await handshake(listener.port, authorityPem, '192.168.0.10')).ok).toBe(true)
    expect((await handshake(listener.port, authorityPem, '192.168.0.77')).ok).toBe(false)

    // nothing changed: nothing is issued
    const before = certificates.info().sha256
    expect(await certificates.check()).toBe(false)
    expect(certificates.info().sha256).toBe(before)

    // the router gave this computer another address
    state.interfaces = interfacesWith('192.168.0.77')
    let told = 0
    certificates.onChange(() => told++)
    expect(await certificates.check()).toBe(true)
    expect(told).toBe(1)
    expect(certificates.subjects().ips).toEqual(['127.0.0.1', '::1', '192.168.0.77'])
    const now = await handshake(listener.port, authorityPem, '192.168.0.77')
    expect(now.ok).toBe(true)
    expect(now.fingerprint).toBe(certificates.info().sha256)
    expect(state.logs.join('\n')).toMatch(/Certificado HTTPS renovado \(os endereços de rede mudaram\)/)
    expect(state.logs.join('\n')).toMatch(
      /Certificado HTTPS emitido pela autoridade local da Clínica, para clinica\.local, .*192\.168\.0\.77; válido até \d{2}\/\d{2}\/\d{4} \(SHA-256 [0-9A-F:]{95}\)/,
    )
    expect(statSync(join(dataDir, 'tls', 'servidor.key')).mode & 0o777).toBe(0o600)
    // the authority is the same: the devices need nothing new
    expect(certificates.authority()!.certPem).toBe(authorityPem)
  })

  it(`renews ${RENEW_BEFORE_DAYS} days before the end, not earlier; a restart keeps the current certificate`, async () => {
    const dataDir = join(root, 'expiry')
    const { state, open } = world(dataDir)
    const first = await open()
    const ends = new Date(first.info().validoAte)

    state.now = new Date(ends.getTime() - (RENEW_BEFORE_DAYS + 1) * DAY_MS)
    expect(await first.check()).toBe(false)

    // a restart before that: the same certificate (and the same authority)
    const restarted = await open()
    expect(restarted.info().sha256).toBe(first.info().sha256)
    expect(restarted.authority()!.sha256).toBe(first.authority()!.sha256)

    state.now = new Date(ends.getTime() - (RENEW_BEFORE_DAYS - 1) * DAY_MS)
    expect(await restarted.check()).toBe(true)
    expect(new Date(restarted.info().validoAte).getTime()).toBeGreaterThan(ends.getTime())
    expect(state.logs.join('\n')).toMatch(/renovado \(vence em \d+ dia\(s\)\)/)

    // off for months: expired at the next start, re-issued before anything is served
    state.now = new Date(new Date(restarted.info().validoAte).getTime() + 30 * DAY_MS)
    const late = await open()
    expect(new Date(late.info().validoAte).getTime()).toBeGreaterThan(state.now.getTime())
  })

  it('a name the authority was not created for (the host was renamed) is left out, with how to include it', async () => {
    const dataDir = join(root, 'renamed')
    const { state, open } = world(dataDir)
    await open()
    state.hostname = 'novo-nome'
    const certificates = await open()
    expect(certificates.subjects().dnsNames).toEqual(['clinica.local', 'localhost'])
    expect(state.warnings.join('\n')).toMatch(
      /novo-nome, novo-nome\.local ficam fora do certificado.*apague a pasta .*tls/,
    )
  })
})

describe('TLS_CERT / TLS_KEY', () => {
  let issuer: Authority
  beforeAll(async () => {
    // a stand-in for a real certificate authority
    issuer = await loadOrCreateAuthority(join(root, 'issuer'), ['clinica.exemplo.com.br'], {
      hostLabel: 'teste',
      log: () => {},
      warn: () => {},
    })
  })

  async function writePair(dir: string, name: string) {
    const pair = await issueServerCertificate(issuer, { dnsNames: [name], ips: [] })
    writeFileSync(join(dir, 'cert.pem'), pair.certPem)
    writeFileSync(join(dir, 'key.pem'), pair.keyPem)
    return pair
  }

  it('serves the files, says so, and reads them again when they change (a renewal by the operator)', async () => {
    const dir = mkdtempSync(join(root, 'files-'))
    const first = await writePair(dir, 'clinica.exemplo.com.br')
    const { state, open } = world(join(root, 'unused'))
    const config: HttpsConfig = {
      ...AUTO,
      mode: 'files',
      certFile: join(dir, 'cert.pem'),
      keyFile: join(dir, 'key.pem'),
    }
    const certificates = await open(config)
    expect(certificates.info()).toMatchObject({
      origem: 'arquivo',
      nomes: ['clinica.exemplo.com.br'],
      sha256: first.sha256,
    })
    expect(certificates.authority()).toBeUndefined()
    const listener = await serveWith(certificates)
    expect((await handshake(listener.port, issuer.certPem, 'clinica.exemplo.com.br')).fingerprint).toBe(first.sha256)

    const second = await writePair(dir, 'clinica.exemplo.com.br')
    // a later modification time than the first files, whatever the file system's resolution
    const later = new Date(Date.now() + 5000)
    utimesSync(join(dir, 'cert.pem'), later, later)
    utimesSync(join(dir, 'key.pem'), later, later)
    expect(await certificates.check()).toBe(true)
    expect((await handshake(listener.port, issuer.certPem, 'clinica.exemplo.com.br')).fingerprint).toBe(second.sha256)
    expect(state.logs.join('\n')).toContain('Certificado HTTPS relido de TLS_CERT / TLS_KEY.')
  })

  it('a key that is not the certificate’s stops the start with a message; a half-written renewal keeps the previous pair', async () => {
    const dir = mkdtempSync(join(root, 'mismatch-'))
    await writePair(dir, 'clinica.exemplo.com.br')
    const other = await issueServerCertificate(issuer, { dnsNames: ['clinica.exemplo.com.br'], ips: [] })
    const { state, open } = world(join(root, 'unused'))
    const config: HttpsConfig = {
      ...AUTO,
      mode: 'files',
      certFile: join(dir, 'cert.pem'),
      keyFile: join(dir, 'key.pem'),
    }
    const certificates = await open(config)
    const served = certificates.info().sha256

    writeFileSync(join(dir, 'key.pem'), other.keyPem)
    const later = new Date(Date.now() + 5000)
    utimesSync(join(dir, 'key.pem'), later, later)
    expect(await certificates.check()).toBe(false)
    expect(certificates.info().sha256).toBe(served)
    expect(state.warnings.join('\n')).toMatch(
      /mudaram mas não puderam ser lidos.*o certificado anterior continua em uso/,
    )

    await expect(open(config)).rejects.toThrow(
      /TLS_CERT \/ TLS_KEY não puderam ser usados.*a chave privada não corresponde ao certificado/,
    )
  })
})
