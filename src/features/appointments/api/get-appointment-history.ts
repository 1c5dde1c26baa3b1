import { queryOptions, useQuery } from '@tanstack/react-query'
import type { HistoricoEntry } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

export async function getAppointmentHistory(id: string): Promise<HistoricoEntry[]> {
  const { historico } = await callApi('historicoAgendamento', { id })
  return historico
}

export const appointmentHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: agendamentoKeys.history(id), queryFn: () => getAppointmentHistory(id) })

/** Who changed this appointment, what and when ('Saiba mais'). */
export const useAppointmentHistory = (id: string) => useQuery(appointmentHistoryQueryOptions(id))
