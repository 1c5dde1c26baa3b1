import { messages, type ChangePasswordRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { useAppMutation } from '@/lib/use-app-mutation'

export function changePassword(body: ChangePasswordRequest) {
  return callApi('changePassword', body)
}

/**
 * PUT /users/alterarSenha ('Alterar senha'). A refused password (wrong current one, common, repeated) is a
 * 400 whose sentence names the reason and the field; the user's other sessions end on the server.
 */
export function useChangePassword() {
  return useAppMutation({
    mutationFn: changePassword,
    meta: {
      success: messages.passwordChanged,
      failure: { failure: messages.passwordChangeFailed, status: { 429: messages.loginThrottled } },
    },
  })
}
