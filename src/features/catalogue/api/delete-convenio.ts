import { useQueryClient } from '@tanstack/react-query'
import { messages } from '@contract'
import { callApi } from '@/lib/api-client'
import { catalogoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export async function deleteConvenio(id: string): Promise<void> {
  await callApi('deleteConvenio', { id })
}

/** Deletes a convênio never used (one in use, and Particular, are refused with the server's sentence). */
export function useDeleteConvenio() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: deleteConvenio,
    meta: { success: messages.convenioDeleted, failure: { failure: messages.catalogueSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogoKeys.all }),
  })
}
