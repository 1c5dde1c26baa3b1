// 'Redefinir senha' (issue 34): ADMIN gets a temporary password for a user who forgot theirs; the answer
// carries it, shown once by the users' list. The user's sessions end on the server.
import { useQueryClient } from '@tanstack/react-query'
import { messages, type IdRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { usuarioKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export function useResetUserPassword() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: (body: IdRequest) => callApi('resetUserPassword', body),
    meta: { success: messages.userPasswordReset, failure: { failure: messages.userUpdateFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioKeys.all }),
  })
}
