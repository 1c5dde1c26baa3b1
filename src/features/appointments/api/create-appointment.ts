import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Agendamento, RegisterAgendamentoRequest } from '@contract'
import { callApi, type CallOptions } from '@/lib/api-client'
import { useIdempotencyKey } from '@/lib/idempotency'
import { agendamentoKeys } from '@/lib/query-keys'

export async function createAppointment(body: RegisterAgendamentoRequest, options?: CallOptions): Promise<Agendamento> {
  const { agendamento } = await callApi('registerAgendamento', body, options)
  return agendamento
}

/** Creates an appointment; every appointment list (this screen's and the home page's day) refreshes. */
export function useCreateAppointment() {
  const queryClient = useQueryClient()
  const idempotency = useIdempotencyKey()
  return useMutation({
    mutationFn: (body: RegisterAgendamentoRequest) => createAppointment(body, { headers: idempotency.headers() }),
    onSettled: (_data, error) => idempotency.settle(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendamentoKeys.all }),
  })
}
