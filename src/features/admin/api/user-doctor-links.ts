import { useQuery, useQueryClient } from '@tanstack/react-query'
import { messages, type UsuarioComMedico } from '@contract'
import { callApi } from '@/lib/api-client'
import { medicoKeys, usuarioKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** The first page of users (by name) with their doctor links: a clinic's staff fits in it. */
export function useUsers() {
  return useQuery({
    queryKey: usuarioKeys.list(),
    queryFn: async ({ signal }) => (await callApi('listUsuarios', { page: 1 }, { signal })).usuarios,
  })
}

/** The doctors, for the link's select (its own key under the doctors': a new doctor refreshes it). */
export function useDoctorsForLinks() {
  return useQuery({
    queryKey: [...medicoKeys.all, 'forLinks'],
    queryFn: async ({ signal }) => (await callApi('listMedicos', undefined, { signal })).medicos,
    staleTime: 10 * 60_000,
  })
}

/** Links a user to a doctor, or unlinks them (medicoId null): their own 'Minha agenda'. */
export function useLinkUserToDoctor() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: { id: string; medicoId: string | null }): Promise<UsuarioComMedico> =>
      (await callApi('vincularMedico', body)).user,
    meta: { success: messages.userLinked, failure: { failure: messages.userLinkFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioKeys.all }),
  })
}
