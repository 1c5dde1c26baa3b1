import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Agendamento } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

/**
 * The first page of a patient's appointments (ascending, docs/product.md §10.2): the profile lists them and
 * the delete question says whether there are any (issue 14). Under the appointments' keys: every appointment
 * write invalidates them.
 */
export async function getPatientAppointments(pacienteId: string, signal?: AbortSignal): Promise<Agendamento[]> {
  const answer = await callApi('listAgendamentosByPaciente', { pacienteId, page: 1 }, { signal })
  return answer.agendamentos
}

export const patientAppointmentsQueryOptions = (pacienteId: string) =>
  queryOptions({
    queryKey: [...agendamentoKeys.all, 'byPaciente', pacienteId] as const,
    queryFn: ({ signal }) => getPatientAppointments(pacienteId, signal),
  })

export const usePatientAppointments = (pacienteId: string | undefined) =>
  useQuery({ ...patientAppointmentsQueryOptions(pacienteId ?? ''), enabled: Boolean(pacienteId) })
