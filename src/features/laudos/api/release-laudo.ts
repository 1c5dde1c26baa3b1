// POST /laudos/liberar ('Assinar e liberar', issue 36 point 5) and the clinic's laudo settings it reads
// (a clinic that signs by hand asks no password). The answer is the laudo's versions: it seeds their query.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { messages, type LiberarLaudoRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { clinicaKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'
import { laudoVersionsKey } from './release-versions'

/** The same key as the admin's form of these settings: one cache entry for one answer. */
export const releaseSettingsQuery = () =>
  queryOptions({
    queryKey: [...clinicaKeys.all, 'laudo'] as const,
    queryFn: async ({ signal }) => (await callApi('configuracoesLaudo', undefined, { signal })).configuracoes,
  })

export const useReleaseSettings = () => useQuery(releaseSettingsQuery())

export function useReleaseLaudo() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: LiberarLaudoRequest) => (await callApi('liberarLaudo', body)).laudo,
    meta: { success: messages.laudoReleaseReleased, failure: { failure: messages.laudoReleaseReleaseFailed } },
    onSuccess: (laudo) => queryClient.setQueryData(laudoVersionsKey(laudo.laudoId), laudo),
  })
}
