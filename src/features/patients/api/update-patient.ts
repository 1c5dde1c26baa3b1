import { useQueryClient } from '@tanstack/react-query'
import { messages, type Paciente, type UpdatePacienteRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys, pacienteKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** Saves a patient; `versao` (the one the editor read) makes the server refuse a lost update (409). */
export async function updatePatient(data: UpdatePacienteRequest): Promise<Paciente> {
  const answer = await callApi('updatePaciente', data)
  return answer.paciente
}

/** Patient lists and details are refreshed, and appointment lists too: they show the patient's name. */
export function useUpdatePatient() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: updatePatient,
    meta: {
      success: messages.patientUpdated,
      // docs/product.md §8's update failure, 'Por favor preencha todas as informações!', for a 400 and any
      // answer without a sentence of its own; a 409 says why in the server's words (someone else changed
      // the patient, or the CPF/RG is another's). It says nothing about a lost connection.
      failure: { fallback: messages.patientUpdateFailed, status: { 400: messages.patientUpdateFailed } },
    },
    onSuccess: (paciente) => {
      queryClient.setQueryData(pacienteKeys.detail(paciente.id), paciente)
      void queryClient.invalidateQueries({ queryKey: pacienteKeys.all })
      void queryClient.invalidateQueries({ queryKey: agendamentoKeys.all })
    },
  })
}
