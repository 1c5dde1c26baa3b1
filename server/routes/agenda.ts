// The agenda and its equipment (contract/agenda-calls.ts; docs/decisions.md "Agenda and equipment"):
// machines, blocks and doctors' hours kept by ADMIN; booking with a duration and a machine; the agenda of a
// few days; 'Próximos horários livres'. Each change and its audit row are one transaction.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { blockCoversMessage, AgendaAnswer, agendaCalls, messages, clinicToday, dicomCalls } from '@contract'
import * as booking from '../booking/booking'
import { newSchedule, refuseEncaixeUnlessAdmin } from '../booking/schedule'
import type { Db } from '../db/client'
import { findPgError, HttpError } from '../plugins/errors'
import * as agendaRepo from '../repositories/agenda'
import { agendaReader } from '../repositories/agenda-cache'
import * as audit from '../repositories/audit'
import * as dicomRepo from '../repositories/dicom'
import * as equipamentosRepo from '../repositories/equipamentos'
import { reagendarRoute } from './agenda-schedule'
import { answerWithJsonLists } from '../http/serializer'
import { defineRoute } from './route'
import { idempotentWrite } from './write'

/** An overlap PostgreSQL refused (the exclusion constraints, or the exact-time unique index of doctors). */
export function isOverlapError(error: unknown): boolean {
  const pg = findPgError(error)
  // 40P01: two overlapping inserts waited on each other; the other one won
  return (
    pg?.code === '23P01' ||
    pg?.code === '40P01' ||
    (pg?.code === '23505' && pg.constraint === 'agendamentos_medico_datahora_unique')
  )
}

// The agenda's lists come from PostgreSQL as JSON texts, the day's items kept while they hold
// (repositories/agenda-cache.ts).
const writeAgenda = answerWithJsonLists(AgendaAnswer, ['equipamentos', 'medicos', 'bloqueios', 'agendamentos'])

const routes: FastifyPluginAsync<{ db: Db; now?: () => Date }> = async (app, { db, now = () => new Date() }) => {
  const readAgenda = agendaReader()
  defineRoute(app, agendaCalls.listEquipamentos, async () => {
    const [equipamentos, bloqueios] = await Promise.all([
      equipamentosRepo.listAll(db),
      equipamentosRepo.listBloqueios(db, `${clinicToday()}T00:00:00.000Z`),
    ])
    return { equipamentos, bloqueios }
  })

  defineRoute(app, agendaCalls.registerEquipamento, async (context) =>
    db.transaction(async (tx) => {
      const equipamento = await equipamentosRepo.create(tx, context.body)
      await audit.record(
        tx,
        audit.auditEvent(context, {
          action: 'create',
          entity: 'equipamento',
          entityId: equipamento.id,
          fields: [
            'nome',
            ...(equipamento.aeTitle === null ? [] : ['aeTitle']),
            ...(equipamento.leOutrasWorklists ? ['leOutrasWorklists'] : []),
          ],
        }),
      )
      return { equipamento }
    }),
  )

  defineRoute(app, agendaCalls.updateEquipamento, async (context) => {
    const { id, ...input } = context.body
    return db.transaction(async (tx) => {
      const equipamento = await equipamentosRepo.update(tx, id, input)
      if (!equipamento) throw new HttpError(404, messages.equipmentNotFound)
      await audit.record(
        tx,
        audit.auditEvent(context, {
          action: 'update',
          entity: 'equipamento',
          entityId: id,
          fields: [
            'nome',
            'modalidades',
            'horarios',
            ...(input.aeTitle === undefined ? [] : ['aeTitle']),
            ...(input.leOutrasWorklists === undefined ? [] : ['leOutrasWorklists']),
          ],
        }),
      )
      return { equipamento }
    })
  })

  // issue 19: each machine's latest DICOM queries and steps (docs/dicom.md)
  defineRoute(app, dicomCalls.dicomEventos, async () => ({ eventos: await dicomRepo.latestEvents(db) }))

  // issue 34: a block over booked patients lists them and asks; with `confirmar` it is saved all the same
  // (a machine broke down: the clinic calls them), and the answer names them for rebooking
  defineRoute(app, agendaCalls.bloqueioAgendamentos, async (context) => {
    if (!(await equipamentosRepo.findById(db, context.body.equipamentoId)))
      throw new HttpError(404, messages.equipmentNotFound)
    return { agendamentos: await equipamentosRepo.coveredByBlock(db, context.body) }
  })

  defineRoute(app, agendaCalls.registerBloqueio, async (context) =>
    db.transaction(async (tx) => {
      const { confirmar, ...input } = context.body
      const agendamentos = await equipamentosRepo.coveredByBlock(tx, input)
      if (agendamentos.length > 0 && confirmar !== true)
        throw new HttpError(409, blockCoversMessage(agendamentos.length))
      const bloqueio = await equipamentosRepo.createBloqueio(tx, input)
      await audit.record(
        tx,
        audit.auditEvent(context, {
          action: 'update',
          entity: 'equipamento',
          entityId: bloqueio.equipamentoId,
          fields: ['bloqueios'],
        }),
      )
      return { bloqueio, agendamentos }
    }),
  )

  defineRoute(app, agendaCalls.deleteBloqueio, async (context) => {
    const removed = await equipamentosRepo.removeBloqueio(db, context.body.id)
    if (!removed) throw new HttpError(404, messages.blockNotFound)
    return { ok: true as const }
  })

  defineRoute(app, agendaCalls.medicoHorarios, async (context) => {
    const medico = await equipamentosRepo.setMedicoHorarios(db, context.body.medicoId, context.body.horarios)
    if (!medico) throw new HttpError(404, messages.doctorNotFound)
    return { medico }
  })

  // the one booking path (server/booking) with the agenda's schedule
  defineRoute(app, agendaCalls.agendar, async (context) => {
    const { userId: _sentUserId, duracaoMinutos, equipamentoId, encaixe, sobrepor, ...data } = context.body
    const target = { datahora: data.datahora, fim: data.datahora, medicoId: data.medicoId, equipamentoId }
    const fields = { duracaoMinutos, equipamentoId, encaixe, sobrepor, exameIds: data.exameIds }
    refuseEncaixeUnlessAdmin(fields, context.user.role)
    try {
      return await idempotentWrite(db, agendaCalls.agendar, context, (tx) =>
        booking.book(tx, context, data, { schedule: newSchedule(target, fields) }),
      )
    } catch (error) {
      // a concurrent booking won the race the checks could not see: name what it took
      if (!isOverlapError(error)) throw error
      throw new HttpError(409, (await agendaRepo.describeOverlap(db, target)) ?? messages.slotOverlap)
    }
  })

  reagendarRoute(app, db, isOverlapError)

  defineRoute(app, agendaCalls.agenda, async ({ body }) => {
    return writeAgenda({ de: body.de, dias: body.dias }, await readAgenda(db, body.de, body.dias))
  })

  defineRoute(app, agendaCalls.horariosLivres, async ({ body }) => ({
    horarios: await agendaRepo.horariosLivres(db, body, now()),
  }))
}

// Encapsulated, as a plain route plugin; needs the auth hook (roles and the signed-in user).
export const agendaRoutes = fp(routes, {
  name: 'clinica-agenda-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
