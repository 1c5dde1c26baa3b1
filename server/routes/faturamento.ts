// 'Faturamento' (issue 37, contract/tiss-billing.ts, docs/tiss.md): the month's appointments to bill, TISS
// batches generated from them, their file, and their life. ADMIN only (the calls' access); every write is in
// the audit trail under 'lote_tiss'.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { tissBillingCalls as calls, tissBillingMessages as m } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as lotes from '../repositories/tiss-lotes'
import { billableAppointments } from '../tiss/batch-source'
import { defineRoute } from './route'

export interface FaturamentoRoutesOptions {
  db: Db
  now?: () => Date
}

const routes: FastifyPluginAsync<FaturamentoRoutesOptions> = async (app, { db, now = () => new Date() }) => {
  defineRoute(app, calls.faturamentoPendentes, async ({ body }) => {
    const { items } = await billableAppointments(db, body.convenioId, body.competencia)
    return { atendimentos: items.map((item) => item.atendimento) }
  })

  defineRoute(app, calls.gerarLoteTiss, async (context) => {
    const { body, user } = context
    return db.transaction(async (tx) => {
      const lote = await lotes.generateLote(tx, { ...body, userId: user.sub, now: now() })
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'create', entity: 'lote_tiss', entityId: lote.id, fields: ['guias'] }),
      )
      return { lote }
    })
  })

  defineRoute(app, calls.lotesTiss, async ({ body }) => ({ lotes: await lotes.listLotes(db, body.convenioId) }))

  defineRoute(app, calls.xmlLoteTiss, async ({ body }) => {
    const found = await lotes.loteXml(db, body.id)
    if (!found) throw new HttpError(404, m.loteNotFound)
    return { arquivo: `lote-tiss-${found.numero}.xml`, base64: found.xml.toString('base64') }
  })

  defineRoute(app, calls.enviarLoteTiss, async (context) => {
    const { body } = context
    return db.transaction(async (tx) => {
      const lote = await lotes.markSent(tx, body.id, body.data, body.protocolo)
      await audit.record(
        tx,
        audit.auditEvent(context, {
          action: 'update',
          entity: 'lote_tiss',
          entityId: lote.id,
          fields: ['enviadoEm', 'protocolo'],
        }),
      )
      return { lote }
    })
  })

  defineRoute(app, calls.retornoGuiaTiss, async (context) => {
    const { body } = context
    return db.transaction(async (tx) => {
      const lote = await lotes.recordReturn(tx, body)
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'update', entity: 'lote_tiss', entityId: lote.id, fields: ['situacao'] }),
      )
      return { lote }
    })
  })

  defineRoute(app, calls.recursoGuiaTiss, async (context) => {
    const { body } = context
    return db.transaction(async (tx) => {
      const lote = await lotes.recordAppeal(tx, body)
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'update', entity: 'lote_tiss', entityId: lote.id, fields: ['recurso'] }),
      )
      return { lote }
    })
  })
}

export const faturamentoRoutes = fp(routes, {
  name: 'clinica-faturamento-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
