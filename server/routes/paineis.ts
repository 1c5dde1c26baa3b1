// The waiting room's TV panels (issue 38, contract/paineis.ts, docs/decisions.md "The waiting room's
// panel"): ADMIN's calls (create, new code, revoke, display choice), the TV's pairing, and the panel's feed,
// once (GET /painel/chamadas) and live (GET /painel/eventos, Server-Sent Events fed by painel/hub.ts).
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { messages, PAINEL_EVENTOS_PATH, painelCalls, PainelFeed, type ApiCall } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import { notifyPaineis, PainelHub } from '../painel/hub'
import * as paineisRepo from '../repositories/paineis'
import { defineRoute } from './route'

export interface PaineisRoutesOptions {
  db: Db
  now: () => Date
}

/** The live feed as the auth hook reads a route's call: a panel's credential only. Not in the `api` table. */
const painelEventos: ApiCall = {
  method: 'GET',
  path: PAINEL_EVENTOS_PATH,
  status: 200,
  access: 'painel',
  response: PainelFeed,
}

/** The TV's EventSource-like reader waits this long before reconnecting after a drop. */
const RETRY_MS = 2_000

const routes: FastifyPluginAsync<PaineisRoutesOptions> = async (app, { db, now }) => {
  const hub = new PainelHub(db, now)
  // before the server stops accepting: an open stream would keep it from closing
  app.addHook('preClose', async () => hub.close())

  defineRoute(app, painelCalls.paineis, async () => ({
    paineis: await paineisRepo.list(db, now()),
    exibicao: await paineisRepo.exibicao(db),
  }))

  defineRoute(app, painelCalls.criarPainel, async ({ body }) => (await paineisRepo.create(db, body.nome, now()))!)

  defineRoute(app, painelCalls.codigoPainel, async ({ body }) => {
    const answer = await paineisRepo.newCodeFor(db, body.id, now())
    if (!answer) throw new HttpError(404, messages.panelNotFound)
    return answer
  })

  defineRoute(app, painelCalls.revogarPainel, async ({ body }) => {
    const painel = await db.transaction(async (tx) => {
      const revoked = await paineisRepo.revoke(tx, body.id, now())
      if (revoked) await notifyPaineis(tx, { tipo: 'revogado', id: revoked.id })
      return revoked
    })
    if (!painel) throw new HttpError(404, messages.panelNotFound)
    return { painel }
  })

  defineRoute(app, painelCalls.salvarExibicaoPainel, async ({ body, user }) => {
    await db.transaction(async (tx) => {
      await paineisRepo.saveExibicao(tx, body.exibicao, user.sub)
      await notifyPaineis(tx, { tipo: 'chamadas' })
    })
    return { exibicao: body.exibicao }
  })

  defineRoute(app, painelCalls.parearPainel, async ({ body }) => {
    const paired = await db.transaction(async (tx) => {
      const answer = await paineisRepo.pair(tx, body.codigo, now())
      // a TV paired before with this panel stops: its open feed closes
      if (answer) await notifyPaineis(tx, { tipo: 'revogado', id: answer.painel.id })
      return answer
    })
    // a 401, so that the anonymous limit (auth/anonymous-limit.ts) counts guesses of a code
    if (!paired) throw new HttpError(401, messages.panelCodeInvalid)
    return paired
  })

  defineRoute(app, painelCalls.painelChamadas, async ({ request }) => {
    const { id, nome } = request.painel!
    return hub.feed({ id, nome })
  })

  // The live feed: text/event-stream written by hand (no compression, no serializer); each event a PainelFeed.
  app.get(PAINEL_EVENTOS_PATH, { config: { call: painelEventos } }, async (request, reply) => {
    const { id, nome, credencialHash } = request.painel!
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    raw.write(`retry: ${RETRY_MS}\n\n`)
    let unsubscribe: (() => void) | undefined
    let open = true
    const close = () => {
      if (!open) return
      open = false
      unsubscribe?.()
      raw.end()
    }
    request.raw.on('close', close)
    try {
      unsubscribe = await hub.subscribe({
        painel: { id, nome },
        credencialHash,
        send: (feed) => open && raw.write(`data: ${JSON.stringify(feed)}\n\n`),
        ping: () => open && raw.write(': ping\n\n'),
        close,
      })
      if (!open) unsubscribe()
    } catch {
      // no LISTEN connection (the database is away): the TV retries after RETRY_MS
      close()
    }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the panel or the signed-in user).
export const paineisRoutes = fp(routes, {
  name: 'clinica-paineis-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
