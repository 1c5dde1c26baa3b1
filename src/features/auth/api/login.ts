import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { switchUserCache } from '@/lib/offline/session-cache'

export function login(body: LoginRequest) {
  return callApi('login', body)
}

/**
 * POST /users/session. A new sign-in may be another person on the same tablet: whatever the previous
 * user had cached — in memory or in IndexedDB — must not show up for this one (DESIGN.md), so it is
 * erased before the session is stored, and this user's offline cache starts.
 */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => switchUserCache(queryClient, user.id),
  })
}
