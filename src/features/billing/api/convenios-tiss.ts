// GET /tiss/convenios and PUT /tiss/convenio (issue 37 point 1): each convênio's TISS settings.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { messages, type ConvenioTiss, type DefinirConvenioTissRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { catalogoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export const conveniosTissKey = () => [...catalogoKeys.all, 'tiss'] as const

export const conveniosTissQuery = () =>
  queryOptions({
    queryKey: conveniosTissKey(),
    queryFn: async ({ signal }) => (await callApi('tissConvenios', undefined, { signal })).convenios,
  })

export const useConveniosTiss = () => useQuery(conveniosTissQuery())

export function useSaveConvenioTiss() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: DefinirConvenioTissRequest) => (await callApi('definirConvenioTiss', body)).convenio,
    meta: { success: messages.tissSaved, failure: { failure: messages.tissSaveFailed } },
    onSuccess: (convenio) =>
      queryClient.setQueryData<ConvenioTiss[]>(conveniosTissKey(), (list) =>
        list?.map((c) => (c.convenioId === convenio.convenioId ? convenio : c)),
      ),
  })
}
