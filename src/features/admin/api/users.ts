// ADMIN's changes to another user's account (deactivate, reactivate, a new role), each ending that user's
// sessions on the server. The list they act on is POST /users/listAll (./user-doctor-links.ts, useUsers).
import { useQueryClient } from '@tanstack/react-query'
import { messages, type ChangeRoleRequest, type IdRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { usuarioKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** The three changes share their shape: one call, the list read again, the texts of the action. */
function useUserChange<T>(run: (body: T) => Promise<unknown>, success: string) {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: run,
    meta: { success, failure: { failure: messages.userUpdateFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioKeys.all }),
  })
}

export const useDeactivateUser = () =>
  useUserChange((body: IdRequest) => callApi('deactivateUser', body), messages.userDeactivated)
export const useReactivateUser = () =>
  useUserChange((body: IdRequest) => callApi('reactivateUser', body), messages.userReactivated)
export const useChangeUserRole = () =>
  useUserChange((body: ChangeRoleRequest) => callApi('changeUserRole', body), messages.userRoleChanged)
