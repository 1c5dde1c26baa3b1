// The built PWA: files from `staticDir`, and index.html for any other GET outside /api (client-side
// routes such as /pacientes), so a reload on a deep link works. The entry points the browser must
// revalidate (index.html, the service worker, its registration script, the manifest) are `no-cache`;
// Vite's content-hashed files under /assets/ are cached for a year.
// Compression: the build writes `.br` and `.gz` next to every compressible file
// (scripts/delivery-plugins.ts) and `preCompressed` picks the one the browser accepts (`Vary:
// Accept-Encoding`, the file's own Content-Type), falling back to the plain file; nothing is compressed
// per request here (@fastify/compress only handles /api, plugins/compression.ts).
import { existsSync } from 'node:fs'
import { basename, join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isApiUrl } from './errors'

const REVALIDATE = 'no-cache'
const IMMUTABLE = 'public, max-age=31536000, immutable'

export function cacheControlFor(root: string, filePath: string): string {
  // `filePath` is the file actually sent: `index.html.br` is index.html
  const rel = relative(root, filePath)
    .split(sep)
    .join('/')
    .replace(/\.(?:br|gz)$/, '')
  if (rel.startsWith('assets/') && basename(rel) !== 'index.html') return IMMUTABLE
  return REVALIDATE
}

async function setupStatic(app: FastifyInstance, { root }: { root: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    preCompressed: true,
    // dotfiles are not served
    dotfiles: 'ignore',
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlFor(root, filePath))
    },
  })
}

/**
 * Not encapsulated: `reply.sendFile` (sendSpaIndex) is used by the app's not-found handler.
 */
export const staticPlugin = fp(setupStatic, { name: 'clinica-static', fastify: '5.x' })

/** True when a not-found request should get the SPA's index.html instead of a 404. */
export function wantsSpaFallback(root: string | undefined, request: FastifyRequest): root is string {
  if (root === undefined) return false
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = request.url.split('?')[0] ?? ''
  // a missing hashed file is a 404, never HTML in place of a script
  if (isApiUrl(path) || path.startsWith('/assets/')) return false
  return existsSync(join(root, 'index.html'))
}

export function sendSpaIndex(reply: FastifyReply) {
  return reply.header('cache-control', REVALIDATE).sendFile('index.html')
}
