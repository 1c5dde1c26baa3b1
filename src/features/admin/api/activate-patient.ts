import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { IdRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'

export function activatePatient(body: IdRequest) {
  return callApi('ativarPaciente', body)
}

/** PUT /pacientes/ativar; the patient leaves the inactive list and returns to every patient list. */
export function useActivatePatient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: activatePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pacienteKeys.all }),
  })
}
