// The front desk's day (docs/product.md, docs/decisions.md "The front desk's day"): each appointment's
// status, the moves allowed between statuses, who may make them, and the time rules of 'Desfazer' and
// 'Marcar faltas'. Pure functions: the server and the msw mock decide with the same code, and the PWA uses
// it to show only the buttons that would be accepted.
import { clinicToday, clinicWallClock, datePart } from './clinic-time'
import type { Horario } from './weekly-hours'
import { messages } from './messages'
import { closedForTheDay } from './opening-hours'

/** Status values as the API carries them; a booking starts as `agendado`. */
export const STATUSES = [
  'agendado',
  'confirmado',
  'aguardando',
  'em_atendimento',
  'realizado',
  'faltou',
  'cancelado',
] as const
export type Status = (typeof STATUSES)[number]

export const statusLabels: Record<Status, string> = {
  agendado: 'Agendado',
  confirmado: 'Confirmado',
  aguardando: 'Aguardando',
  em_atendimento: 'Em atendimento',
  realizado: 'Realizado',
  faltou: 'Faltou',
  cancelado: 'Cancelado',
}

/** Who cancelled: the patient or the clinic. */
export const MOTIVOS_CANCELAMENTO = ['paciente', 'clinica'] as const
export type MotivoCancelamento = (typeof MOTIVOS_CANCELAMENTO)[number]
export const motivoLabels: Record<MotivoCancelamento, string> = { paciente: 'Paciente', clinica: 'Clínica' }

/** The optional text of a cancellation: at most this many characters. */
export const CANCEL_TEXT_MAX = 200

/**
 * The moves allowed from each status. Forward along the day (agendado → confirmado → aguardando →
 * em_atendimento → realizado); agendado and confirmado may end as faltou or cancelado; aguardando as
 * cancelado. A walk-in arrives straight from agendado (issue 34): the history says so, rather than a
 * confirmation nobody made. Nothing leaves realizado, faltou or cancelado but 'Desfazer'.
 */
const MOVES: Record<Status, readonly Status[]> = {
  agendado: ['confirmado', 'aguardando', 'faltou', 'cancelado'],
  confirmado: ['aguardando', 'faltou', 'cancelado'],
  aguardando: ['em_atendimento', 'cancelado'],
  em_atendimento: ['realizado'],
  realizado: [],
  faltou: [],
  cancelado: [],
}

export function allowedMoves(from: Status): readonly Status[] {
  return MOVES[from]
}

export function canMove(from: Status, to: Status): boolean {
  return MOVES[from].includes(to)
}

/** Statuses that free the doctor's time for another booking. */
export const SLOT_FREEING_STATUSES = ['faltou', 'cancelado'] as const satisfies readonly Status[]

export function freesSlot(status: Status): boolean {
  return (SLOT_FREEING_STATUSES as readonly Status[]).includes(status)
}

/** The one forward step of a status and its button's text; none after em_atendimento's. */
export const NEXT_STEPS: Partial<Record<Status, { to: Status; label: string }>> = {
  agendado: { to: 'confirmado', label: 'Confirmar' },
  confirmado: { to: 'aguardando', label: 'Registrar chegada' },
  aguardando: { to: 'em_atendimento', label: 'Iniciar atendimento' },
  em_atendimento: { to: 'realizado', label: 'Concluir' },
}

/** An appointment's status as read back: absent means `agendado` (see the `Agendamento` entity). */
/** The walk-in's arrival: from 'Agendado' straight to 'Aguardando', offered beside 'Confirmar'. */
export const WALK_IN_ARRIVAL = { from: 'agendado', to: 'aguardando', label: 'Registrar chegada' } as const

export function statusOf(agendamento: { status?: Status | undefined }): Status {
  return agendamento.status ?? 'agendado'
}

/** The fields of the appointment a move changes (history's `fields`): the status, and the arrival time
 * when arriving or when an arrival is taken back. */
export function statusChangeFields(de: Status, para: Status): string[] {
  const before = (s: Status) => s === 'agendado' || s === 'confirmado'
  const arrival = (before(de) && para === 'aguardando') || (de === 'aguardando' && before(para))
  return arrival ? ['status', 'chegada'] : ['status']
}

/** The refusal of a move that the current status does not allow. */
export function moveNotAllowedMessage(from: Status, to: Status): string {
  return messages.statusMoveNotAllowed.replace('{de}', statusLabels[from]).replace('{para}', statusLabels[to])
}

// ---- who may move ----

/** What the rules need to know of the user: the role and the doctor the user is linked to, if any. */
export interface Mover {
  role: 'ADMIN' | 'USER'
  medicoId: string | null
}

/** The moves a user linked to a doctor makes on their own appointments: starting and finishing. */
const DOCTOR_MOVES: readonly Status[] = ['em_atendimento', 'realizado']

/**
 * Whether `user` may move an appointment of doctor `medicoId` to `to` (or undo a move to `to`): ADMIN and
 * the front desk (users not linked to a doctor) may make every move; a user linked to a doctor reads every
 * board but only starts and finishes their own appointments. Undefined when allowed, else the refusal.
 */
export function moverRefusal(user: Mover, medicoId: string, to: Status): string | undefined {
  if (writesEveryAgenda(user)) return undefined
  return user.medicoId === medicoId && DOCTOR_MOVES.includes(to) ? undefined : messages.statusNotYours
}

/** ADMIN and the front desk (users not linked to a doctor) write every doctor's appointments. */
export function writesEveryAgenda(user: Mover): boolean {
  return user.role === 'ADMIN' || user.medicoId === null
}

/**
 * Whether `user` may book, change, reschedule, record a payment on or delete an appointment of the doctors
 * `medicoIds` (before and after a change): a user linked to a doctor only their own doctor's (issue 35,
 * docs/decisions.md "Closed doors"). Undefined when allowed, else the refusal.
 */
export function appointmentWriteRefusal(user: Mover, medicoIds: readonly string[]): string | undefined {
  if (writesEveryAgenda(user)) return undefined
  return medicoIds.every((id) => id === user.medicoId) ? undefined : messages.appointmentNotYours
}

/** 'Marcar faltas' is the front desk's: ADMIN and users not linked to a doctor. */
export function canMarkMissed(user: Mover): boolean {
  return writesEveryAgenda(user)
}

// ---- 'Desfazer' ----

/** Anyone may take back the last move within this many minutes of it; ADMIN at any time. */
export const UNDO_WINDOW_MINUTES = 10

/** Whether the move made at `movedAt` (ISO instant) may still be taken back by `role` at `now`. */
export function canUndoAt(role: Mover['role'], movedAt: string, now: Date): boolean {
  return role === 'ADMIN' || now.getTime() - Date.parse(movedAt) <= UNDO_WINDOW_MINUTES * 60_000
}

// ---- 'Marcar faltas' ----

/** An appointment counts as missed this many minutes after its time without an arrival. */
export const MISSED_AFTER_MINUTES = 30

/**
 * Whether 'Marcar faltas' would mark this appointment at `now`: today at the clinic, more than 30 minutes
 * past its time (floating time, docs/product.md §12), and the patient never arrived (still agendado or confirmado).
 */
export function isMissedCandidate(
  agendamento: { datahora: string; status?: Status | undefined },
  now: Date = new Date(),
  clinic?: readonly Horario[],
): boolean {
  const status = statusOf(agendamento)
  if (status !== 'agendado' && status !== 'confirmado') return false
  if (datePart(agendamento.datahora) !== clinicToday(now)) return false
  return Date.parse(agendamento.datahora) < missedCutoff(now, clinic)
}

/**
 * The floating instant before which today's unarrived appointments are missed: MISSED_AFTER_MINUTES ago,
 * or now once the clinic's hours of the day are over (docs/decisions.md "Opening hours": after closing, a
 * patient booked for the last minutes will not come either).
 */
export function missedCutoff(now: Date, clinic?: readonly Horario[]): number {
  const wall = clinicWallClock(now)
  if (clinic !== undefined && closedForTheDay(clinic, wall)) return wall.getTime()
  return wall.getTime() - MISSED_AFTER_MINUTES * 60_000
}
