import { useQueryClient } from '@tanstack/react-query'
import { messages, type Paciente } from '@contract'
import { callApi, type CallOptions, type SentBody } from '@/lib/api-client'
import { useIdempotencyKey } from '@/lib/idempotency'
import { pacienteKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** A new patient as the wizard gives it; its creator (`userId`) is the signed-in user, added by callApi. */
export type NewPatient = SentBody<'registerPaciente'>

export async function createPatient(data: NewPatient, options?: CallOptions): Promise<Paciente> {
  const answer = await callApi('registerPaciente', data, options)
  return answer.paciente
}

/** Registers a patient; every patient list and search is refreshed. */
export function useCreatePatient() {
  const queryClient = useQueryClient()
  const idempotency = useIdempotencyKey()
  return useAppMutation({
    mutationFn: (data: NewPatient) => createPatient(data, { headers: idempotency.headers() }),
    // 'Paciente já existente ou já inativado!' is the register failure of docs/product.md §8: a 409 (the
    // CPF or RG is someone's). It says nothing about a lost connection, so it does not lead that toast.
    meta: { success: messages.patientCreated, failure: { status: { 409: messages.patientAlreadyExists } } },
    onSettled: (_data, error) => idempotency.settle(error),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pacienteKeys.all }),
  })
}
