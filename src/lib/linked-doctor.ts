import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import type { UsuarioComMedico } from '@contract'
import { callApi } from './api-client'
import { usuarioKeys } from './query-keys'

/** GET /users/me: the signed-in user and the doctor they are linked to. */
export const meQueryOptions = {
  queryKey: usuarioKeys.me(),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<UsuarioComMedico> =>
    (await callApi('meuUsuario', undefined, { signal })).user,
  // the link changes rarely (an administrator sets it): once per session is enough
  staleTime: 5 * 60_000,
  // not data on screen: the offline banner's "saved at" leaves it out
  meta: { notShown: true },
}

/**
 * Whether the signed-in user is linked to a doctor (the shell's 'Minha agenda' link). Read from the query
 * cache and asked once when missing or old, without a query hook: the shell is in the app's first
 * download, which stays within its size budget that way (docs/performance.md).
 */
export function useLinkedDoctor(): boolean {
  const queryClient = useQueryClient()
  useEffect(() => {
    void queryClient.prefetchQuery(meQueryOptions)
  }, [queryClient])
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  return useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryData<UsuarioComMedico>(usuarioKeys.me())?.medico != null,
    () => false,
  )
}
