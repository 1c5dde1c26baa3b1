import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import type { Paciente, RegisterPacienteRequest } from '@contract'
import { callApi, type ApiError, type CallOptions } from '@/lib/api-client'
import { useIdempotencyKey } from '@/lib/idempotency'
import { pacienteKeys } from '@/lib/query-keys'

export async function createPatient(data: RegisterPacienteRequest, options?: CallOptions): Promise<Paciente> {
  const answer = await callApi('registerPaciente', data, options)
  return answer.paciente
}

type UseCreatePatientOptions = {
  mutationConfig?: Omit<UseMutationOptions<Paciente, ApiError, RegisterPacienteRequest>, 'mutationFn'>
}

/** Registers a patient; every patient list and search is refreshed. */
export const useCreatePatient = ({ mutationConfig }: UseCreatePatientOptions = {}) => {
  const queryClient = useQueryClient()
  const { onSuccess, onSettled, ...restConfig } = mutationConfig ?? {}
  const idempotency = useIdempotencyKey()
  return useMutation({
    ...restConfig,
    onSettled: (...args) => {
      idempotency.settle(args[1])
      return onSettled?.(...args)
    },
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: pacienteKeys.all })
      return onSuccess?.(...args)
    },
    mutationFn: (data: RegisterPacienteRequest) => createPatient(data, { headers: idempotency.headers() }),
  })
}
