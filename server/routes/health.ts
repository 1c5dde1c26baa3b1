// GET /health (public): `{ ok: true }` without touching the database. The PWA's connectivity probe, and
// the ceiling of the API benchmark (bench/api.ts): the cost of Fastify, the hooks and the serializer alone.
import type { FastifyPluginAsync } from 'fastify'
import { api } from '@contract'
import { defineRoute } from './route'

export const healthRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, api.health, async () => ({ ok: true as const }))
}
