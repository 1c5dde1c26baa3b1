import type { Agendamento } from '@contract'
import { callApi, type SentBody } from '@/lib/api-client'
import type { ScheduleExtras } from './create-appointment'
import type { AppointmentChanges } from './update-appointment'

/** The schedule the edit dialog sends to /agendamento/reagendar: the machine (null: none) and the rest. */
export type Reschedule = Omit<ScheduleExtras, 'equipamentoId'> & { equipamentoId: string | null }

/**
 * Saves the edit dialog's changes with a new time, machine, duration or encaixe (docs/decisions.md "Agenda
 * and equipment"): the update's fields and `versao`, plus the schedule, in one call.
 */
export async function rescheduleAppointment(
  changes: AppointmentChanges,
  original: Agendamento,
  schedule: Reschedule,
): Promise<Agendamento> {
  const body: SentBody<'reagendar'> = {
    ...changes,
    ...schedule,
    userId: original.userId,
    id: original.id,
    versao: original.versao,
  }
  const { agendamento } = await callApi('reagendar', body)
  return agendamento
}
