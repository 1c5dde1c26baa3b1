// Registers or changes a stock phrase, and deletes one (issue 36 point 2); the list refreshes.
import { useQueryClient } from '@tanstack/react-query'
import { templateMessages, type FrasePronta, type RegisterFraseRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { useAppMutation } from '@/lib/use-app-mutation'
import { frasesKeys } from './template-keys'

export type FraseChanges = RegisterFraseRequest & { id?: string }

export async function saveFrase({ id, ...data }: FraseChanges): Promise<FrasePronta> {
  const { frase } =
    id === undefined ? await callApi('registerFrase', data) : await callApi('updateFrase', { ...data, id })
  return frase
}

export function useSaveFrase() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: saveFrase,
    meta: { success: templateMessages.fraseSaved, failure: { failure: templateMessages.fraseSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: frasesKeys.all }),
  })
}

export function useDeleteFrase() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (id: string) => {
      await callApi('deleteFrase', { id })
    },
    meta: { success: templateMessages.fraseDeleted, failure: { failure: templateMessages.fraseDeleteFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: frasesKeys.all }),
  })
}
