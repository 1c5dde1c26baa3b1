import { useQueryClient } from '@tanstack/react-query'
import { messages, type SalvarConfiguracoesRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { clinicaKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** PUT /clinica/configuracoes (ADMIN); every printout and message reads the saved settings. */
export function useSaveClinicSettings() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: SalvarConfiguracoesRequest) =>
      (await callApi('salvarConfiguracoesClinica', body)).configuracoes,
    meta: { success: messages.settingsSaved, failure: { failure: messages.settingsSaveFailed } },
    onSuccess: (configuracoes) => queryClient.setQueryData(clinicaKeys.settings(), configuracoes),
  })
}
