// GET /tiss/convenios at the desk: which exams a convênio authorises beforehand, and its provider code for
// the printed guia. The same key as the 'Dados TISS' page's query, so one cache entry serves both.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { tissKeys } from './keys'

export const conveniosTissQuery = () =>
  queryOptions({
    queryKey: tissKeys.convenios(),
    queryFn: async ({ signal }) => (await callApi('tissConvenios', undefined, { signal })).convenios,
    staleTime: 5 * 60_000,
  })

export const useConveniosTiss = () => useQuery(conveniosTissQuery())
