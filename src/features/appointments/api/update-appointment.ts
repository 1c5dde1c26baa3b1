import { useQueryClient } from '@tanstack/react-query'
import { messages, type Agendamento } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendaKeys, agendamentoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'
import { rescheduleAppointment, type AppointmentChanges, type Reschedule } from './reschedule-appointment'

export interface AppointmentUpdate {
  changes: AppointmentChanges
  /** The appointment as the editor read it. */
  original: Agendamento
  /** A new time, machine, duration or encaixe: saved through /agendamento/reagendar instead. */
  schedule?: Reschedule
}

/**
 * Saves the changes over `original`: its id, its creator (docs/product.md §7 sends `userId` again; the server keeps
 * the stored one) and the `versao` it was read with, so someone else's change made meanwhile is a 409.
 */
export async function updateAppointment({ changes, original, schedule }: AppointmentUpdate): Promise<Agendamento> {
  if (schedule) return rescheduleAppointment(changes, original, schedule)
  const { agendamento } = await callApi('updateAgendamento', {
    ...changes,
    userId: original.userId,
    id: original.id,
    versao: original.versao,
  })
  return agendamento
}

/** Updates an appointment; every appointment list and the agenda refresh. */
export function useUpdateAppointment() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: updateAppointment,
    // No failure text of its own in docs/product.md §8: the server's sentence (slot taken, changed by
    // someone else, gone), else the generic one.
    meta: { success: messages.appointmentUpdated },
    onSuccess: (agendamento) => {
      queryClient.setQueryData(agendamentoKeys.detail(agendamento.id), agendamento)
      // the agenda's blocks and free times move with it
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: agendamentoKeys.all }),
        queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
      ])
    },
  })
}
