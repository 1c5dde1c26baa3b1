import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { callApi, type ApiError } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'

/** Deletes (inactivates) a patient; one with appointments is refused with a 409. */
export async function deletePatient({ id }: { id: string }): Promise<void> {
  await callApi('deletePaciente', { id })
}

type UseDeletePatientOptions = {
  mutationConfig?: Omit<UseMutationOptions<void, ApiError, { id: string }>, 'mutationFn'>
}

/** The patient leaves every list and search: all patient queries (the admin's inactive list too) refresh. */
export const useDeletePatient = ({ mutationConfig }: UseDeletePatientOptions = {}) => {
  const queryClient = useQueryClient()
  const { onSuccess, ...restConfig } = mutationConfig ?? {}
  return useMutation({
    ...restConfig,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: pacienteKeys.all })
      return onSuccess?.(...args)
    },
    mutationFn: deletePatient,
  })
}
