import { useMutation } from '@tanstack/react-query'
import type { RegisterUserRequest } from '@contract'
import { callApi, type CallOptions } from '@/lib/api-client'
import { useIdempotencyKey } from '@/lib/idempotency'

export function createUser(body: RegisterUserRequest, options?: CallOptions) {
  return callApi('registerUser', body, options)
}

/** POST /users/register. No list of users is shown anywhere, so nothing to invalidate. */
export function useCreateUser() {
  const idempotency = useIdempotencyKey()
  return useMutation({
    mutationFn: (body: RegisterUserRequest) => createUser(body, { headers: idempotency.headers() }),
    onSettled: (_data, error) => idempotency.settle(error),
  })
}
