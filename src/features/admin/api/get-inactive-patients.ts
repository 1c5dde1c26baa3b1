import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE } from '@contract'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'

export async function getInactivePatients(page: number, signal?: AbortSignal) {
  const { pacientes } = await callApi('listPacientesInativos', { page }, { signal })
  return pacientes
}

export function getInactivePatientsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: pacienteKeys.inativos(),
    queryFn: ({ pageParam, signal }) => getInactivePatients(pageParam, signal),
    initialPageParam: 1,
    // A short page is the last one; a full page may have a next (which may turn out empty).
    getNextPageParam: (lastPage, allPages) => (lastPage.length < PAGE_SIZE ? undefined : allPages.length + 1),
  })
}

export function useInactivePatients() {
  return useInfiniteQuery(getInactivePatientsQueryOptions())
}
