// The real server with HTTPS (server/server.ts as `npm start` runs it): HTTPS=auto — what start-up says,
// the authority downloaded over plain HTTP and trusted, the certificate in /api/health, plain HTTP from the
// network redirected, the same authority after a restart; TLS_CERT / TLS_KEY; a taken HTTPS_PORT.
import { X509Certificate } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { createServer } from 'node:net'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadOrCreateAuthority } from '../../server/tls/authority'
import { issueServerCertificate } from '../../server/tls/server-certificate'
import { handshake } from '../support/tls'
import { cleanupAll, freePort, startServer, staticDir, tempRoot, type ServerProcess } from './helpers'

afterAll(cleanupAll, 30_000)

const NAME = 'clinica-teste.lan'
let root: string
let env: Record<string, string>

beforeAll(async () => {
  root = tempRoot('clinica-rt-https-')
  env = {
    DATA_DIR: join(root, 'data'),
    PORT: String(await freePort()),
    HTTPS: 'auto',
    HTTPS_PORT: String(await freePort()),
    HTTPS_NAMES: NAME,
    // no multicast from a test machine
    MDNS: 'off',
    STATIC_DIR: staticDir(root),
    ADMIN_EMAIL: 'admin@clinica.test',
    ADMIN_PASSWORD: 'senha-forte-123',
  }
})

/** GET over HTTPS to 127.0.0.1 as a device that opened https://`name` and trusts `ca` only. */
function httpsGet(port: number, ca: string, name: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      { host: '127.0.0.1', port, path, ca, servername: name, headers: { host: `${name}:${port}` }, agent: false },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on('error', reject)
  })
}

/** GET over plain HTTP to 127.0.0.1 with the given Host; redirects are not followed. */
function httpGet(
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { host }, agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }))
    })
    request.on('error', reject)
  })
}

async function stop(server: ServerProcess): Promise<void> {
  server.kill('SIGTERM', 'process')
  expect((await server.exited).code).toBe(0)
}

describe('HTTPS=auto', () => {
  let caFingerprint: string
  let servedFingerprint: string

  it('start-up says what a tablet opens and where the install page is; the authority, trusted, makes HTTPS work', async () => {
    const server = startServer(env)
    const started = await server.waitForOutput(/Para instalar o app num tablet ou celular .*: (\S+)\n/, 60_000)
    const output = server.output()
    const httpsPort = Number(env.HTTPS_PORT)
    expect(output).toContain(`Clínica no ar: http://127.0.0.1:${env.PORT}`)
    expect(output).toContain(
      `HTTPS no ar na porta ${httpsPort}. Certificado HTTPS emitido pela autoridade local da Clínica`,
    )
    expect(output).toMatch(/Autoridade local de certificados criada em .*tls \(SHA-256 [0-9A-F:]{95}\)\./)
    expect(output).toContain(`Nos tablets e celulares da clínica, abra: https://${NAME}:${httpsPort}`)
    // a warning goes to stderr, its own pipe: wait for it rather than expect it to have arrived already
    await server.waitForOutput(/Aviso: HOST=127\.0\.0\.1: só este computador alcança o servidor\./, 60_000)
    expect(started[1]).toBe(`http://127.0.0.1:${env.PORT}/instalar`)

    // a device downloads the authority over plain HTTP (it cannot trust HTTPS yet)
    const download = await fetch(`${started[1]}/clinica-ca.crt`)
    expect(download.status).toBe(200)
    const ca = await download.text()
    const shake = await handshake(httpsPort, ca, NAME)
    expect(shake.error).toBeUndefined()
    servedFingerprint = shake.fingerprint!

    // the health call names the certificate being served and until when
    const health = await httpsGet(httpsPort, ca, NAME, '/api/health')
    expect(health.status).toBe(200)
    const { certificado } = JSON.parse(health.body) as {
      certificado: { origem: string; sha256: string; validoAte: string; nomes: string[] }
    }
    expect(certificado).toMatchObject({ origem: 'autoridade-local', sha256: servedFingerprint })
    expect(certificado.nomes).toEqual(expect.arrayContaining([NAME, 'clinica.local', 'localhost', '127.0.0.1']))
    expect(output).toContain(`SHA-256 ${servedFingerprint}`)
    expect(output).toContain(
      `válido até ${new Date(certificado.validoAte).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`,
    )
    caFingerprint = new X509Certificate(ca).fingerprint256

    // the app over HTTPS; plain HTTP on the network name is sent there; on localhost it is served as before
    expect((await httpsGet(httpsPort, ca, NAME, '/')).body).toContain('<title>Clínica</title>')
    expect(await httpGet(Number(env.PORT), `${NAME}:${env.PORT}`, '/agendamentos')).toMatchObject({
      status: 307,
      location: `https://${NAME}:${httpsPort}/agendamentos`,
    })
    expect((await httpGet(Number(env.PORT), `localhost:${env.PORT}`, '/')).status).toBe(200)
    await stop(server)
  }, 90_000)

  it('after a restart: the same authority and the same certificate (nothing to reinstall)', async () => {
    const server = startServer(env)
    await server.waitForOutput(/Para instalar o app/, 60_000)
    const ca = await (await fetch(`http://127.0.0.1:${env.PORT}/instalar/clinica-ca.crt`)).text()
    expect(new X509Certificate(ca).fingerprint256).toBe(caFingerprint)
    expect(server.output()).not.toContain('Autoridade local de certificados criada')
    expect((await handshake(Number(env.HTTPS_PORT), ca, NAME)).fingerprint).toBe(servedFingerprint)
    await stop(server)
  }, 90_000)

  it('a taken HTTPS_PORT stops the start with a message naming it', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(Number(env.HTTPS_PORT), '127.0.0.1', resolve))
    try {
      const server = startServer(env)
      expect((await server.exited).code).toBe(1)
      expect(server.output()).toContain(
        `A porta ${env.HTTPS_PORT} já está em uso em 127.0.0.1. Pare o outro programa ou escolha outra porta com HTTPS_PORT=…`,
      )
    } finally {
      blocker.close()
    }
  }, 90_000)

  it('a damaged authority stops the start with what to do, and is left as it is', async () => {
    const keyPath = join(env.DATA_DIR!, 'tls', 'clinica-ca.key')
    const key = readFileSync(keyPath, 'utf8')
    writeFileSync(keyPath, 'danificada')
    try {
      const server = startServer(env)
      expect((await server.exited).code).toBe(1)
      expect(server.output()).toMatch(
        /A autoridade local de certificados em .*tls não pôde ser lida .*Restaure os arquivos clinica-ca\.crt e clinica-ca\.key/,
      )
      expect(server.output()).not.toMatch(/\n\s+at /) // no stack trace
      expect(readFileSync(keyPath, 'utf8')).toBe('danificada')
    } finally {
      writeFileSync(keyPath, key)
    }
  }, 90_000)
})

describe('TLS_CERT / TLS_KEY', () => {
  it('serves the operator’s certificate: named in /api/health, no local authority to download', async () => {
    // a stand-in for the certificate a real authority issued for the clinic's domain
    const issuer = await loadOrCreateAuthority(join(root, 'issuer'), ['clinica.exemplo.com.br'], {
      hostLabel: 'teste',
      log: () => {},
      warn: () => {},
    })
    const pair = await issueServerCertificate(issuer, { dnsNames: ['clinica.exemplo.com.br'], ips: [] })
    writeFileSync(join(root, 'cert.pem'), pair.certPem)
    writeFileSync(join(root, 'key.pem'), pair.keyPem)
    const server = startServer({ ...env, HTTPS: '', TLS_CERT: join(root, 'cert.pem'), TLS_KEY: join(root, 'key.pem') })
    await server.waitForOutput(/Para instalar o app/, 60_000)
    expect(server.output()).toContain('Certificado HTTPS dos arquivos TLS_CERT / TLS_KEY, para clinica.exemplo.com.br;')
    const health = await httpsGet(Number(env.HTTPS_PORT), issuer.certPem, 'clinica.exemplo.com.br', '/api/health')
    expect(JSON.parse(health.body)).toMatchObject({
      ok: true,
      certificado: { origem: 'arquivo', sha256: pair.sha256, nomes: ['clinica.exemplo.com.br'] },
    })
    expect((await fetch(`http://127.0.0.1:${env.PORT}/instalar/clinica-ca.crt`)).status).toBe(404)
    await stop(server)
  }, 90_000)
})
