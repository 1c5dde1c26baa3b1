import type { QueryClient } from '@tanstack/react-query'
import { eraseUserCache } from '@/lib/offline/session-cache'
import { callApi } from '@/lib/api-client'
import { clearSession } from '@/lib/session'

/**
 * Ends the session: 'Sair' and any 401. The cache belongs to one user (docs/product.md §13) and the
 * tablet may be shared, so it goes with the session, in this order:
 *  1. the offline cache stops writing — at once, before anything else can render or fetch;
 *  2. the session goes, so the protected tree unmounts (the guards redirect to /login) and nothing is
 *     fetched any more with this token;
 *  3. running queries are cancelled, the QueryClient is cleared, the persisted client is removed and
 *     the IndexedDB database deleted (eraseUserCache).
 * Resolves when nothing of this user is left in memory, IndexedDB or localStorage; callers navigate after.
 */
export function endSession(queryClient: QueryClient): Promise<void> {
  queryClient.cancelQueries().catch(() => {})
  const erased = eraseUserCache(queryClient)
  clearSession()
  return erased
}

/**
 * 'Sair': revokes the token on the server (so a copied token is useless from now on, on every API
 * process), then ends the session here. The revocation is not awaited: 'Sair' must work offline too, and
 * an unrevoked token still expires after 12 h.
 */
export function revokeAndEndSession(queryClient: QueryClient): Promise<void> {
  callApi('logout', {}).catch(() => {})
  return endSession(queryClient)
}
