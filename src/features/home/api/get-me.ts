import { useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { usuarioKeys } from '@/lib/query-keys'

/** The signed-in user with the doctor they are linked to (null: front desk): 'Minha agenda' needs it. */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: usuarioKeys.me(),
    queryFn: async ({ signal }) => (await callApi('meuUsuario', undefined, { signal })).user,
    // the link changes rarely (an administrator sets it): once per session is enough, plus a refetch on focus
    staleTime: 5 * 60_000,
    // not data on screen: the offline banner's "saved at" leaves it out
    meta: { notShown: true },
    enabled,
  })
}
