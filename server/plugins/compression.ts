// Compression of /api answers (a day's appointments is the largest; figures in the bench journal): brotli or
// gzip, whichever the client prefers, for JSON of 1 KB or more. Only the /api routes get it: the PWA's
// files are compressed at build time and sent as they are (plugins/static.ts, preCompressed). Request
// bodies are never decompressed (a compressed body could expand far past the body limit's intent; the
// API takes plain JSON).
import { constants } from 'node:zlib'
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isApiUrl } from './errors'

/** Smallest answer worth compressing: below it the headers and the CPU cost more than they save. */
export const COMPRESS_THRESHOLD_BYTES = 1024

// A route's own `compress` object replaces every global option (the plugin re-applies its defaults to
// what the route leaves out), so the full set is given per route.
const API_COMPRESSION = {
  encodings: ['br', 'gzip'],
  threshold: COMPRESS_THRESHOLD_BYTES,
  customTypes: /^application\/json(?:;|$)/,
  // Quality 1, not the plugin's 4: nearly as small, several times cheaper; under load (npm run bench, 'day'
  // vs 'day-br') quality 4 cost that call much of its throughput
  // (bench/journal/2026-11-22-first-day.md, "Compressed answers").
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  // gzip (a client without br) at level 1, not zlib's 6: a somewhat larger answer for a fraction of the CPU
  // — the same trade as brotli's quality 1 (bench/compression.ts; docs/decisions.md,
  // "Compression of the API's answers (issue 18)")
  zlibOptions: { level: constants.Z_BEST_SPEED },
} satisfies FastifyCompressOptions

async function setupCompression(app: FastifyInstance): Promise<void> {
  // Added before the plugin registers its own onRoute hook, so this runs first and the plugin then sees
  // the per-route option. Only routes declared after this call are affected.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && isApiUrl(route.url)) route.compress = API_COMPRESSION
  })
  await app.register(fastifyCompress, { global: false, globalDecompression: false, ...API_COMPRESSION })
}

/**
 * Not encapsulated: its onRoute hook must see the /api routes, so it is registered before them (the API
 * plugin declares it as a dependency).
 */
export const compressionPlugin = fp(setupCompression, { name: 'clinica-compression', fastify: '5.x' })
