import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Agendamento, DesfazerStatusRequest, MoverStatusRequest, Status } from '@contract'
import { datePart } from '@contract/clinic-time'
import { messages } from '@contract/messages'
import { callApi } from '@/lib/api-client'
import { notifySuccess } from '@/lib/notify'
import { agendamentoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** What the desk reads after each move (one hook, several outcomes: said in onSuccess, not in meta). */
const MOVED: Partial<Record<Status, string>> = {
  confirmado: messages.statusConfirmed,
  aguardando: messages.arrivalRegistered,
  em_atendimento: messages.serviceStarted,
  realizado: messages.serviceFinished,
  faltou: messages.missedRegistered,
  cancelado: messages.appointmentCancelled,
}

/**
 * A refused move (409: someone else moved it, or the move no longer applies) says the server's sentence;
 * offline, 'Erro ao mudar o status do agendamento! Não foi salvo. Sem conexão…'.
 */
const failure = { failure: messages.statusChangeFailed }

/** The day's list shows the appointment as answered at once; then every appointment list refreshes. */
function applyChanged(queryClient: QueryClient, changed: Agendamento[]) {
  for (const agendamento of changed) {
    queryClient.setQueryData<Agendamento[]>(agendamentoKeys.day(datePart(agendamento.datahora)), (day) =>
      day?.map((entry) => (entry.id === agendamento.id ? agendamento : entry)),
    )
    queryClient.setQueryData(agendamentoKeys.detail(agendamento.id), agendamento)
  }
  return queryClient.invalidateQueries({ queryKey: agendamentoKeys.all })
}

/** After a refusal the board was behind (someone else moved the appointment): show what is true now. */
function refresh(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: agendamentoKeys.all })
}

/** One status move of an appointment, with the `versao` the board read. */
export function useMoveStatus() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: MoverStatusRequest) => (await callApi('moverStatus', body)).agendamento,
    meta: { failure },
    onSuccess: (agendamento, body) => {
      notifySuccess(MOVED[body.status] ?? messages.appointmentUpdated)
      return applyChanged(queryClient, [agendamento])
    },
    onError: () => refresh(queryClient),
  })
}

/** Takes back the appointment's last move ('Desfazer'). */
export function useUndoStatus() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: DesfazerStatusRequest) => (await callApi('desfazerStatus', body)).agendamento,
    meta: { success: messages.statusUndone, failure },
    onSuccess: (agendamento) => applyChanged(queryClient, [agendamento]),
    onError: () => refresh(queryClient),
  })
}

/** 'Marcar faltas': the appointments the desk confirmed; the server marks those that still qualify. */
export function useMarkMissed() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (ids: string[]) => (await callApi('marcarFaltas', { ids })).agendamentos,
    meta: { failure },
    onSuccess: (marked) => {
      notifySuccess(messages.missedMarked.replace('{n}', String(marked.length)))
      return applyChanged(queryClient, marked)
    },
    onError: () => refresh(queryClient),
  })
}
