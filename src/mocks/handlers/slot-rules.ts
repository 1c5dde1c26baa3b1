// The booking rules the appointments' calls (agendamentos.ts) and the agenda's (agenda.ts) both apply: one
// live appointment per doctor and time, no overlap, a lengthened duration kept. A module of its own so that
// neither handler file imports the other.
import { defaultDurationMinutes, endOf, freesSlot, messages, minutesBetween, statusOf } from '@contract'
import { fail } from '../pipeline'
import type { MockStore, StoredAgendamento } from '../store'
import { checkBooking, fimOf } from './agenda-schedule'

/**
 * One live appointment per doctor and date-time (409 'horário ocupado'); a cancelled or missed one frees
 * its time, as the server's partial unique index.
 */
export function assertSlotFree(
  store: MockStore,
  medicoId: string,
  datahora: string,
  exceptId?: string,
  message: string = messages.slotTaken,
) {
  const t = Date.parse(datahora)
  const taken = (a: StoredAgendamento) =>
    a.id !== exceptId && a.medicoId === medicoId && Date.parse(a.datahora) === t && !freesSlot(statusOf(a))
  if (store.agendamentos.some(taken)) fail(409, message)
}

const holds = (a: StoredAgendamento) => !freesSlot(statusOf(a)) && a.sobreposto !== true

/**
 * The specification's calls under the overlap rule (the server's exclusion constraint): the exact same
 * time keeps its answer (slotTaken), another overlap is refused naming the doctor's booking.
 */
export function assertNoOverlap(
  store: MockStore,
  a: { datahora: string; medicoId: string; exames: string[] },
  exceptId?: string,
) {
  assertSlotFree(store, a.medicoId, a.datahora, exceptId)
  const fim = endOf(a.datahora, defaultDurationMinutes(a.exames.length))
  const taken = store.agendamentos.some(
    (b) => b.id !== exceptId && b.medicoId === a.medicoId && holds(b) && b.datahora < fim && a.datahora < fimOf(b),
  )
  if (!taken) return
  const { overlap } = checkBooking(store, { datahora: a.datahora, fim, medicoId: a.medicoId }, exceptId)
  fail(409, overlap?.message ?? messages.slotOverlap)
}

/** As the server: a default duration follows the exams, a lengthened one is kept (at least the new default). */
export function keptEnd(row: StoredAgendamento, datahora: string, examCount: number): string | undefined {
  if (row.fim === undefined) return undefined
  const before = minutesBetween(row.datahora, row.fim)
  const fallback = defaultDurationMinutes(examCount)
  if (before === defaultDurationMinutes(row.exames.length)) return undefined
  return endOf(datahora, Math.max(before, fallback))
}
