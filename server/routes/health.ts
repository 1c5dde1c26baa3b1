// GET /health (public): `{ ok: true, database: 'ok' }` when PostgreSQL answers `select 1` within 1 s,
// otherwise 503 with the contract's error body — a stalled database counts as unreachable for the PWA's
// connectivity probe and for a load balancer. Also the ceiling of the API benchmark (bench/api.ts).
// With HTTPS served by this process, `certificado` says which certificate is served and until when.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { api, messages } from '@contract'
import { createDatabasePing, poolOf } from '../db/ping'
import type { Db } from '../db/client'
import type { CertificateInfo } from '../tls/certificates'
import { HttpError } from '../plugins/errors'
import { defineRoute } from './route'

/** How long PostgreSQL has to answer; the PWA's probe waits 1.5 s, so it still reads the 503. */
export const HEALTH_DATABASE_LIMIT_MS = 1000

const routes: FastifyPluginAsync<{ db: Db; certificate?: () => CertificateInfo }> = async (app, options) => {
  const ping = createDatabasePing(poolOf(options.db), HEALTH_DATABASE_LIMIT_MS)
  defineRoute(app, api.health, async ({ request }) => {
    if (!(await ping())) {
      request.log.warn('health: the database did not answer select 1 in time')
      throw new HttpError(503, messages.databaseUnavailable)
    }
    const ok = { ok: true as const, database: 'ok' as const }
    return options.certificate ? { ...ok, certificado: options.certificate() } : ok
  })
}

// Public, but registered after the auth plugin like every route, so the order of the checks is the same.
export const healthRoutes = fp(routes, {
  name: 'clinica-health-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
