// Compression on the wire: the PWA's files precompressed at build time (scripts/delivery-plugins.ts,
// served by @fastify/static's preCompressed), and /api's JSON compressed per answer (@fastify/compress).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, PACIENTE_FIELDS } from '@contract'
import { medicos } from '../../server/db/schema'
import { COMPRESS_THRESHOLD_BYTES } from '../../server/plugins/compression'
import { precompressDir } from '../../scripts/delivery-plugins'
import { createTestApp, type TestApp } from '../support/api-app'
import { call, expectError } from './helpers'

let t: TestApp
let dir: string
const INDEX = `<!doctype html><html lang="pt-BR"><head><title>Clínica</title></head><body><div id="root">${'<p>shell</p>'.repeat(80)}</div></body></html>`
// Like a bundle: long enough to compress, varied enough not to be trivial.
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export const value${i} = ${JSON.stringify(`item ${i * 7919}`)};`,
).join('\n')
const WORKER = `self.addEventListener("fetch", () => {});\n${'// precache entry\n'.repeat(60)}`
const SMALL = 'console.log(1)'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinica-compress-'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'sw.js'), WORKER)
  writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Clínica', description: 'x'.repeat(600) }))
  writeFileSync(join(dir, 'icon.png'), Buffer.alloc(2048, 7))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT)
  writeFileSync(join(dir, 'assets', 'tiny-Zz99Yy88.js'), SMALL)
  await precompressDir(dir)
  t = await createTestApp({ staticDir: dir })
})
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8')
    case 'gzip':
      return gunzipSync(raw).toString('utf8')
    case undefined:
      return raw.toString('utf8')
    default:
      throw new Error(`unexpected encoding ${String(response.headers['content-encoding'])}`)
  }
}

const varyHasAcceptEncoding = (response: LightMyRequestResponse) =>
  /accept-encoding/i.test(String(response.headers.vary ?? ''))

describe('precompressDir', () => {
  it('writes .br and .gz for compressible files only, smaller than the file', () => {
    for (const file of ['index.html', 'sw.js', 'manifest.webmanifest', 'assets/index-Ab12Cd34.js']) {
      const raw = readFileSync(join(dir, file))
      const br = readFileSync(join(dir, `${file}.br`))
      const gz = readFileSync(join(dir, `${file}.gz`))
      expect(br.length, file).toBeLessThan(raw.length)
      expect(brotliDecompressSync(br).equals(raw), file).toBe(true)
      expect(gunzipSync(gz).equals(raw), file).toBe(true)
    }
    // images are compressed already; a tiny file is not worth a copy
    expect(() => readFileSync(join(dir, 'icon.png.br'))).toThrow()
    expect(() => readFileSync(join(dir, 'assets/tiny-Zz99Yy88.js.br'))).toThrow()
  })

  it('removes copies left by an earlier build whose file is gone', async () => {
    const other = mkdtempSync(join(tmpdir(), 'clinica-compress-stale-'))
    try {
      writeFileSync(join(other, 'old.js.br'), 'stale')
      writeFileSync(join(other, 'app.js'), SCRIPT)
      const { compressed } = await precompressDir(other)
      expect(compressed).toEqual(['app.js'])
      expect(() => readFileSync(join(other, 'old.js.br'))).toThrow()
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })
})

describe('static files: precompressed', () => {
  const url = '/assets/index-Ab12Cd34.js'

  it('brotli when accepted: the same file, its own Content-Type, immutable, Vary', async () => {
    const response = await get(url, 'gzip, deflate, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/^(?:application|text)\/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(varyHasAcceptEncoding(response)).toBe(true)
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 2)
    expect(decoded(response)).toBe(SCRIPT)
  })

  it('gzip when only gzip is accepted', async () => {
    const response = await get(url, 'gzip')
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(decoded(response)).toBe(SCRIPT)
  })

  it('the plain file otherwise (no header, identity, an unknown coding), still with Vary', async () => {
    for (const accept of [undefined, 'identity', 'compress']) {
      const response = await get(url, accept)
      expect(response.statusCode, String(accept)).toBe(200)
      expect(response.headers['content-encoding'], String(accept)).toBeUndefined()
      expect(response.body).toBe(SCRIPT)
      expect(varyHasAcceptEncoding(response)).toBe(true)
    }
  })

  it('a file without a compressed copy is sent as it is, never compressed on the fly', async () => {
    for (const path of ['/assets/tiny-Zz99Yy88.js', '/icon.png']) {
      const response = await get(path, 'br, gzip')
      expect(response.statusCode, path).toBe(200)
      expect(response.headers['content-encoding'], path).toBeUndefined()
    }
  })

  it('index.html: at /, at /index.html and as the SPA fallback, compressed and revalidated', async () => {
    for (const path of ['/', '/index.html', '/pacientes', '/agendamentos?x=1', '/login']) {
      const response = await get(path, 'br')
      expect(response.statusCode, path).toBe(200)
      expect(response.headers['content-encoding'], path).toBe('br')
      expect(response.headers['content-type'], path).toMatch(/^text\/html/)
      expect(response.headers['cache-control'], path).toBe('no-cache')
      expect(String(response.headers['content-security-policy']), path).toContain("script-src 'self'")
      expect(decoded(response), path).toBe(INDEX)
    }
  })

  it('the service worker and the manifest: compressed, Content-Type kept, revalidated', async () => {
    const worker = await get('/sw.js', 'gzip, br')
    expect(worker.headers['content-encoding']).toBe('br')
    expect(worker.headers['content-type']).toMatch(/javascript/)
    expect(worker.headers['cache-control']).toBe('no-cache')
    expect(decoded(worker)).toBe(WORKER)
    const manifest = await get('/manifest.webmanifest', 'gzip')
    expect(manifest.headers['content-encoding']).toBe('gzip')
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(manifest.headers['cache-control']).toBe('no-cache')
  })

  it('a conditional request gets a 304 without a body', async () => {
    const first = await get(url, 'br')
    const etag = String(first.headers.etag)
    expect(etag).not.toBe('undefined')
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })

  it('/api never gets index.html, compressed or not', async () => {
    for (const path of ['/api/nao-existe', '/api']) {
      const response = await get(path, 'br, gzip')
      expect(response.headers['content-type'], path).toMatch(/^application\/json/)
      expect(JSON.parse(decoded(response)), path).toEqual({ error: messages.routeNotFound })
      expect(response.statusCode, path).toBe(404)
      expect(response.headers['cache-control'], path).toBe('no-store')
    }
  })
})

describe('/api answers: compressed when large', () => {
  beforeAll(async () => {
    // ~60 doctors: a list answer of a few KB
    await t.db
      .insert(medicos)
      .values(Array.from({ length: 60 }, (_, i) => ({ nome: `doutor numero ${i} da silva souza` })))
  })

  it('a large JSON answer: br or gzip as accepted, same JSON, no-store and the security headers kept', async () => {
    const plain = await call(t, 'listMedicos', 'staff')
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES * 2)
    for (const accept of ['gzip, deflate, br', 'gzip']) {
      const response = await call(t, 'listMedicos', 'staff', undefined, { headers: { 'accept-encoding': accept } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(accept === 'gzip' ? 'gzip' : 'br')
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'")
      expect(varyHasAcceptEncoding(response)).toBe(true)
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
      expect(JSON.parse(decoded(response))).toEqual(plain.json())
    }
  })

  it('a small answer and an error answer stay plain JSON of the contract', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } })
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
    const unauthorized = await call(t, 'listMedicos', 'anonymous', undefined, { headers: { 'accept-encoding': 'br' } })
    expectError(unauthorized, 401, messages.unauthenticated)
    expect(unauthorized.headers['content-encoding']).toBeUndefined()
    expect(unauthorized.headers['cache-control']).toBe('no-store')
  })

  it('a large error answer (validation issues from the central error handler) is compressed and still the contract body', async () => {
    // every field of the wrong type: an `issues` entry each, well over the threshold
    const fields = [...PACIENTE_FIELDS.filter((f) => f !== 'telefone' && f !== 'numeroendereco'), 'userId']
    const body = { ...Object.fromEntries(fields.map((field, i) => [field, i])), telefone: 'x', numeroendereco: 'y' }
    const plain = await call(t, 'registerPaciente', 'staff', body)
    expectError(plain, 400)
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)
    const compressed = await call(t, 'registerPaciente', 'staff', body, { headers: { 'accept-encoding': 'gzip' } })
    expect(compressed.statusCode).toBe(400)
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(compressed.headers['content-type']).toMatch(/^application\/json/)
    expect(compressed.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(decoded(compressed))).toEqual(plain.json())
  })

  it('request bodies are never decompressed: a gzip body is refused, not inflated', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/session',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    })
    // the JSON parser sees the gzip bytes themselves: the contract's 400 for a body that is not JSON
    expectError(response, 400, messages.invalidJson)
  })
})

describe('the API reference: compressed like the other /api answers', () => {
  it('GET /api/openapi.json and GET /api/docs: br or gzip as accepted, the same text, still cacheable', async () => {
    for (const url of ['/api/openapi.json', '/api/docs']) {
      const plain = await get(url)
      expect(plain.statusCode, url).toBe(200)
      expect(plain.headers['content-encoding'], url).toBeUndefined()
      for (const accept of ['gzip, deflate, br', 'gzip']) {
        const response = await get(url, accept)
        expect(response.statusCode, url).toBe(200)
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(accept === 'gzip' ? 'gzip' : 'br')
        expect(response.headers['content-type'], url).toBe(plain.headers['content-type'])
        expect(response.headers['cache-control'], url).toBe(plain.headers['cache-control'])
        expect(varyHasAcceptEncoding(response), url).toBe(true)
        expect(response.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 3)
        expect(decoded(response), url).toBe(plain.body)
      }
    }
  })
})
