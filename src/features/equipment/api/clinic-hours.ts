import { useQueryClient } from '@tanstack/react-query'
import { messages, type SalvarHorariosClinicaRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendaKeys, clinicaKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** PUT /clinica/horarios (ADMIN): the settings answer with the new hours; the agenda redraws its frame. */
export function useSaveClinicHours() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: SalvarHorariosClinicaRequest) =>
      (await callApi('salvarHorariosClinica', body)).configuracoes,
    meta: { success: messages.clinicHoursSaved, failure: { failure: messages.clinicHoursSaveFailed } },
    onSuccess: (configuracoes) => {
      queryClient.setQueryData(clinicaKeys.settings(), configuracoes)
      return queryClient.invalidateQueries({ queryKey: agendaKeys.all })
    },
  })
}
