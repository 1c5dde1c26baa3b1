// A booking's schedule under the agenda's rules (docs/decisions.md "Agenda and equipment"), what
// /agendamento/agendar and /agendamento/reagendar add to the one booking path (booking.ts): the duration's minimum
// from the catalogue, the machine's modalities, the hours, blocks and overlaps, and ADMIN's encaixe.
import {
  bookedMinutes,
  defaultDurationMinutes,
  endOf,
  messages,
  minutesBetween,
  oneFieldError,
  unservedModality,
} from '@contract'
import { BodyValidationError, HttpError } from '../plugins/errors'
import * as agendaRepo from '../repositories/agenda'
import type { AgendaColumns } from '../repositories/agendamentos'
import * as catalogueRepo from '../repositories/catalogue'
import * as equipamentosRepo from '../repositories/equipamentos'
import type { Executor } from '../repositories/executor'
import type { NewSchedule, Rebooking, Resolved } from './booking'

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

/** What the agenda's calls send beside the booking's fields. */
export interface ScheduleFields {
  duracaoMinutos?: number | undefined
  equipamentoId?: string | null | undefined
  encaixe?: boolean | undefined
  sobrepor?: boolean | undefined
  exameIds?: string[] | undefined
}

/**
 * The time a booking takes, as its checks and a lost race's message name it: `fim` is set once the duration is
 * known (the adapter names the overlap from it when PostgreSQL refuses the booking).
 */
export type Target = agendaRepo.BookingTarget

/** 403 unless ADMIN: only ADMIN books outside hours (encaixe) or over another booking (sobrepor). */
export function refuseEncaixeUnlessAdmin(fields: ScheduleFields, role: string): void {
  if ((fields.encaixe || fields.sobrepor) && role !== 'ADMIN') throw new HttpError(403, messages.encaixeAdminOnly)
}

/** 404 for an unknown doctor or machine. */
function refuseUnknown(check: agendaRepo.BookingCheck): asserts check is Extract<typeof check, { kind: 'checked' }> {
  if (check.kind === 'doctorNotFound') throw new HttpError(404, messages.doctorNotFound)
  if (check.kind === 'equipmentNotFound') throw new HttpError(404, messages.equipmentNotFound)
}

/**
 * /agendamento/agendar's schedule: the booking lasts at least the catalogue exams' durations plus the default for
 * each free-text exam, and that without a typed duration; the machine must serve the catalogue exams'
 * modalities; outside hours or in a block it is refused with the reason, unless ADMIN pressed 'Encaixar mesmo
 * assim'; an overlap only with ADMIN's explicit second confirmation.
 */
export function newSchedule(target: Target, fields: ScheduleFields) {
  return async (tx: Executor, resolved: Resolved): Promise<NewSchedule> => {
    const { duracaoMinutos, equipamentoId, encaixe, sobrepor } = fields
    target.fim = endOf(target.datahora, bookedMinutesOrRefuse(resolved, duracaoMinutos))
    await refuseUnservedMachine(tx, equipamentoId, fields.exameIds)
    const check = await agendaRepo.checkBooking(tx, target)
    refuseUnknown(check)
    if (check.hours && !encaixe) throw new HttpError(409, check.hours.message)
    if (check.overlap && !sobrepor) throw new HttpError(409, check.overlap.message)
    return {
      columns: {
        fim: new Date(target.fim),
        equipamentoId: equipamentoId ?? null,
        encaixe: encaixe === true,
        sobreposto: sobrepor === true && check.overlap !== undefined,
      },
      auditFields: ['fim', ...(equipamentoId ? ['equipamento'] : []), ...(encaixe ? ['encaixe'] : [])],
    }
  }
}

/**
 * /agendamento/reagendar's schedule: without a duration the booking keeps its own, at least its exams' (without
 * exameIds the appointment's catalogue copies still named count by their durations). Hours and blocks are checked
 * only when the time, the doctor, the machine or the duration moves (an encaixe kept where it was stays one); an
 * overlap is always refused but by ADMIN's `sobrepor`.
 */
export function movedSchedule(target: Target, fields: ScheduleFields & { equipamentoId: string | null }, id: string) {
  return async (tx: Executor, { before, detalhes, resolved }: Rebooking): Promise<AgendaColumns> => {
    const { duracaoMinutos, equipamentoId, encaixe, sobrepor } = fields
    const itens = resolved.itens ?? detalhes.exames.filter((e) => resolved.exames.includes(e.nome))
    const minutes = bookedMinutesOrRefuse({ exames: resolved.exames, itens }, duracaoMinutos)
    const beforeFim = before.fim ?? endOf(before.datahora, defaultDurationMinutes(before.exames.length))
    target.fim = endOf(target.datahora, duracaoMinutos ?? Math.max(minutes, minutesBetween(before.datahora, beforeFim)))
    await refuseUnservedMachine(tx, equipamentoId, fields.exameIds ?? itens.map((e) => e.exameId))
    const moved =
      Date.parse(before.datahora) !== Date.parse(target.datahora) ||
      Date.parse(beforeFim) !== Date.parse(target.fim) ||
      (before.equipamento?.id ?? null) !== equipamentoId ||
      before.doutor.id !== target.medicoId
    const check = await agendaRepo.checkBooking(tx, target, id)
    refuseUnknown(check)
    if (moved && check.hours && !encaixe) throw new HttpError(409, check.hours.message)
    if (moved && check.overlap && !sobrepor) throw new HttpError(409, check.overlap.message)
    return {
      fim: new Date(target.fim),
      equipamentoId,
      encaixe: moved ? encaixe === true : encaixe === true || before.encaixe === true,
      // kept where it was, a row booked over another stays outside the constraints
      ...(moved ? { sobreposto: sobrepor === true && check.overlap !== undefined } : {}),
    }
  }
}
