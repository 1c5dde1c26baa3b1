import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Agendamento } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

export async function getAppointment(id: string, signal?: AbortSignal): Promise<Agendamento> {
  const { agendamento } = await callApi('findAgendamento', { id }, { signal })
  return agendamento
}

export const appointmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: agendamentoKeys.detail(id),
    queryFn: ({ signal }) => getAppointment(id, signal),
    // The editor needs the current `versao`: always read it fresh when the modal opens.
    staleTime: 0,
  })

export function useAppointment(id: string | null) {
  return useQuery({ ...appointmentQueryOptions(id ?? ''), enabled: id !== null })
}
