// An exam's laudo template (POST /laudo/modelo) and its save (PUT /laudo/modelo), issue 36 point 2.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { templateMessages, type ModeloLaudo, type SalvarModeloLaudoRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { useAppMutation } from '@/lib/use-app-mutation'
import { laudoTemplateKeys } from './template-keys'

export const modeloLaudoQueryOptions = (exameId: string) =>
  queryOptions({
    queryKey: laudoTemplateKeys.modelo(exameId),
    queryFn: async ({ signal }) => (await callApi('modeloLaudo', { exameId }, { signal })).modelo,
    enabled: exameId !== '',
  })

export const useModeloLaudo = (exameId: string) => useQuery(modeloLaudoQueryOptions(exameId))

export function useSaveModeloLaudo() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: SalvarModeloLaudoRequest): Promise<ModeloLaudo> =>
      (await callApi('salvarModeloLaudo', body)).modelo,
    meta: { success: templateMessages.modeloSaved, failure: { failure: templateMessages.modeloSaveFailed } },
    onSuccess: (modelo) => queryClient.setQueryData(laudoTemplateKeys.modelo(modelo.exameId), modelo),
  })
}
