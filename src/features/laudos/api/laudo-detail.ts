import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Laudo } from '@contract'
import { callApi } from '@/lib/api-client'
import { laudoKeys } from '@/lib/query-keys'

/** One laudo with its draft (the editor). */
export function laudoQueryOptions(id: string) {
  return queryOptions({
    queryKey: laudoKeys.detail(id),
    queryFn: async ({ signal }) => (await callApi('laudo', { id }, { signal })).laudo,
    // the editor owns the text once open: a refetch in the background would not replace what is typed
    staleTime: Infinity,
  })
}

export function useLaudo(id: string) {
  return useQuery(laudoQueryOptions(id))
}

/** Opens (creating on the first time) the laudo of an appointment's exam; the worklist then shows its id. */
export function useOpenLaudo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: { agendamentoId: string; exameId: string }) => (await callApi('abrirLaudo', body)).laudo,
    onSuccess: (laudo: Laudo) => {
      queryClient.setQueryData(laudoKeys.detail(laudo.id), laudo)
      void queryClient.invalidateQueries({ queryKey: [...laudoKeys.all, 'worklist'] })
    },
    // a failure is said by the generic rules (the server's sentence); nothing is said on success
    meta: {},
  })
}
