import { useQueryClient } from '@tanstack/react-query'
import { messages, type Exame, type RegisterExameRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { catalogoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** A new exam (no id) or the changes of one (with its id). */
export type ExameChanges = RegisterExameRequest & { id?: string }

export async function saveExame({ id, ...data }: ExameChanges): Promise<Exame> {
  const { exame } =
    id === undefined ? await callApi('registerExame', data) : await callApi('updateExame', { ...data, id })
  return exame
}

/** Registers or changes an exam (deactivating is a change); the catalogue refreshes. */
export function useSaveExame() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: saveExame,
    meta: { success: messages.exameSaved, failure: { failure: messages.catalogueSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogoKeys.all }),
  })
}
