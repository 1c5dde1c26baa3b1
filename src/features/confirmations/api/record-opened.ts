import { onlineManager, useMutationState, useQueryClient } from '@tanstack/react-query'
import { messages, type Confirmacao } from '@contract'
import { callApi } from '@/lib/api-client'
import { notifyInfo } from '@/lib/notify'
import { agendamentoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export const OPENED_KEY = ['whatsappAberto'] as const
/** The 'Confirmado' taps: the page reads which rows have one on its way. */
export const CONFIRM_KEY = ['confirmar'] as const

/** The appointments whose 'aberto' waits for the connection (paused mutations of this kind). */
export function useQueuedOpenings(): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: OPENED_KEY, predicate: (m) => m.state.isPaused },
    select: (m) => m.state.variables as string,
  })
  return new Set(ids)
}

/**
 * Records that this user opened an appointment's WhatsApp link ('aberto'). Unlike every other change it
 * waits for the connection (networkMode 'online': paused offline, sent when it is back) and says so: the
 * link itself opens with the phone's own connection (docs/decisions.md, "Messages and printouts").
 */
export function useRecordOpened(dia: string) {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationKey: OPENED_KEY,
    mutationFn: async (id: string) => (await callApi('registrarWhatsappAberto', { id })).aberto,
    networkMode: 'online',
    meta: { failure: { failure: messages.whatsappOpenedFailed } },
    onMutate: () => {
      if (!onlineManager.isOnline()) notifyInfo(messages.whatsappOpenedQueued)
    },
    onSuccess: (aberto, id) =>
      queryClient.setQueryData<Confirmacao[]>(agendamentoKeys.confirmations(dia), (rows) =>
        rows?.map((row) => (row.agendamento.id === id ? { ...row, aberto } : row)),
      ),
  })
}

/** 'Confirmado' in one tap: the status move of the day board (POST /agendamento/status). */
export function useConfirm() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationKey: CONFIRM_KEY,
    mutationFn: async (body: { id: string; versao: number }) =>
      (await callApi('moverStatus', { ...body, status: 'confirmado' })).agendamento,
    meta: { success: messages.statusConfirmed, failure: { failure: messages.statusChangeFailed } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendamentoKeys.all }),
  })
}
