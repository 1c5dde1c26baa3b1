import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import type { Paciente, UpdatePacienteRequest } from '@contract'
import { callApi, type ApiError } from '@/lib/api-client'
import { agendamentoKeys, pacienteKeys } from '@/lib/query-keys'

/** Saves a patient; `versao` (the one the editor read) makes the server refuse a lost update (409). */
export async function updatePatient(data: UpdatePacienteRequest): Promise<Paciente> {
  const answer = await callApi('updatePaciente', data)
  return answer.paciente
}

type UseUpdatePatientOptions = {
  mutationConfig?: Omit<UseMutationOptions<Paciente, ApiError, UpdatePacienteRequest>, 'mutationFn'>
}

/** Patient lists and details are refreshed, and appointment lists too: they show the patient's name. */
export const useUpdatePatient = ({ mutationConfig }: UseUpdatePatientOptions = {}) => {
  const queryClient = useQueryClient()
  const { onSuccess, ...restConfig } = mutationConfig ?? {}
  return useMutation({
    ...restConfig,
    onSuccess: (...args) => {
      const [paciente] = args
      queryClient.setQueryData(pacienteKeys.detail(paciente.id), paciente)
      void queryClient.invalidateQueries({ queryKey: pacienteKeys.all })
      void queryClient.invalidateQueries({ queryKey: agendamentoKeys.all })
      return onSuccess?.(...args)
    },
    mutationFn: updatePatient,
  })
}
