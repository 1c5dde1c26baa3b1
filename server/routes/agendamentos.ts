// Every /agendamento call.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { AGENDAMENTO_FIELDS, api, defaultDurationMinutes, endOf, mergeHistorico, messages } from '@contract'
import type { Db } from '../db/client'
import { findPgError, HttpError } from '../plugins/errors'
import * as agendaRepo from '../repositories/agenda'
import * as agendamentoCatalogo from '../repositories/agendamento-catalogo'
import * as agendamentosRepo from '../repositories/agendamentos'
import * as audit from '../repositories/audit'
import * as statusRepo from '../repositories/status'
import { isOverlapError } from './agenda'
import { refuseChoice } from './catalogue-choice'
import { answerWithJsonLists } from '../http/serializer'
import { refuseUnlessOwnAgenda } from './appointment-owner'
import { defineRoute, defineRouteWithSessionInStatement } from './route'
import { updateAnswer } from './update-answer'
import { auditEvent, idempotentWrite } from './write'

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
  defineRouteWithSessionInStatement(app, api.registerAgendamento, async (context) => {
    // As for patients: body.userId is validated, the signed-in user is recorded as the creator.
    const { userId: _sentUserId, ...data } = context.body
    return namingOverlap(data, () =>
      idempotentWrite(db, api.registerAgendamento, context, async (tx) => {
        // the catalogue's exams and convênio: names onto the appointment, copies beside it
        const resolved = await agendamentoCatalogo.resolve(tx, data)
        if (resolved.kind !== 'ok') refuseChoice(resolved.kind)
        const result = await agendamentosRepo.create(
          tx,
          { ...data, exames: resolved.exames, convenio: resolved.convenio },
          context.user.sub,
          {},
          context.session,
        )
        // thrown inside the transaction: the idempotency key is rolled back with it
        if (result.kind === 'patientNotFound') throw new HttpError(404, messages.patientNotFound)
        // after the booking's first statement (the session's check); a refusal rolls the booking back
        await refuseUnlessOwnAgenda(tx, context.user, [data.medicoId])
        const { agendamento } = result
        await agendamentoCatalogo.save(tx, agendamento.id, data, resolved.itens, data.valorIncents, context.user.sub)
        await audit.record(
          tx,
          auditEvent(context, {
            action: 'create',
            entity: 'agendamento',
            entityId: agendamento.id,
            fields: AGENDAMENTO_FIELDS,
          }),
        )
        return { agendamento }
      }),
    )
  })

  defineRoute(app, api.updateAgendamento, async (context) => {
    const { id, versao, userId: _sentUserId, ...data } = context.body
    const result = await namingOverlap(
      data,
      () =>
        db.transaction(async (tx) => {
          const before = await agendamentosRepo.findById(tx, id)
          if (before) await refuseUnlessOwnAgenda(tx, context.user, [before.doutor.id, data.medicoId])
          const detalhes = before ? await agendamentoCatalogo.detalhes(tx, id) : undefined
          const resolved = await agendamentoCatalogo.resolve(tx, data, detalhes)
          if (resolved.kind !== 'ok') refuseChoice(resolved.kind)
          const updated = await agendamentosRepo.update(
            tx,
            id,
            { ...data, exames: resolved.exames, convenio: resolved.convenio },
            versao,
          )
          if (updated.kind === 'ok') {
            await agendamentoCatalogo.save(tx, id, data, resolved.itens, data.valorIncents, context.user.sub, {
              detalhes: detalhes!,
              valorIncents: before!.valorIncents,
            })
            await audit.record(
              tx,
              auditEvent(context, { action: 'update', entity: 'agendamento', entityId: id, fields: updated.changed }),
            )
          }
          return updated
        }),
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
      await audit.record(tx, auditEvent(context, { action: 'delete', entity: 'agendamento', entityId: id }))
    })
    return { ok: true as const }
  })

  // The history of an appointment outlives it: a deleted one still answers who created, changed and
  // deleted it. Its status moves come from their own table, with from, to and a cancellation's motivo.
  defineRoute(app, api.historicoAgendamento, async ({ body }) => {
    const [changes, moves, catalogue] = await Promise.all([
      audit.historico(db, 'agendamento', body.id),
      statusRepo.historico(db, body.id),
      agendamentoCatalogo.historico(db, body.id),
    ])
    // payments and a Valor changed from the catalogue's prices count as moves: newer at one instant
    const historico = mergeHistorico(changes, mergeHistorico(catalogue, moves))
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
