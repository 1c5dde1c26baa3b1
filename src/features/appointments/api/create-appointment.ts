import { useQueryClient } from '@tanstack/react-query'
import { messages, type Agendamento } from '@contract'
import { callApi, type CallOptions, type SentBody } from '@/lib/api-client'
import { useIdempotencyKey } from '@/lib/idempotency'
import { agendaKeys, agendamentoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** A new appointment as the form gives it; its creator (`userId`) is the signed-in user, added by callApi. */
export type NewAppointment = SentBody<'registerAgendamento'> & ScheduleExtras

/** What 'Horário e equipamento' adds (docs/decisions.md "Agenda and equipment"): sent through /agendamento/agendar. */
export type ScheduleExtras = Partial<
  Pick<SentBody<'agendar'>, 'duracaoMinutos' | 'equipamentoId' | 'encaixe' | 'sobrepor'>
>

export async function createAppointment(body: NewAppointment, options?: CallOptions): Promise<Agendamento> {
  const { duracaoMinutos, equipamentoId, encaixe, sobrepor, ...register } = body
  const scheduled = duracaoMinutos !== undefined || equipamentoId !== undefined || encaixe || sobrepor
  const { agendamento } = scheduled
    ? await callApi('agendar', body as SentBody<'agendar'>, options)
    : await callApi('registerAgendamento', register, options)
  return agendamento
}

/** Creates an appointment; every appointment list (this screen's and the home page's day) refreshes. */
export function useCreateAppointment() {
  const queryClient = useQueryClient()
  const idempotency = useIdempotencyKey()
  return useAppMutation({
    mutationFn: (body: NewAppointment) => createAppointment(body, { headers: idempotency.headers() }),
    // A 400 or 409 (the slot is taken) says what is wrong in the server's sentence.
    meta: { success: messages.appointmentCreated, failure: { failure: messages.appointmentCreateFailed } },
    onSettled: (_data, error) => idempotency.settle(error),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agendamentoKeys.all }),
        queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
      ]),
  })
}
