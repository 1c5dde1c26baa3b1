import { messages, type RegisterUserRequest } from '@contract'
import { callApi, type CallOptions } from '@/lib/api-client'
import { useIdempotencyKey } from '@/lib/idempotency'
import { useAppMutation } from '@/lib/use-app-mutation'

export function createUser(body: RegisterUserRequest, options?: CallOptions) {
  return callApi('registerUser', body, options)
}

/** POST /users/register. No list of users is shown anywhere, so nothing to invalidate. */
export function useCreateUser() {
  const idempotency = useIdempotencyKey()
  return useAppMutation({
    mutationFn: (body: RegisterUserRequest) => createUser(body, { headers: idempotency.headers() }),
    // A 409 (the e-mail is taken) says so in the server's sentence.
    meta: { success: messages.userCreated, failure: { failure: messages.userCreateFailed } },
    onSettled: (_data, error) => idempotency.settle(error),
  })
}
