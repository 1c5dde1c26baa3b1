// Every stock phrase (GET /laudo/frases), issue 36 point 2: the phrases' screen, the picker and the short
// codes of the laudo editor read it; kept in the offline cache with the other queries.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FrasePronta } from '@contract'
import { callApi } from '@/lib/api-client'
import { frasesKeys } from './template-keys'

export const frasesQueryOptions = () =>
  queryOptions({
    queryKey: frasesKeys.all,
    queryFn: async ({ signal }): Promise<FrasePronta[]> =>
      (await callApi('frasesProntas', undefined, { signal })).frases,
    staleTime: 5 * 60_000,
  })

export const useFrasesProntas = () => useQuery(frasesQueryOptions())
