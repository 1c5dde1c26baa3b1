// The install page and the HTTP → HTTPS redirect, through the application (server/routes/instalar.ts,
// server/tls/redirect.ts): public, no patient data, the app's CSP, the authority's certificate and never
// its key, the certificate in /api/health; plain HTTP from another device sent to HTTPS, localhost as today.
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, messages } from '@contract'
import { openCertificates, type TlsCertificates } from '../../server/tls/certificates'
import type { HttpsConfig } from '../../server/tls/https-config'
import { createHttpsSupport } from '../../server/tls/https-support'
import { createTestApp, type TestApp } from '../support/api-app'
import { interfacesWith } from '../support/tls'

const HTTPS_CONFIG: HttpsConfig = {
  mode: 'auto',
  port: 3443,
  certFile: undefined,
  keyFile: undefined,
  extraNames: [],
  mdnsName: 'clinica.local',
  mdns: true,
}

let root: string
let certificates: TlsCertificates
let t: TestApp
let plain: TestApp

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'clinica-instalar-'))
  certificates = await openCertificates(HTTPS_CONFIG, root, {
    log: () => {},
    warn: () => {},
    hostname: () => 'recepcao',
    networkInterfaces: () => interfacesWith('192.168.0.10'),
  })
  const https = createHttpsSupport({
    config: HTTPS_CONFIG,
    host: '0.0.0.0',
    certificates,
    ports: () => ({ http: 3000, https: 3443 }),
  })
  t = await createTestApp({ https })
  // no HTTPS of its own, behind a reverse proxy
  plain = await createTestApp({ trustProxy: true })
})
afterAll(async () => {
  await t?.close()
  await plain?.close()
  rmSync(root, { recursive: true, force: true })
})

const get = (app: TestApp, url: string, host = 'localhost:3000', headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { host, ...headers } })

describe('/instalar', () => {
  it('a public page in Portuguese: the addresses, the certificate and its fingerprint, the steps for Android and iPad/iPhone, how to remove', async () => {
    const response = await get(t, '/instalar')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    const html = response.body
    expect(html).toContain('<html lang="pt-BR">')
    expect(html).toContain('<h1>Instalar a Clínica nos tablets e celulares</h1>')
    // where to go: the announced name first, then the numeric address, and this page for the device
    expect(html).toContain('<code class="endereco">https://clinica.local:3443</code>')
    expect(html).toContain('<code class="endereco">https://192.168.0.10:3443</code>')
    expect(html).toContain('<code class="endereco">http://192.168.0.10:3000/instalar</code>')
    expect(html).toMatch(
      /Se o aparelho não abrir <code>https:\/\/clinica\.local:3443<\/code>.*use o endereço numérico/s,
    )
    // three QR codes, drawn as SVG by the server
    expect(html.match(/<svg class="qr"/g)).toHaveLength(3)
    // the certificate
    const authority = certificates.authority()!
    expect(html).toContain(`<code class="digital" id="sha256">${authority.sha256}</code>`)
    expect(html).toContain('href="/instalar/clinica-ca.crt"')
    // the steps
    expect(html).toContain('Android (Chrome)')
    expect(html).toContain('Instalar um certificado → Certificado CA')
    expect(html).toContain('iPad e iPhone (Safari)')
    expect(html).toContain('Ajustes → Geral → Sobre → Ajustes de Confiança de Certificados')
    expect(html).toContain('Adicionar à Tela de Início')
    expect(html).toContain(`ative a confiança total para <strong>${authority.commonName}</strong>`)
    expect(html).toContain('Como remover')
    expect(html).toContain('Remover Perfil')
  })

  it("passes the app's CSP as it is: no script at all, styles inline only", async () => {
    const response = await get(t, '/instalar')
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'")
    expect(response.body).not.toMatch(/<script|javascript:|\son[a-z]+=/i)
  })

  it('the authority’s certificate downloads as a CA certificate, the one whose fingerprint the page shows; never the key', async () => {
    const response = await get(t, '/instalar/clinica-ca.crt', '192.168.0.50:3000')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/x-x509-ca-cert')
    expect(response.headers['content-disposition']).toBe('attachment; filename="clinica-ca.crt"')
    const fingerprint = new X509Certificate(response.body).fingerprint256
    expect((await get(t, '/instalar')).body).toContain(fingerprint)
    expect(response.body).not.toContain('PRIVATE KEY')
    for (const url of [
      '/instalar/clinica-ca.key',
      '/tls/clinica-ca.key',
      '/instalar/../tls/clinica-ca.key',
      '/instalar/servidor.key',
    ]) {
      expect((await get(t, url)).body, url).not.toContain('PRIVATE KEY')
    }
  })

  it('/api/health says which certificate is served and until when', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' })
    const body = api.health.response.parse(response.json())
    expect(body).toEqual({ ok: true, database: 'ok', certificado: certificates.info() })
    expect(body.certificado).toMatchObject({
      origem: 'autoridade-local',
      sha256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
    })
    expect(body.certificado!.nomes).toEqual(expect.arrayContaining(['clinica.local', 'recepcao.local', '192.168.0.10']))
    expect(new Date(body.certificado!.validoAte).getTime()).toBeGreaterThan(Date.now())
  })

  it('without HTTPS: says how to turn it on; no certificate to download; /api/health as before', async () => {
    const response = await get(plain, '/instalar')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('O acesso pela rede está desligado')
    expect(response.body).toContain('<code>HTTPS=auto</code>')
    expect(response.body).not.toContain('<svg')
    const download = await get(plain, '/instalar/clinica-ca.crt')
    expect(download.statusCode).toBe(404)
    expect(download.json()).toEqual({ error: messages.routeNotFound })
    expect((await plain.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true, database: 'ok' })
  })

  it('behind an HTTPS reverse proxy (TRUST_PROXY): the address in use and the steps to add it to the home screen, no certificate', async () => {
    const response = await get(plain, '/instalar', 'clinica.exemplo.com.br', { 'x-forwarded-proto': 'https' })
    expect(response.body).toContain('<code class="endereco">https://clinica.exemplo.com.br</code>')
    expect(response.body).toContain('Adicionar à Tela de Início')
    expect(response.body).not.toContain('Baixar o certificado')
    expect(response.body).not.toContain('O acesso pela rede está desligado')
  })
})

describe('plain HTTP with HTTPS on', () => {
  it.each([
    ['192.168.0.10:3000', '/', 'https://192.168.0.10:3443/'],
    ['clinica.local:3000', '/pacientes?pagina=2', 'https://clinica.local:3443/pacientes?pagina=2'],
    ['clinica-teste.lan:3000', '/api/health', 'https://clinica-teste.lan:3443/api/health'],
    ['[fd12::7]:3000', '/', 'https://[fd12::7]:3443/'],
  ])('from another device (Host %s), %s is redirected to HTTPS (307, not cached)', async (host, url, location) => {
    const response = await get(t, url, host)
    expect(response.statusCode).toBe(307)
    expect(response.headers.location).toBe(location)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('a sign-in sent over plain HTTP from the network is redirected too (307 keeps the method), and nothing is answered', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/session',
      headers: { host: '192.168.0.10:3000' },
      payload: { email: t.users.staff.email, password: t.users.staff.password },
    })
    expect(response.statusCode).toBe(307)
    expect(response.body).toBe('')
  })

  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000'])(
    'on this computer (Host %s) plain HTTP works as today',
    async (host) => {
      const response = await get(t, '/api/health', host)
      expect(response.statusCode).toBe(200)
    },
  )

  it('the install page and the certificate stay on plain HTTP for a device that does not trust the authority yet', async () => {
    expect((await get(t, '/instalar', '192.168.0.10:3000')).statusCode).toBe(200)
    expect((await get(t, '/instalar/clinica-ca.crt', '192.168.0.10:3000')).statusCode).toBe(200)
  })

  it('without HTTPS nothing is redirected (deployments behind a reverse proxy keep working as before)', async () => {
    expect((await get(plain, '/api/health', 'clinica.exemplo.com.br')).statusCode).toBe(200)
    expect((await get(plain, '/api/health', '192.168.0.10:3000', { 'x-forwarded-proto': 'https' })).statusCode).toBe(
      200,
    )
  })
})
