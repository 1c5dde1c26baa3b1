// The day boards' live channel (issue 38 point 6, contract/day-feed.ts, docs/decisions.md "The day board's
// live channel"): GET /agendamento/eventos, Server-Sent Events for any signed-in user, fed by live/day-hub.ts.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { DIA_EVENTOS_PATH, DIA_EVENTOS_RETRY_MS, DiaEvento, messages, type ApiCall } from '@contract'
import type { Db } from '../db/client'
import { DayHub } from '../live/day-hub'

export interface DayFeedRoutesOptions {
  db: Db
}

/** The live feed as the auth hook reads a route's call: the Bearer token of a signed-in user. Not in the `api` table. */
const diaEventos: ApiCall = {
  method: 'GET',
  path: DIA_EVENTOS_PATH,
  status: 200,
  access: 'user',
  response: DiaEvento,
}

const routes: FastifyPluginAsync<DayFeedRoutesOptions> = async (app, { db }) => {
  const hub = new DayHub(db)
  // before the server stops accepting: an open stream would keep it from closing
  app.addHook('preClose', async () => hub.close())

  // text/event-stream written by hand (no compression, no serializer); each event a DiaEvento.
  app.get(DIA_EVENTOS_PATH, { config: { call: diaEventos } }, async (request, reply) => {
    let open = true
    let started = false
    let unsubscribe: (() => void) | undefined
    const raw = reply.raw
    const close = () => {
      if (!open) return
      open = false
      unsubscribe?.()
      if (started) raw.end()
    }
    request.raw.on('close', close)
    try {
      // LISTEN first, answer after: a 200 means every change committed from now on reaches this board
      unsubscribe = await hub.subscribe({
        session: { jti: request.user.jti, userId: request.user.sub },
        send: (event) => open && started && raw.write(`data: ${JSON.stringify(event)}\n\n`),
        ping: () => open && started && raw.write(': ping\n\n'),
        close,
      })
    } catch {
      // no LISTEN connection (the database is away): the board keeps polling and tries again
      open = false
      return reply.code(503).header('cache-control', 'no-store').send({ error: messages.databaseUnavailable })
    }
    if (!open) {
      unsubscribe()
      return reply
    }
    reply.hijack()
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    started = true
    raw.write(`retry: ${DIA_EVENTOS_RETRY_MS}\n\n`)
    return reply
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the signed-in user).
export const dayFeedRoutes = fp(routes, {
  name: 'clinica-day-feed-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
