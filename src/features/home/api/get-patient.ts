import { useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'

/**
 * The patient of an arrival, for the birth date: 'Registrar chegada' shows pessoa idosa from it before the
 * move is sent (the appointment's answer carries it only once the patient arrived). The patients' detail key:
 * the same record the rest of the app reads.
 */
export function usePatientForArrival(pacienteId: string | undefined) {
  return useQuery({
    queryKey: pacienteKeys.detail(pacienteId ?? ''),
    queryFn: async ({ signal }) => (await callApi('findPaciente', { id: pacienteId! }, { signal })).paciente,
    enabled: pacienteId !== undefined,
  })
}
