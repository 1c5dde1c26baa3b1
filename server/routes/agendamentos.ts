// Every /agendamento call.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { api, defaultDurationMinutes, endOf, mergeHistorico, messages } from '@contract'
import * as booking from '../booking/booking'
import type { Db } from '../db/client'
import { findPgError, HttpError } from '../plugins/errors'
import * as agendaRepo from '../repositories/agenda'
import * as agendamentoCatalogo from '../repositories/agendamento-catalogo'
import * as agendamentosRepo from '../repositories/agendamentos'
import * as audit from '../repositories/audit'
import * as statusRepo from '../repositories/status'
import * as chamadasRepo from '../repositories/chamadas'
import { isOverlapError } from './agenda'
import { answerWithJsonLists } from '../http/serializer'
import { refuseUnlessOwnAgenda } from '../booking/appointment-owner'
import { defineRoute, defineRouteWithSessionInStatement } from './route'
import { updateAnswer } from './update-answer'
import { idempotentWrite } from './write'

const notFound = () => new HttpError(404, messages.appointmentNotFound)

// The lists' appointments come from PostgreSQL as each row's written JSON, joined (repositories/agendamentos.ts,
// listJson): every list call answers { agendamentos }, one schema for all four.
const writeList = answerWithJsonLists(api.listAgendamentos.response, ['agendamentos'])

const routes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  /**
   * An overlap the exclusion constraints refused (docs/decisions.md "Agenda and equipment"): 409 naming the
   * doctor's booking that holds the time. The exact same time keeps the specification's answer (slotTaken).
   */
  async function namingOverlap<T>(
    data: { datahora: string; medicoId: string; exames: string[] },
    write: () => Promise<T>,
    exceptId?: string,
  ): Promise<T> {
    try {
      return await write()
    } catch (error) {
      const pg = findPgError(error)
      if (pg?.code !== '23P01' || !isOverlapError(error)) throw error
      const fim = endOf(data.datahora, defaultDurationMinutes(data.exames.length))
      const named = await agendaRepo.describeOverlap(
        db,
        { datahora: data.datahora, fim, medicoId: data.medicoId },
        exceptId,
      )
      throw new HttpError(409, named ?? messages.slotOverlap)
    }
  }

  /** A list call's answer: the matching appointments' written texts, spliced (one page, or all without `page`). */
  const listAnswer = async (filter: agendamentosRepo.AgendamentoFilter, page?: number) =>
    writeList({}, { agendamentos: await agendamentosRepo.listJson(db, filter, page) })

  // Without `page`: every appointment in the range (the home page's whole day); with it, one page.
  defineRoute(app, api.listAgendamentosBetweenDate, ({ body }) =>
    listAnswer({ from: body.datainicior, to: body.datafimr }, body.page),
  )

  defineRoute(app, api.listAgendamentos, ({ body }) =>
    listAnswer(
      {
        pacienteNome: body.pacienteNome,
        medicoId: body.medicoId,
        status: body.status,
        from: body.datainicior,
        to: body.datafimr,
      },
      body.page,
    ),
  )

  defineRoute(app, api.listAgendamentosByPaciente, ({ body }) => listAnswer({ pacienteId: body.pacienteId }, body.page))

  defineRoute(app, api.listAgendamentosByMedico, ({ body }) => listAnswer({ medicoId: body.medicoId }, body.page))

  defineRoute(app, api.findAgendamento, async ({ body }) => {
    const agendamento = await agendamentosRepo.findById(db, body.id)
    if (!agendamento) throw notFound()
    return { agendamento }
  })

  // The booking's first statement, the patient's lock, also checks the session (plugins/session-check.ts).
  // As for patients: body.userId is validated, the signed-in user is recorded as the creator.
  defineRouteWithSessionInStatement(app, api.registerAgendamento, async (context) => {
    const { userId: _sentUserId, ...data } = context.body
    return namingOverlap(data, () =>
      idempotentWrite(db, api.registerAgendamento, context, (tx) =>
        booking.book(tx, context, data, { session: context.session }),
      ),
    )
  })

  defineRoute(app, api.updateAgendamento, async (context) => {
    const { id, versao, userId: _sentUserId, ...data } = context.body
    const result = await namingOverlap(
      data,
      () => db.transaction((tx) => booking.rebook(tx, context, id, data, versao)),
      id,
    )
    return updateAnswer(result)
  })

  defineRoute(app, api.deleteAgendamento, async (context) => {
    const { id } = context.body
    await db.transaction(async (tx) => {
      // locked: a payment or a move to 'Realizado' waits for the delete, or the delete for them
      const kept = await agendamentosRepo.lockForDelete(tx, id)
      if (!kept) throw notFound()
      await refuseUnlessOwnAgenda(tx, context.user, [kept.medicoId])
      // money received or an exam done is never erased: the appointment is cancelled instead (issue 35)
      if (kept.received || kept.status === 'realizado') throw new HttpError(409, messages.appointmentDeleteKept)
      await agendamentosRepo.remove(tx, id)
      await audit.record(tx, audit.auditEvent(context, { action: 'delete', entity: 'agendamento', entityId: id }))
    })
    return { ok: true as const }
  })

  // The history of an appointment outlives it: a deleted one still answers who created, changed and
  // deleted it. Its status moves come from their own table, with from, to and a cancellation's motivo.
  defineRoute(app, api.historicoAgendamento, async ({ body }) => {
    const [changes, moves, catalogue, calls] = await Promise.all([
      audit.historico(db, 'agendamento', body.id),
      statusRepo.historico(db, body.id),
      agendamentoCatalogo.historico(db, body.id),
      chamadasRepo.historico(db, body.id),
    ])
    // payments, a Valor changed from the catalogue's prices and the waiting room's calls count as moves
    const historico = mergeHistorico(changes, mergeHistorico(catalogue, mergeHistorico(calls, moves)))
    if (historico.length === 0 && !(await agendamentosRepo.findById(db, body.id))) throw notFound()
    return { historico }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it records the signed-in user).
export const agendamentosRoutes = fp(routes, {
  name: 'clinica-agendamentos-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
