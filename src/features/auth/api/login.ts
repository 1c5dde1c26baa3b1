import { useQueryClient } from '@tanstack/react-query'
import { messages, type LoginRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { switchUserCache } from '@/lib/offline/session-cache'
import { useAppMutation } from '@/lib/use-app-mutation'

export function login(body: LoginRequest) {
  return callApi('login', body)
}

/**
 * POST /users/session. A new sign-in may be another person on the same tablet: whatever the previous
 * user had cached — in memory or in IndexedDB — must not show up for this one (docs/decisions.md), so it
 * is erased before the session is stored, and this user's offline cache starts.
 */
export function useLogin() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: login,
    meta: {
      success: messages.loginSuccess,
      // A sign-in saves nothing: without the server, or when it fails, it could not fetch ('Erro ao buscar
      // informações!'); a 400 keeps the server's sentence.
      failure: {
        fallback: messages.fetchFailed,
        status: {
          0: messages.fetchFailed,
          401: messages.loginFailed,
          403: messages.userInactive,
          429: messages.loginThrottled,
        },
      },
    },
    onSuccess: ({ user }) => switchUserCache(queryClient, user.id),
  })
}
