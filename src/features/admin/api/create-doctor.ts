import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RegisterMedicoRequest } from '../../../contract'
import { callApi } from '../../../lib/api-client'
import { medicoKeys } from '../../../lib/query-keys'

export function createDoctor(body: RegisterMedicoRequest) {
  return callApi('registerMedico', body)
}

/** POST /medico/register; the doctor selects (appointments) read the list again. */
export function useCreateDoctor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDoctor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicoKeys.all }),
  })
}
