import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { LaudoPendente, LaudosPendentesFiltros } from '@contract'
import { callApi } from '@/lib/api-client'
import { laudoKeys } from '@/lib/query-keys'

type Page = { laudos: LaudoPendente[]; proximo: string | null }

/**
 * The worklist ('Laudos'): exams awaiting their laudo, by 'Meus' / all, modality and machine, a page at a
 * time ('Carregar Mais'); each page's `proximo` is the next one's cursor, null on the last.
 */
export function laudoWorklistQueryOptions(filters: LaudosPendentesFiltros) {
  return infiniteQueryOptions({
    queryKey: laudoKeys.worklist(filters),
    queryFn: async ({ pageParam, signal }): Promise<Page> =>
      callApi('laudosPendentes', { ...filters, depois: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.proximo ?? undefined,
  })
}

export function useLaudoWorklist(filters: LaudosPendentesFiltros) {
  return useInfiniteQuery(laudoWorklistQueryOptions(filters))
}
