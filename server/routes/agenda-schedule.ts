// POST /agendamento/reagendar (docs/decisions.md "Agenda and equipment"): the specification's update plus the
// schedule, in one transaction (one `versao`, one audit row), through the one booking path (server/booking).
import type { FastifyInstance } from 'fastify'
import { agendaCalls, messages } from '@contract'
import * as booking from '../booking/booking'
import { movedSchedule, refuseEncaixeUnlessAdmin } from '../booking/schedule'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as agendaRepo from '../repositories/agenda'
import { defineRoute } from './route'
import { updateAnswer } from './update-answer'

export function reagendarRoute(app: FastifyInstance, db: Db, isOverlapError: (error: unknown) => boolean): void {
  defineRoute(app, agendaCalls.reagendar, async (context) => {
    const { id, versao, userId: _sentUserId, duracaoMinutos, equipamentoId, encaixe, sobrepor, ...data } = context.body
    const fields = { duracaoMinutos, equipamentoId, encaixe, sobrepor, exameIds: data.exameIds }
    refuseEncaixeUnlessAdmin(fields, context.user.role)
    const target = {
      datahora: data.datahora,
      fim: data.datahora,
      medicoId: data.medicoId,
      equipamentoId: equipamentoId ?? undefined,
    }
    try {
      return updateAnswer(
        await db.transaction((tx) => booking.rebook(tx, context, id, data, versao, movedSchedule(target, fields, id))),
      )
    } catch (error) {
      // a concurrent booking won the race the checks could not see: name what it took
      if (!isOverlapError(error)) throw error
      throw new HttpError(409, (await agendaRepo.describeOverlap(db, target, id)) ?? messages.slotOverlap)
    }
  })
}
