import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginRequest } from '../../../contract'
import { callApi } from '../../../lib/api-client'

export function login(body: LoginRequest) {
  return callApi('login', body)
}

/**
 * POST /users/session. A new sign-in may be another person on the same tablet: whatever the previous
 * user had cached must not show up for this one (DESIGN.md), so the cache is emptied on success.
 */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: () => {
      queryClient.clear()
    },
  })
}
