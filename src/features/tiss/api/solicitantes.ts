// GET /tiss/solicitantes: the reusable list of requesting doctors ('Médico solicitante').
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { tissKeys } from './keys'

export const solicitantesQuery = () =>
  queryOptions({
    queryKey: tissKeys.solicitantes(),
    queryFn: async ({ signal }) => (await callApi('solicitantes', undefined, { signal })).solicitantes,
  })

export const useSolicitantes = () => useQuery(solicitantesQuery())
