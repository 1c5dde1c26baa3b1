// The appointment's 'protocolo de retirada' (POST /laudo/protocolo, issue 36 point 7), printed with the
// receipt once the patient arrived. Kept offline with the laudos' queries (['laudos', …]).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { laudoKeys } from '@/lib/query-keys'

export const protocoloQueryOptions = (agendamentoId: string) =>
  queryOptions({
    queryKey: [...laudoKeys.all, 'protocolo', agendamentoId] as const,
    queryFn: async ({ signal }) => (await callApi('protocoloRetirada', { agendamentoId }, { signal })).protocolo,
    // given once and never changed
    staleTime: Infinity,
  })

export function useProtocolo(agendamentoId: string, enabled: boolean) {
  return useQuery({ ...protocoloQueryOptions(agendamentoId), enabled })
}
