import { useQueryClient } from '@tanstack/react-query'
import { messages, type RegisterMedicoRequest } from '@contract'
import { callApi, type CallOptions } from '@/lib/api-client'
import { useIdempotencyKey } from '@/lib/idempotency'
import { medicoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export function createDoctor(body: RegisterMedicoRequest, options?: CallOptions) {
  return callApi('registerMedico', body, options)
}

/** POST /medico/register; the doctor selects (appointments) read the list again. */
export function useCreateDoctor() {
  const queryClient = useQueryClient()
  const idempotency = useIdempotencyKey()
  return useAppMutation({
    mutationFn: (body: RegisterMedicoRequest) => createDoctor(body, { headers: idempotency.headers() }),
    meta: { success: messages.doctorCreated, failure: { failure: messages.doctorCreateFailed } },
    onSettled: (_data, error) => idempotency.settle(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicoKeys.all }),
  })
}
