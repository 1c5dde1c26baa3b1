import { useQueryClient } from '@tanstack/react-query'
import { messages, type IdRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export function activatePatient(body: IdRequest) {
  return callApi('ativarPaciente', body)
}

/** PUT /pacientes/ativar; the patient leaves the inactive list and returns to every patient list. */
export function useActivatePatient() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: activatePatient,
    meta: { success: messages.patientActivated, failure: { failure: messages.patientActivateFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pacienteKeys.all }),
  })
}
