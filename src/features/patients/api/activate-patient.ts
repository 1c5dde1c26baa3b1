import { useQueryClient } from '@tanstack/react-query'
import { messages, type IdRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/**
 * PUT /pacientes/ativar from the wizard's early duplicate ('Reativar', ADMIN, issue 14). The admin feature has
 * its own hook for its list; features do not import each other, and the call is one line.
 */
export function useReactivatePatient() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: (body: IdRequest) => callApi('ativarPaciente', body),
    meta: { success: messages.patientActivated, failure: { failure: messages.patientActivateFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pacienteKeys.all }),
  })
}
