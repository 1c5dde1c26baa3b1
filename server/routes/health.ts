// GET /health (public): `{ ok: true }` without touching the database. The PWA's connectivity probe, and
// the ceiling of the API benchmark (bench/api.ts): the cost of Fastify, the hooks and the serializer alone.
// With HTTPS served by this process, `certificado` says which certificate is served and until when.
import type { FastifyPluginAsync } from 'fastify'
import { api } from '@contract'
import type { CertificateInfo } from '../tls/certificates'
import { defineRoute } from './route'

export const healthRoutes: FastifyPluginAsync<{ certificate?: () => CertificateInfo }> = async (app, { certificate }) => {
  defineRoute(app, api.health, async () => (certificate ? { ok: true as const, certificado: certificate() } : { ok: true as const }))
}
