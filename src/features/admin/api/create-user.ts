import { useMutation } from '@tanstack/react-query'
import type { RegisterUserRequest } from '../../../contract'
import { callApi } from '../../../lib/api-client'

export function createUser(body: RegisterUserRequest) {
  return callApi('registerUser', body)
}

/** POST /users/register. No list of users is shown anywhere, so nothing to invalidate. */
export function useCreateUser() {
  return useMutation({ mutationFn: createUser })
}
