import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Agendamento, UpdateAgendamentoRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

export async function updateAppointment(body: UpdateAgendamentoRequest): Promise<Agendamento> {
  const { agendamento } = await callApi('updateAgendamento', body)
  return agendamento
}

/** Updates an appointment (sending the `versao` it was read with); every appointment list refreshes. */
export function useUpdateAppointment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAppointment,
    onSuccess: (agendamento) => {
      queryClient.setQueryData(agendamentoKeys.detail(agendamento.id), agendamento)
      return queryClient.invalidateQueries({ queryKey: agendamentoKeys.all })
    },
  })
}
