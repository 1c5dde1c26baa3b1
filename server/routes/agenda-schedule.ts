// A booking's schedule under the agenda's rules (docs/decisions.md "Agenda and equipment"), shared by
// /agendamento/agendar and /agendamento/reagendar: the duration's minimum from the catalogue, the machine's
// modalities, and the edit dialog's change of time, machine, duration or encaixe (reagendar).
import type { FastifyInstance } from 'fastify'
import {
  agendaCalls,
  bookedMinutes,
  defaultDurationMinutes,
  endOf,
  messages,
  minutesBetween,
  oneFieldError,
  unservedModality,
} from '@contract'
import type { Db } from '../db/client'
import { BodyValidationError, HttpError } from '../plugins/errors'
import * as agendaRepo from '../repositories/agenda'
import * as agendamentoCatalogo from '../repositories/agendamento-catalogo'
import * as agendamentosRepo from '../repositories/agendamentos'
import * as audit from '../repositories/audit'
import * as catalogueRepo from '../repositories/catalogue'
import * as equipamentosRepo from '../repositories/equipamentos'
import type { Executor } from '../repositories/executor'
import { refuseChoice } from './catalogue-choice'
import { refuseUnlessOwnAgenda } from './appointment-owner'
import { defineRoute } from './route'
import { updateAnswer } from './update-answer'
import { auditEvent } from './write'

/** The booking's minutes (the contract's bookedMinutes); a typed duration too short is a 400 on its field. */
export function bookedMinutesOrRefuse(...args: Parameters<typeof bookedMinutes>): number {
  const booked = bookedMinutes(...args)
  if (booked.kind === 'tooShort') throw new BodyValidationError(oneFieldError(booked.field, booked.message))
  return booked.minutes
}

/** 409 when the machine does not serve every chosen catalogue exam's modality (issue #13 point 3). */
export async function refuseUnservedMachine(
  tx: Executor,
  equipamentoId: string | null | undefined,
  exameIds: string[] | undefined,
): Promise<void> {
  if (!equipamentoId || exameIds === undefined || exameIds.length === 0) return
  const machine = await equipamentosRepo.findById(tx, equipamentoId)
  const exames = await catalogueRepo.findExames(tx, exameIds)
  const refusal =
    machine &&
    unservedModality(
      machine,
      exames.map((e) => e.modalidade),
    )
  if (refusal) throw new HttpError(409, refusal)
}

/**
 * POST /agendamento/reagendar: the specification's update plus the schedule, in one transaction (one
 * `versao`, one audit row). Hours and blocks are checked only when the time, the doctor, the machine or
 * the duration moves (an encaixe kept where it was stays one); an overlap is always refused but by
 * ADMIN's `sobrepor`.
 */
export function reagendarRoute(app: FastifyInstance, db: Db, isOverlapError: (error: unknown) => boolean): void {
  defineRoute(app, agendaCalls.reagendar, async (context) => {
    const { id, versao, userId: _sentUserId, duracaoMinutos, equipamentoId, encaixe, sobrepor, ...data } = context.body
    if ((encaixe || sobrepor) && context.user.role !== 'ADMIN') throw new HttpError(403, messages.encaixeAdminOnly)
    const target = {
      datahora: data.datahora,
      fim: data.datahora,
      medicoId: data.medicoId,
      equipamentoId: equipamentoId ?? undefined,
    }
    let result: agendamentosRepo.UpdateResult
    try {
      result = await db.transaction(async (tx) => {
        const before = await agendamentosRepo.findById(tx, id)
        if (!before) return { kind: 'notFound' as const }
        await refuseUnlessOwnAgenda(tx, context.user, [before.doutor.id, data.medicoId])
        const detalhes = await agendamentoCatalogo.detalhes(tx, id)
        const resolved = await agendamentoCatalogo.resolve(tx, data, detalhes)
        if (resolved.kind !== 'ok') refuseChoice(resolved.kind)
        // without exameIds the appointment's catalogue copies still named count by their durations
        const itens = resolved.itens ?? detalhes.exames.filter((e) => resolved.exames.includes(e.nome))
        const minutes = bookedMinutesOrRefuse({ exames: resolved.exames, itens }, duracaoMinutos)
        const beforeFim = before.fim ?? endOf(before.datahora, defaultDurationMinutes(before.exames.length))
        // without a duration the booking keeps its own, at least its exams'
        target.fim = endOf(
          data.datahora,
          duracaoMinutos ?? Math.max(minutes, minutesBetween(before.datahora, beforeFim)),
        )
        await refuseUnservedMachine(tx, equipamentoId, data.exameIds ?? itens.map((e) => e.exameId))
        const moved =
          Date.parse(before.datahora) !== Date.parse(target.datahora) ||
          Date.parse(beforeFim) !== Date.parse(target.fim) ||
          (before.equipamento?.id ?? null) !== equipamentoId ||
          before.doutor.id !== data.medicoId
        const check = await agendaRepo.checkBooking(tx, target, id)
        if (check.kind === 'doctorNotFound') throw new HttpError(404, messages.doctorNotFound)
        if (check.kind === 'equipmentNotFound') throw new HttpError(404, messages.equipmentNotFound)
        if (moved && check.hours && !encaixe) throw new HttpError(409, check.hours.message)
        if (moved && check.overlap && !sobrepor) throw new HttpError(409, check.overlap.message)
        const updated = await agendamentosRepo.update(
          tx,
          id,
          { ...data, exames: resolved.exames, convenio: resolved.convenio },
          versao,
          {
            fim: new Date(target.fim),
            equipamentoId,
            encaixe: moved ? encaixe === true : encaixe === true || before.encaixe === true,
            // kept where it was, a row booked over another stays outside the constraints
            ...(moved ? { sobreposto: sobrepor === true && check.overlap !== undefined } : {}),
          },
        )
        if (updated.kind === 'ok') {
          await agendamentoCatalogo.save(tx, id, data, resolved.itens, data.valorIncents, context.user.sub, {
            detalhes: detalhes!,
            valorIncents: before.valorIncents,
          })
          await audit.record(
            tx,
            auditEvent(context, { action: 'update', entity: 'agendamento', entityId: id, fields: updated.changed }),
          )
        }
        return updated
      })
    } catch (error) {
      // a concurrent booking won the race the checks could not see: name what it took
      if (!isOverlapError(error)) throw error
      throw new HttpError(409, (await agendaRepo.describeOverlap(db, target, id)) ?? messages.slotOverlap)
    }
    return updateAnswer(result)
  })
}
