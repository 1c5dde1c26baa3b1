import { useQueryClient } from '@tanstack/react-query'
import { messages, type MedicoHorariosRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendaKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export async function setDoctorHours(body: MedicoHorariosRequest) {
  const { medico } = await callApi('medicoHorarios', body)
  return medico
}

/** A doctor's hours per weekday (null: none kept); the agenda refreshes. */
export function useSetDoctorHours() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: setDoctorHours,
    meta: { success: messages.doctorHoursSaved, failure: { failure: messages.doctorHoursSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  })
}
