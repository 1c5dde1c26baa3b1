import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AgendamentoDetalhes } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

export async function getAppointmentDetails(id: string, signal?: AbortSignal): Promise<AgendamentoDetalhes> {
  const { detalhes } = await callApi('detalhesAgendamento', { id }, { signal })
  return detalhes
}

export const appointmentDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: agendamentoKeys.catalogue(id),
    queryFn: ({ signal }) => getAppointmentDetails(id, signal),
  })

/** The exams copied from the catalogue, the convênio's data and the payments of one appointment. */
export const useAppointmentDetails = (id: string) => useQuery(appointmentDetailsQueryOptions(id))
