// GET /api/openapi.json (the contract's `openapi` call) and GET /api/docs (the same document as a
// readable page). Both are built on first request (not at start: building them is work the server need not
// do until an integrator asks), then kept. Public and cacheable: unlike every other /api answer they carry no patient
// data, so a route-level onSend — which runs after plugins/security.ts's `no-store` — says so.
import type { FastifyPluginAsync, onSendHookHandler } from 'fastify'
import { API_DOCS_PATH, API_REFERENCE_CACHE_CONTROL, api, openApiDocument } from '@contract'
import { renderDocsPage } from './docs-page'

const cacheable: onSendHookHandler = async (_request, reply, payload) => {
  reply.header('cache-control', API_REFERENCE_CACHE_CONTROL)
  return payload
}

export const openApiRoutes: FastifyPluginAsync = async (app) => {
  const documentUrl = `${app.prefix}${api.openapi.path}`
  let json: string | undefined
  let page: string | undefined

  app.route({
    method: api.openapi.method,
    url: api.openapi.path,
    config: { call: api.openapi },
    onSend: cacheable,
    // already JSON: a string with a JSON content type is sent as it is, not serialized again
    handler: async (_request, reply) => {
      json ??= JSON.stringify(openApiDocument())
      return reply.code(api.openapi.status).type('application/json; charset=utf-8').send(json)
    },
  })

  app.route({
    method: 'GET',
    url: API_DOCS_PATH,
    onSend: cacheable,
    handler: async (_request, reply) => {
      page ??= renderDocsPage(openApiDocument(), documentUrl)
      return reply.type('text/html; charset=utf-8').send(page)
    },
  })
}
