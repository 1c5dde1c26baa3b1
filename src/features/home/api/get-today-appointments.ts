import { queryOptions, useQuery } from '@tanstack/react-query'
import { clinicDayRange } from '@contract/clinic-time'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

/** Every appointment of one clinic day, 00:00:00Z–23:59:59Z in floating time (docs/product.md §7, §9). */
export async function getDayAppointments(date: string, signal?: AbortSignal) {
  const { agendamentos } = await callApi('listAgendamentosBetweenDate', clinicDayRange(date), { signal })
  return agendamentos
}

export function getDayAppointmentsQueryOptions(date: string) {
  return queryOptions({
    queryKey: agendamentoKeys.day(date),
    queryFn: ({ signal }) => getDayAppointments(date, signal),
  })
}

export function useDayAppointments(date: string) {
  return useQuery(getDayAppointmentsQueryOptions(date))
}
