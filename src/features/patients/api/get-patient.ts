import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Paciente } from '@contract'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'

/** One patient by id (active or not); an unknown id is an ApiError 404. */
export async function getPatient({ id, signal }: { id: string; signal?: AbortSignal }): Promise<Paciente> {
  const answer = await callApi('findPaciente', { id }, { signal })
  return answer.paciente
}

export const getPatientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: pacienteKeys.detail(id),
    queryFn: ({ signal }) => getPatient({ id, signal }),
  })

type UsePatientOptions = {
  id: string
  enabled?: boolean
}

export const usePatient = ({ id, enabled = true }: UsePatientOptions) =>
  useQuery({ ...getPatientQueryOptions(id), enabled: enabled && id !== '' })
