import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import type { Paciente, RegisterPacienteRequest } from '../../../contract'
import { callApi, type ApiError } from '../../../lib/api-client'
import { pacienteKeys } from '../../../lib/query-keys'

export async function createPatient(data: RegisterPacienteRequest): Promise<Paciente> {
  const answer = await callApi('registerPaciente', data)
  return answer.paciente
}

type UseCreatePatientOptions = {
  mutationConfig?: Omit<UseMutationOptions<Paciente, ApiError, RegisterPacienteRequest>, 'mutationFn'>
}

/** Registers a patient; every patient list and search is refreshed. */
export const useCreatePatient = ({ mutationConfig }: UseCreatePatientOptions = {}) => {
  const queryClient = useQueryClient()
  const { onSuccess, ...restConfig } = mutationConfig ?? {}
  return useMutation({
    ...restConfig,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: pacienteKeys.all })
      return onSuccess?.(...args)
    },
    mutationFn: createPatient,
  })
}
