import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { datePart, messages, type Agendamento, type DesfazerStatusRequest, type MoverStatusRequest, type Status } from '@contract'
import { callApi } from '@/lib/api-client'
import { isNetworkFailure } from '@/lib/api-errors'
import { notifyError, notifyNotSaved, notifySuccess } from '@/lib/notify'
import { agendamentoKeys } from '@/lib/query-keys'

/** What the desk reads after each move. */
const MOVED: Partial<Record<Status, string>> = {
  confirmado: messages.statusConfirmed,
  aguardando: messages.arrivalRegistered,
  em_atendimento: messages.serviceStarted,
  realizado: messages.serviceFinished,
  faltou: messages.missedRegistered,
  cancelado: messages.appointmentCancelled,
}

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

function failed(queryClient: QueryClient, error: Error) {
  if (isNetworkFailure(error)) notifyNotSaved(messages.statusChangeFailed)
  else {
    notifyError(error.message || messages.statusChangeFailed)
    // a refusal means the board was behind (someone else moved it): show what is true now
    void queryClient.invalidateQueries({ queryKey: agendamentoKeys.all })
  }
}

/** One status move of an appointment (with the `versao` the board read). */
export function useMoveStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: MoverStatusRequest) => (await callApi('moverStatus', body)).agendamento,
    onSuccess: (agendamento, body) => {
      notifySuccess(MOVED[body.status] ?? messages.appointmentUpdated)
      return applyChanged(queryClient, [agendamento])
    },
    onError: (error) => failed(queryClient, error),
  })
}

/** Takes back the appointment's last move ('Desfazer'). */
export function useUndoStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: DesfazerStatusRequest) => (await callApi('desfazerStatus', body)).agendamento,
    onSuccess: (agendamento) => {
      notifySuccess(messages.statusUndone)
      return applyChanged(queryClient, [agendamento])
    },
    onError: (error) => failed(queryClient, error),
  })
}

/** 'Marcar faltas': the appointments the desk confirmed; the server marks those that still qualify. */
export function useMarkMissed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (ids: string[]) => (await callApi('marcarFaltas', { ids })).agendamentos,
    onSuccess: (marked) => {
      notifySuccess(messages.missedMarked.replace('{n}', String(marked.length)))
      return applyChanged(queryClient, marked)
    },
    onError: (error) => failed(queryClient, error),
  })
}
