import { queryOptions, useQuery } from '@tanstack/react-query'
import type { HistoricoEntry } from '@contract'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'

export async function getPatientHistory(id: string): Promise<HistoricoEntry[]> {
  const { historico } = await callApi('historicoPaciente', { id })
  return historico
}

export const patientHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: pacienteKeys.history(id), queryFn: () => getPatientHistory(id) })

/** Who changed this patient, what and when ('Saiba mais'). */
export const usePatientHistory = (id: string) => useQuery(patientHistoryQueryOptions(id))
