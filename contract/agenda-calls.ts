// The calls of the agenda and its equipment (docs/decisions.md "Agenda and equipment"); part of the
// contract's `api` table (api.ts).
import { z } from 'zod'
import {
  AgendaItem,
  Bloqueio,
  durationField,
  Equipamento,
  MedicoHorarios,
  MedicoHorariosRequest,
  minimumDurationMinutes,
  RegisterBloqueioRequest,
  RegisterEquipamentoRequest,
  UpdateEquipamentoRequest,
} from './agenda'
import { isValidDate } from './clinic-time'
import { Agendamento, OkBody } from './entities'
import { idField, isoDateTimeField, requiredError } from './fields'
import { HorarioLivre } from './free-slots'
import { messages } from './messages'
import { modalidadeField } from './modalities'
import { IdRequest, RegisterAgendamentoRequest, UpdateAgendamentoRequest } from './requests'
import type { ApiCall } from './api-call'

/** The fields a booking's schedule adds to the specification's register and update bodies. */
const scheduleFields = {
  duracaoMinutos: durationField.optional(),
  encaixe: z.boolean({ error: messages.invalidRequest }).optional(),
  sobrepor: z.boolean({ error: messages.invalidRequest }).optional(),
}

/**
 * The schedule's rules a body alone can decide: without catalogue exams, a typed duration is at least the
 * free-text exams' (minimumDurationMinutes; with catalogue exams the server and the mock decide it with their
 * durations); `sobrepor` only with `encaixe`.
 */
function refineSchedule(
  value: {
    duracaoMinutos?: number | undefined
    exames: string[]
    exameIds?: string[] | undefined
    sobrepor?: boolean | undefined
    encaixe?: boolean | undefined
  },
  ctx: z.RefinementCtx,
) {
  const catalogue = (value.exameIds?.length ?? 0) > 0
  if (
    !catalogue &&
    value.duracaoMinutos !== undefined &&
    value.duracaoMinutos < minimumDurationMinutes([], value.exames.length)
  )
    ctx.addIssue({ code: 'custom', path: ['duracaoMinutos'], message: messages.durationTooShort })
  if (value.sobrepor === true && value.encaixe !== true)
    ctx.addIssue({ code: 'custom', path: ['sobrepor'], message: messages.overlapNeedsEncaixe })
}

/**
 * 'Novo agendamento' with a time and a machine: the specification's register fields, plus the duration
 * (at least the exams'; absent: the exams' durations), the machine, and ADMIN's 'Encaixar mesmo assim'
 * (`encaixe`: outside hours or in a block) and its explicit overlap confirmation (`sobrepor`, only with it).
 */
export const AgendarRequest = RegisterAgendamentoRequest.extend({
  ...scheduleFields,
  equipamentoId: idField.optional(),
}).superRefine(refineSchedule)
export type AgendarRequest = z.input<typeof AgendarRequest>

/**
 * The edit dialog's change of a booking's schedule (docs/decisions.md "Agenda and equipment"): the
 * specification's update fields (with `versao`), plus the duration (absent: the booking's own, at least its
 * exams'), the machine (null: none) and ADMIN's encaixe, under the rules of /agendamento/agendar.
 */
export const ReagendarRequest = UpdateAgendamentoRequest.extend({
  ...scheduleFields,
  equipamentoId: idField.nullable(),
}).superRefine(refineSchedule)
export type ReagendarRequest = z.input<typeof ReagendarRequest>

/** The agenda of `dias` clinic days from `de`: every machine and doctor, their blocks and bookings. */
export const AgendaRequest = z.strictObject({
  de: z.string(requiredError).refine(isValidDate, { error: messages.dayInvalid }),
  dias: z.number(requiredError).int().min(1, messages.agendaRangeInvalid).max(8, messages.agendaRangeInvalid),
})
export type AgendaRequest = z.input<typeof AgendaRequest>

export const AgendaAnswer = z.object({
  de: z.string(),
  dias: z.number(),
  equipamentos: z.array(Equipamento),
  medicos: z.array(MedicoHorarios),
  bloqueios: z.array(Bloqueio),
  agendamentos: z.array(AgendaItem),
})
export type AgendaAnswer = z.infer<typeof AgendaAnswer>

/**
 * 'Próximos horários livres' for a duration, from `desde`, optionally for one doctor, on a machine serving
 * `modalidade` and every one of `modalidades` (the chosen exams' several modalities: one visit, one machine;
 * docs/decisions.md "Agenda and equipment"). At least one of the two.
 */
export const HorariosLivresRequest = z
  .strictObject({
    modalidade: modalidadeField.optional(),
    modalidades: z.array(modalidadeField, { error: messages.modalityInvalid }).max(7).optional(),
    duracaoMinutos: durationField,
    desde: isoDateTimeField,
    medicoId: idField.optional(),
  })
  .refine((value) => value.modalidade !== undefined || (value.modalidades?.length ?? 0) > 0, {
    error: messages.modalitiesRequired,
    path: ['modalidade'],
  })
export type HorariosLivresRequest = z.input<typeof HorariosLivresRequest>

const equipamentoAnswer = z.object({ equipamento: Equipamento })

export const agendaCalls = {
  /** Every machine by name, with its blocks not yet over. */
  listEquipamentos: {
    method: 'GET',
    path: '/equipamento/listAll',
    status: 200,
    access: 'user',
    response: z.object({ equipamentos: z.array(Equipamento), bloqueios: z.array(Bloqueio) }),
  },
  registerEquipamento: {
    method: 'POST',
    path: '/equipamento/register',
    body: RegisterEquipamentoRequest,
    status: 201,
    access: 'admin',
    response: equipamentoAnswer,
  },
  updateEquipamento: {
    method: 'PUT',
    path: '/equipamento/update',
    body: UpdateEquipamentoRequest,
    status: 200,
    access: 'admin',
    response: equipamentoAnswer,
  },
  registerBloqueio: {
    method: 'POST',
    path: '/equipamento/bloqueio',
    body: RegisterBloqueioRequest,
    status: 201,
    access: 'admin',
    /** `agendamentos`: the bookings of the machine it covers, saved over with `confirmar` (to rebook). */
    response: z.object({ bloqueio: Bloqueio, agendamentos: z.array(AgendaItem) }),
  },
  /** Issue 34: the bookings a block would cover (awaited, of that machine), asked before saving it. */
  bloqueioAgendamentos: {
    method: 'POST',
    path: '/equipamento/bloqueio/agendamentos',
    body: RegisterBloqueioRequest,
    status: 200,
    access: 'admin',
    response: z.object({ agendamentos: z.array(AgendaItem) }),
  },
  deleteBloqueio: {
    method: 'DELETE',
    path: '/equipamento/bloqueio',
    body: IdRequest,
    status: 200,
    access: 'admin',
    response: OkBody,
  },
  /** A doctor's hours per weekday (null: none kept). */
  medicoHorarios: {
    method: 'PUT',
    path: '/medico/horarios',
    body: MedicoHorariosRequest,
    status: 200,
    access: 'admin',
    response: z.object({ medico: MedicoHorarios }),
  },
  /** Books with a duration and a machine; refused with the reason when a block, hours or an overlap forbid it. */
  agendar: {
    method: 'POST',
    path: '/agendamento/agendar',
    body: AgendarRequest,
    status: 201,
    access: 'user',
    response: z.object({ agendamento: Agendamento }),
    missingMessage: messages.appointmentMissingFields,
    idempotent: true,
  },
  /** Changes a booking's time, machine, duration or encaixe (with its other fields), as /agendamento/agendar rules. */
  reagendar: {
    method: 'POST',
    path: '/agendamento/reagendar',
    body: ReagendarRequest,
    status: 200,
    access: 'user',
    response: z.object({ agendamento: Agendamento }),
    missingMessage: messages.appointmentMissingFields,
  },
  agenda: {
    method: 'POST',
    path: '/agendamento/agenda',
    body: AgendaRequest,
    status: 200,
    access: 'user',
    response: AgendaAnswer,
  },
  horariosLivres: {
    method: 'POST',
    path: '/agendamento/horariosLivres',
    body: HorariosLivresRequest,
    status: 200,
    access: 'user',
    response: z.object({ horarios: z.array(HorarioLivre) }),
  },
} as const satisfies Record<string, ApiCall>
