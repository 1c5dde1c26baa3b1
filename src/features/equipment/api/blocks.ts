import { useQueryClient } from '@tanstack/react-query'
import { messages, type RegisterBloqueioRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendaKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export async function registerBlock(body: RegisterBloqueioRequest) {
  const { bloqueio } = await callApi('registerBloqueio', body)
  return bloqueio
}

/** A block of a machine (a period and a reason); the machines and the agenda refresh. */
export function useRegisterBlock() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: registerBlock,
    meta: { success: messages.blockSaved, failure: { failure: messages.blockSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  })
}

export async function deleteBlock(id: string) {
  await callApi('deleteBloqueio', { id })
}

export function useDeleteBlock() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: deleteBlock,
    meta: { success: messages.blockRemoved, failure: { failure: messages.blockSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  })
}
