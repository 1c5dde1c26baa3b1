import type { Agendamento, UpdateAgendamentoRequest } from '@contract'
import { callApi, type SentBody } from '@/lib/api-client'
import type { ScheduleExtras } from './create-appointment'

/**
 * What the editor changes: every field but the identity, the creator and the version. Here, not in
 * update-appointment.ts, which imports this file: the two then do not import each other.
 */
export type AppointmentChanges = Omit<UpdateAgendamentoRequest, 'id' | 'versao' | 'userId'>

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
