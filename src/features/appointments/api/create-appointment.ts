import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Agendamento, RegisterAgendamentoRequest } from '../../../contract'
import { callApi } from '../../../lib/api-client'
import { agendamentoKeys } from '../../../lib/query-keys'

export async function createAppointment(body: RegisterAgendamentoRequest): Promise<Agendamento> {
  const { agendamento } = await callApi('registerAgendamento', body)
  return agendamento
}

/** Creates an appointment; every appointment list (this screen's and the home page's day) refreshes. */
export function useCreateAppointment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendamentoKeys.all }),
  })
}
