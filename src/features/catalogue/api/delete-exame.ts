import { useQueryClient } from '@tanstack/react-query'
import { messages } from '@contract'
import { callApi } from '@/lib/api-client'
import { catalogoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export async function deleteExame(id: string): Promise<void> {
  await callApi('deleteExame', { id })
}

/** Deletes an exam never booked (one in use is refused: the server says to deactivate it). */
export function useDeleteExame() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: deleteExame,
    meta: { success: messages.exameDeleted, failure: { failure: messages.catalogueSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogoKeys.all }),
  })
}
