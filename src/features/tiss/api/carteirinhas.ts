// POST /tiss/carteirinhas: one patient's cards, one per convênio (issue 37 point 2).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { tissKeys } from './keys'

export const carteirinhasQuery = (pacienteId: string) =>
  queryOptions({
    queryKey: tissKeys.carteirinhas(pacienteId),
    queryFn: async ({ signal }) => (await callApi('carteirinhasPaciente', { pacienteId }, { signal })).carteirinhas,
  })

export const useCarteirinhas = (pacienteId: string) => useQuery(carteirinhasQuery(pacienteId))
