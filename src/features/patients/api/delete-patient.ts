import { useQueryClient } from '@tanstack/react-query'
import { messages } from '@contract'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** Deletes (inactivates) a patient; one with appointments is refused with a 409. */
export async function deletePatient({ id }: { id: string }): Promise<void> {
  await callApi('deletePaciente', { id })
}

/** The patient leaves every list and search: all patient queries (the admin's inactive list too) refresh. */
export function useDeletePatient() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: deletePatient,
    meta: {
      success: messages.patientDeleted,
      failure: { failure: messages.patientDeleteFailed, status: { 409: messages.patientHasAppointments } },
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pacienteKeys.all }),
  })
}
