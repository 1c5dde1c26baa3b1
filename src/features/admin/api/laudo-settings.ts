// GET and PUT /clinica/laudo (issue 36): the clinic's settings of the laudo — responsável técnico, CNES, the
// PACS viewer's address, 'Liberar para assinatura manual'.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { messages, type SalvarConfiguracoesLaudoRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { clinicaKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export const laudoSettingsKey = () => [...clinicaKeys.all, 'laudo'] as const

export const laudoSettingsQuery = () =>
  queryOptions({
    queryKey: laudoSettingsKey(),
    queryFn: async ({ signal }) => (await callApi('configuracoesLaudo', undefined, { signal })).configuracoes,
  })

export const useLaudoSettings = () => useQuery(laudoSettingsQuery())

export function useSaveLaudoSettings() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: SalvarConfiguracoesLaudoRequest) =>
      (await callApi('salvarConfiguracoesLaudo', body)).configuracoes,
    meta: { success: messages.laudoSettingsSaved, failure: { failure: messages.laudoSettingsSaveFailed } },
    onSuccess: (configuracoes) => queryClient.setQueryData(laudoSettingsKey(), configuracoes),
  })
}
