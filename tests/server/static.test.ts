// The built PWA served by the API process: files, SPA fallback, cache headers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { call, expectError, expectStatus } from './helpers'

let t: TestApp
let dir: string
const INDEX = '<!doctype html><html><head><title>Clínica</title></head><body><div id="root"></div></body></html>'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinica-pwa-'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(dir, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js")')
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Clínica"}')
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(join(dir, '.env'), 'SECRET=1')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")')
  writeFileSync(join(dir, 'assets', 'index-Ef56Gh78.css'), 'body{}')
  t = await createTestApp({ staticDir: dir })
})
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (url: string) => t.app.inject({ method: 'GET', url })

describe('static PWA', () => {
  it('serves index.html at / with no-cache and the CSP', async () => {
    const response = await get('/')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toBe(INDEX)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it.each(['/pacientes', '/agendamentos', '/admin', '/login', '/pacientes/123?x=1'])(
    'falls back to index.html for %s',
    async (url) => {
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(INDEX)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
    },
  )

  it.each(['/sw.js', '/registerSW.js', '/manifest.webmanifest', '/index.html'])(
    '%s must be revalidated (no-cache)',
    async (url) => {
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
    },
  )

  it('hashed files under /assets/ are immutable for a year', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css']) {
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    expect((await get('/assets/index-Ab12Cd34.js')).headers['content-type']).toMatch(/javascript/)
  })

  it('a missing hashed file is a 404, not index.html', async () => {
    const response = await get('/assets/index-missing.js')
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('<html')
  })

  it('never falls back for /api: unknown API paths stay JSON 404 with no-store', async () => {
    for (const url of ['/api/nao-existe', '/api/paciente', '/api']) {
      const response = await get(url)
      expectError(response, 404, messages.routeNotFound)
      expect(response.headers['cache-control']).toBe('no-store')
    }
  })

  it('the API still works beside the files', async () => {
    expectStatus(await call(t, 'listMedicos', 'staff'), 200)
  })

  it('does not fall back for other methods, and serves no dotfiles or files outside the folder', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/pacientes', payload: {} }), 404, messages.routeNotFound)
    expect((await get('/.env')).body).not.toContain('SECRET')
    for (const url of ['/../package.json', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/package.json']) {
      const response = await get(url)
      expect(response.statusCode).toBeLessThan(500)
      expect(response.body).not.toContain('"dependencies"')
      expect(response.body).not.toContain('root:')
    }
  })
})
