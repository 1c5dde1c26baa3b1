// The real build (vite.config.ts) leaves a .br and a .gz next to every compressible file, the service
// worker's files included: vite-plugin-pwa writes sw.js and workbox-*.js in its own closeBundle, so the
// precompress step must run after it (scripts/delivery-plugins.ts). And the entry's fetch priority.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let outDir: string
/**
 * `npm test` builds the PWA once for the end-to-end suites before vitest runs and names that folder here
 * (the same vite.config.ts, production mode); run alone, the file makes a build of its own.
 */
const builtDir = process.env.CLINICA_BUILD_DIR
beforeAll(async () => {
  if (builtDir) {
    outDir = builtDir
    return
  }
  outDir = mkdtempSync(join(tmpdir(), 'clinica-build-'))
  await build({
    root: join(import.meta.dirname, '../..'),
    logLevel: 'silent',
    mode: 'production',
    build: { outDir, emptyOutDir: true },
  })
}, 180_000)
afterAll(() => {
  if (!builtDir) rmSync(outDir, { recursive: true, force: true })
})

describe('vite build with the precompress plugin', () => {
  it('compresses index.html, the entry, the CSS, sw.js and workbox-*.js', () => {
    const top = readdirSync(outDir)
    const workbox = top.find((f) => /^workbox-.*\.js$/.test(f))
    expect(workbox).toBeDefined()
    const assets = readdirSync(join(outDir, 'assets'))
    const entry = assets.find((f) => /^index-.*\.js$/.test(f))
    const css = assets.find((f) => /^index-.*\.css$/.test(f))
    expect(entry).toBeDefined()
    expect(css).toBeDefined()
    for (const file of ['index.html', 'sw.js', workbox!, `assets/${entry}`, `assets/${css}`, 'manifest.webmanifest']) {
      const raw = readFileSync(join(outDir, file))
      expect(existsSync(join(outDir, `${file}.br`)), file).toBe(true)
      expect(brotliDecompressSync(readFileSync(join(outDir, `${file}.br`))).equals(raw), file).toBe(true)
      expect(gunzipSync(readFileSync(join(outDir, `${file}.gz`))).equals(raw), file).toBe(true)
    }
  })

  it('index.html: the entry at low fetch priority (the first paint is the static shell), the boot script kept', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8')
    expect(html).toMatch(/<script type="module" fetchpriority="low"[^>]* src="\/assets\/index-[\w-]+\.js">/)
    expect(html).toContain('<script src="/boot-shell.js"></script>')
    expect(existsSync(join(outDir, 'boot-shell.js'))).toBe(true)
  })

  it('keeps the compressed copies out of the precache manifest (the worker fetches the plain URLs)', () => {
    const worker = readFileSync(join(outDir, 'sw.js'), 'utf8')
    expect(worker).toContain('index.html')
    expect(worker).not.toMatch(/\.(?:br|gz)["']/)
  })
})
