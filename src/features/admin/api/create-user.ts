import { useQueryClient } from '@tanstack/react-query'
import { messages, type RegisterUserRequest } from '@contract'
import { callApi, type CallOptions } from '@/lib/api-client'
import { useIdempotencyKey } from '@/lib/idempotency'
import { usuarioKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export function createUser(body: RegisterUserRequest, options?: CallOptions) {
  return callApi('registerUser', body, options)
}

/** POST /users/register (optionally linked to a doctor); the users' list refreshes. */
export function useCreateUser() {
  const idempotency = useIdempotencyKey()
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: (body: RegisterUserRequest) => createUser(body, { headers: idempotency.headers() }),
    // A 409 (the e-mail is taken) says so in the server's sentence.
    meta: { success: messages.userCreated, failure: { failure: messages.userCreateFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioKeys.all }),
    onSettled: (_data, error) => idempotency.settle(error),
  })
}
