import type { QueryClient } from '@tanstack/react-query'
import { clearSession } from '../lib/session'

/**
 * Ends the session: 'Sair' and any 401. The session goes first so the protected tree unmounts (the
 * guards redirect to /login) before the cache is emptied — emptying first would let mounted queries
 * refetch with a dead token. The cache belongs to one user (DESIGN.md), so it is cleared too.
 */
export function endSession(queryClient: QueryClient): void {
  clearSession()
  queryClient.cancelQueries().catch(() => {})
  queryClient.clear()
}
