import { queryOptions, useQuery } from '@tanstack/react-query'
import type { HorarioLivre, HorariosLivresRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendaKeys } from '@/lib/query-keys'

export async function getFreeTimes(body: HorariosLivresRequest, signal?: AbortSignal): Promise<HorarioLivre[]> {
  const { horarios } = await callApi('horariosLivres', body, { signal })
  return horarios
}

export const freeTimesQueryOptions = (body: HorariosLivresRequest) =>
  queryOptions({
    queryKey: agendaKeys.free({ ...body }),
    queryFn: ({ signal }) => getFreeTimes(body, signal),
    staleTime: 0,
  })

/** 'Próximos horários livres', asked for only when `body` is given (the button was pressed). */
export function useFreeTimes(body: HorariosLivresRequest | null) {
  return useQuery({
    ...freeTimesQueryOptions(body ?? { modalidade: 'US', duracaoMinutos: 15, desde: '' }),
    enabled: body !== null,
  })
}
