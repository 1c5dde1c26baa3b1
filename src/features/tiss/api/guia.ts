// POST /tiss/guia: a convênio appointment's guia (null while never saved) and the booking's warnings.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { tissKeys } from './keys'

export const guiaQuery = (agendamentoId: string) =>
  queryOptions({
    queryKey: tissKeys.guia(agendamentoId),
    queryFn: ({ signal }) => callApi('guiaTiss', { agendamentoId }, { signal }),
  })

export const useGuia = (agendamentoId: string) => useQuery(guiaQuery(agendamentoId))
