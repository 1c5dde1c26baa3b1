// The front desk's day: status moves, 'Desfazer', 'Marcar faltas' and the day board's version
// (contract/front-desk.ts). Each change and its audit row are one transaction.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { canMarkMissed, frontDeskCalls, messages, statusChangeFields } from '@contract'
import type { Db } from '../db/client'
import { findPgError, HttpError } from '../plugins/errors'
import * as agendamentosRepo from '../repositories/agendamentos'
import * as audit from '../repositories/audit'
import * as clinicRepo from '../repositories/clinic'
import type { Executor } from '../repositories/executor'
import * as statusRepo from '../repositories/status'
import { defineRoute, defineRouteWithSessionInStatement, type RouteContext } from './route'
import * as tissGuias from '../repositories/tiss-guias'

export interface StatusRoutesOptions {
  db: Db
  /** The clock of the time rules ('Desfazer' within 10 minutes, 'Marcar faltas'); tests set it. */
  now: () => Date
}

type Context = Pick<RouteContext<typeof frontDeskCalls.moverStatus>, 'user' | 'session' | 'request'>

const routes: FastifyPluginAsync<StatusRoutesOptions> = async (app, { db, now }) => {
  async function actor(context: Context): Promise<statusRepo.Actor> {
    return { id: context.user.sub, role: context.user.role, medicoId: await statusRepo.medicoOf(db, context.user.sub) }
  }

  /** Runs one change with its audit row; answers the appointment after it, or the refusal. */
  async function change(
    context: Context,
    action: 'status' | 'status_desfeito',
    entityId: string,
    run: (tx: Executor) => Promise<statusRepo.ChangeResult>,
  ) {
    const result = await db.transaction(async (tx) => {
      const outcome = await run(tx)
      // never committed on a session no statement checked (plugins/session-check.ts)
      await context.session.ensure(tx)
      if (outcome.kind === 'ok')
        await audit.record(
          tx,
          audit.auditEvent(context, {
            action,
            entity: 'agendamento',
            entityId,
            fields: statusChangeFields(outcome.de, outcome.para),
          }),
        )
      return outcome
    })
    switch (result.kind) {
      case 'notFound':
        throw new HttpError(404, messages.appointmentNotFound)
      case 'stale':
        throw new HttpError(409, messages.statusStale)
      case 'refused':
        throw new HttpError(result.status, result.message)
    }
    return { agendamento: result.agendamento }
  }

  // The actor's role and doctor link are read with the appointment, inside the transaction, and the session
  // is checked by that statement (plugins/session-check.ts): one round trip less.
  defineRouteWithSessionInStatement(app, frontDeskCalls.moverStatus, async (context) => {
    const { body } = context
    return change(context, 'status', body.id, async (tx) => {
      const outcome = await statusRepo.move(
        tx,
        {
          id: body.id,
          versao: body.versao,
          to: body.status,
          motivo: body.motivo,
          texto: body.texto,
          prioridade: body.prioridade,
        },
        context.session,
        now(),
      )
      // issue 37: an exam its convênio authorises beforehand is not 'Realizado' without the senha (rolled back)
      if (outcome.kind === 'ok' && body.status === 'realizado' && (await tissGuias.lacksRequiredSenha(tx, body.id)))
        throw new HttpError(409, messages.tissSenhaObrigatoria)
      return outcome
    })
  })

  defineRoute(app, frontDeskCalls.desfazerStatus, async (context) => {
    const { body } = context
    const who = await actor(context)
    try {
      return await change(context, 'status_desfeito', body.id, (tx) => statusRepo.undo(tx, body, who, now()))
    } catch (error) {
      // the time of a cancelled or missed appointment was booked again meanwhile
      const pg = findPgError(error)
      if ((pg?.code === '23505' && pg.constraint === 'agendamentos_medico_datahora_unique') || pg?.code === '23P01')
        throw new HttpError(409, messages.undoSlotTaken)
      throw error
    }
  })

  defineRoute(app, frontDeskCalls.marcarFaltas, async (context) => {
    const who = await actor(context)
    if (!canMarkMissed(who)) throw new HttpError(403, messages.missedStaffOnly)
    const ids = [...new Set(context.body.ids)]
    const marked = await db.transaction(async (tx) => {
      const rows = await statusRepo.markMissed(tx, ids, who, now(), await clinicRepo.getHours(tx))
      for (const row of rows)
        await audit.record(
          tx,
          audit.auditEvent(context, {
            action: 'status',
            entity: 'agendamento',
            entityId: row.id,
            fields: statusChangeFields(row.de, 'faltou'),
          }),
        )
      return rows
    })
    const agendamentos = await Promise.all(marked.map((row) => agendamentosRepo.findById(db, row.id)))
    return {
      agendamentos: agendamentos
        .filter((a) => a !== undefined)
        .sort((a, b) => (a.datahora < b.datahora ? -1 : a.datahora > b.datahora ? 1 : a.id < b.id ? -1 : 1)),
    }
  })

  // the live boards' poll, the most frequent call: the session is read with the version (one round trip)
  defineRouteWithSessionInStatement(app, frontDeskCalls.versaoDia, async ({ body, session }) => ({
    dia: body.dia,
    versao: await statusRepo.dayVersion(db, body.dia, session),
  }))
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the signed-in user).
export const statusRoutes = fp(routes, {
  name: 'clinica-status-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
