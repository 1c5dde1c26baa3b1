import { useQueryClient } from '@tanstack/react-query'
import { messages, type RegisterBloqueioRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendaKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** The block and the bookings it covers, saved over them with `confirmar` (issue 34): to rebook. */
export async function registerBlock(body: RegisterBloqueioRequest) {
  return callApi('registerBloqueio', body)
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

/** Issue 34: the bookings a block would cover, asked before saving it; nothing changes (no toast). */
export async function blockAppointments(body: RegisterBloqueioRequest) {
  const { agendamentos } = await callApi('bloqueioAgendamentos', body)
  return agendamentos
}

export function useBlockAppointments() {
  return useAppMutation({
    mutationFn: blockAppointments,
    meta: { failure: { failure: messages.blockSaveFailed } },
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
