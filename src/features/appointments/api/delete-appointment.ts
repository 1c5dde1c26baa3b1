import { useQueryClient } from '@tanstack/react-query'
import { messages } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export async function deleteAppointment(id: string): Promise<void> {
  await callApi('deleteAgendamento', { id })
}

/** Deletes an appointment; every appointment list refreshes. */
export function useDeleteAppointment() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: deleteAppointment,
    meta: { success: messages.appointmentDeleted, failure: { failure: messages.appointmentDeleteFailed } },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: agendamentoKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: agendamentoKeys.all })
    },
  })
}
