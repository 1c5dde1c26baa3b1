import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LaudosPendentesRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { laudoKeys } from '@/lib/query-keys'

/** The worklist ('Laudos'): exams awaiting their laudo, by 'Meus' / all, modality and machine. */
export function laudoWorklistQueryOptions(filters: LaudosPendentesRequest) {
  return queryOptions({
    queryKey: laudoKeys.worklist(filters),
    queryFn: async ({ signal }) => (await callApi('laudosPendentes', filters, { signal })).laudos,
  })
}

export function useLaudoWorklist(filters: LaudosPendentesRequest) {
  return useQuery(laudoWorklistQueryOptions(filters))
}
