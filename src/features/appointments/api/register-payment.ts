import { useQueryClient } from '@tanstack/react-query'
import { messages, type CallAnswer, type RegistrarPagamentoRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export function registerPayment(body: RegistrarPagamentoRequest): Promise<CallAnswer<'registrarPagamento'>> {
  return callApi('registrarPagamento', body)
}

/** 'Registrar pagamento': the appointment (now perhaps paid), its details and history, and the lists refresh. */
export function useRegisterPayment() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: registerPayment,
    meta: { success: messages.paymentRegistered, failure: { failure: messages.paymentFailed } },
    onSuccess: ({ agendamento }) => {
      queryClient.setQueryData(agendamentoKeys.detail(agendamento.id), agendamento)
      return queryClient.invalidateQueries({ queryKey: agendamentoKeys.all })
    },
  })
}
