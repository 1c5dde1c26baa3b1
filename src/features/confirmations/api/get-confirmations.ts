import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

/** One clinic day's appointments to confirm, with phone, consent and 'aberto' (kept offline). */
export const confirmationsQueryOptions = (dia: string) =>
  queryOptions({
    queryKey: agendamentoKeys.confirmations(dia),
    queryFn: async ({ signal }) => (await callApi('listConfirmacoes', { dia }, { signal })).confirmacoes,
  })

export function useConfirmations(dia: string) {
  return useQuery(confirmationsQueryOptions(dia))
}
