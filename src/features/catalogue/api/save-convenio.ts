import { useQueryClient } from '@tanstack/react-query'
import { messages, type Convenio, type RegisterConvenioRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { catalogoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** A new convênio (no id) or the changes of one (with its id). */
export type ConvenioChanges = RegisterConvenioRequest & { id?: string }

export async function saveConvenio({ id, ...data }: ConvenioChanges): Promise<Convenio> {
  const { convenio } =
    id === undefined ? await callApi('registerConvenio', data) : await callApi('updateConvenio', { ...data, id })
  return convenio
}

/** Registers or changes a convênio (deactivating is a change); the catalogue refreshes. */
export function useSaveConvenio() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: saveConvenio,
    meta: { success: messages.convenioSaved, failure: { failure: messages.catalogueSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogoKeys.all }),
  })
}
