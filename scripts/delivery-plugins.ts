// Build steps for how the PWA is delivered (registered in vite.config.ts as one entry: deliveryPlugins()):
// - precompress: writes `<file>.br` and `<file>.gz` next to every compressible file of the build, so that
//   the server (server/plugins/static.ts, @fastify/static's `preCompressed`) sends them without
//   compressing anything per request. Brotli at its best quality costs seconds once at build time.
// - entryPriority: the entry script gets `fetchpriority="low"` in index.html (Vite drops the attribute
//   from the source tag): the first paint is the static shell's (HTML + CSS, index.html), which does not
//   need the app's code, so that code must not compete with the render-blocking CSS.
import { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib'
import { brotliCompress, gzip } from 'node:zlib'
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { Plugin, ResolvedConfig } from 'vite'

const brotliAsync = promisify<Buffer, BrotliOptions, Buffer>(brotliCompress)
const gzipAsync = promisify<Buffer, ZlibOptions, Buffer>(gzip)

/** Text formats worth compressing; images (png) and fonts (woff2) are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i
/** Below this a compressed copy saves less than a packet: the server sends the file as it is. */
export const MIN_BYTES = 512
const ENCODINGS = ['.br', '.gz'] as const

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (entry.isFile()) yield path
  }
}

async function removeIfPresent(path: string): Promise<void> {
  await rm(path, { force: true })
}

export interface PrecompressResult {
  /** Files (relative paths) that got a .br and a .gz. */
  compressed: string[]
}

/**
 * Compresses every compressible file of `dir` (recursively) into `.br` and `.gz` siblings. A copy that is
 * not smaller than the file is not kept (the server then falls back to the file itself), and siblings
 * left by an earlier build for a file that no longer qualifies, or no longer exists, are removed.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const files: string[] = []
  const siblings: string[] = []
  for await (const path of walk(dir)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) siblings.push(path)
    else files.push(path)
  }
  const present = new Set(files)
  // stale copies: their file is gone
  await Promise.all(siblings.filter((s) => !present.has(s.slice(0, -3))).map(removeIfPresent))

  const compressed: string[] = []
  // In parallel: zlib runs on libuv's thread pool.
  await Promise.all(
    files.map(async (path) => {
      const size = COMPRESSIBLE.test(path) ? (await stat(path)).size : 0
      if (size < MIN_BYTES) {
        await Promise.all(ENCODINGS.map((ext) => removeIfPresent(path + ext)))
        return
      }
      const raw = await readFile(path)
      const [br, gz] = await Promise.all([
        brotliAsync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
      ])
      let kept = false
      for (const [ext, data] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (data.length < raw.length) {
          await writeFile(path + ext, data)
          kept = true
        } else await removeIfPresent(path + ext)
      }
      if (kept) compressed.push(path.slice(dir.length + 1))
    }),
  )
  return { compressed: compressed.sort() }
}

/**
 * Vite plugin (build only). Runs in `closeBundle`, after vite-plugin-pwa's own `closeBundle` has written
 * sw.js and workbox-*.js (both plugins are `enforce: 'post'`; this hook is `order: 'post'` and
 * sequential), so the service worker files are compressed too. The precache manifest lists only the
 * plain files, which is what the worker fetches (the browser negotiates the encoding).
 */
export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'clinica:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error || config.build.ssr) return
        const outDir = resolve(config.root, config.build.outDir)
        const { compressed } = await precompressDir(outDir)
        config.logger.info(`precompress: .br and .gz for ${compressed.length} files in ${outDir}`)
      },
    },
  }
}

/** Adds `fetchpriority="low"` to the module scripts Vite injects into index.html (the entry). */
export function addLowFetchPriority(html: string): string {
  return html.replace(
    /<script type="module"(?![^>]*fetchpriority)([^>]*)>/g,
    '<script type="module" fetchpriority="low"$1>',
  )
}

export function entryPriority(): Plugin {
  return {
    name: 'clinica:entry-priority',
    apply: 'build',
    // 'post': after Vite has replaced the source entry with the built one
    transformIndexHtml: { order: 'post', handler: addLowFetchPriority },
  }
}

/** Everything above, as one entry of vite.config.ts's `plugins`. */
export function deliveryPlugins(): Plugin[] {
  return [entryPriority(), precompress()]
}
