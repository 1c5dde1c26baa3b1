import type { QueryClient } from '@tanstack/react-query'
import { checkServerAtStartAndOnReturn, setupConnectivity } from '@/lib/offline/connectivity'
import { discardPrefetchedClient } from '@/lib/offline/idb-persister'
import { followSessionAcrossTabs, startUserCache } from '@/lib/offline/session-cache'
import { createQueryClient } from '@/lib/query-client'
import { getSession } from '@/lib/session'

export interface BootedApp {
  queryClient: QueryClient
}

/**
 * Everything that must happen before the first query renders:
 * 1. connectivity, seeded from navigator.onLine — a PWA opened without a connection must know it, or it
 *    would try every query and show errors instead of its saved data — and one question to the server,
 *    under way while the cache is restored: a server that cannot be reached shows the offline banner
 *    within 2 s even when the restored lists are fresh and nothing is fetched (also on each return to
 *    the foreground);
 * 2. with a stored session, that user's offline cache restored into the QueryClient (so a restart
 *    offline shows the saved schedule at once), then kept up to date in IndexedDB;
 * 3. another tab signing out (or in) is followed.
 */
export async function bootApp(): Promise<BootedApp> {
  setupConnectivity()
  checkServerAtStartAndOnReturn()
  const queryClient = createQueryClient()
  followSessionAcrossTabs(queryClient)
  const session = getSession()
  if (session) await startUserCache(queryClient, session.user.id)
  // the read started by early-start.ts served this restore, or nobody (no valid session): drop it
  discardPrefetchedClient()
  return { queryClient }
}
