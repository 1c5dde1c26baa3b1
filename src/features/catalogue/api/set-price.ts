import { useQueryClient } from '@tanstack/react-query'
import { messages, type DefinirPrecoRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { catalogoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export async function setPrice(body: DefinirPrecoRequest): Promise<void> {
  await callApi('definirPreco', body)
}

/** Sets one exam's price on one convênio (null removes it); the catalogue refreshes. */
export function useSetPrice() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: setPrice,
    meta: { success: messages.precoSaved, failure: { failure: messages.catalogueSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogoKeys.all }),
  })
}
