import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Medico } from '@contract'
import { callApi } from '@/lib/api-client'
import { medicoKeys } from '@/lib/query-keys'

export async function getDoctors(signal?: AbortSignal): Promise<Medico[]> {
  const { medicos } = await callApi('listMedicos', undefined, { signal })
  return medicos
}

export const doctorsQueryOptions = () =>
  queryOptions({
    queryKey: medicoKeys.list(),
    queryFn: ({ signal }) => getDoctors(signal),
    // Doctors change rarely (an admin registers one now and then).
    staleTime: 10 * 60_000,
  })

export function useDoctors() {
  return useQuery(doctorsQueryOptions())
}
