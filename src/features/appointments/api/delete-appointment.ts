import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

export async function deleteAppointment(id: string): Promise<void> {
  await callApi('deleteAgendamento', { id })
}

/** Deletes an appointment; every appointment list refreshes. */
export function useDeleteAppointment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAppointment,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: agendamentoKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: agendamentoKeys.all })
    },
  })
}
