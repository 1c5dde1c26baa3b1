// Imported first by main.tsx, so it runs before the rest of the app's code is evaluated
// (bench/journal/2026-11-24-mid-range-tablet-second-round.md, "Offline start"): with a stored session, the
// offline cache's IndexedDB read starts now, in parallel, instead of after that evaluation. The restore at boot
// (bootApp) takes the result; it still checks the user, the app version and the age of what it reads
// (offline-cache.ts).
import { prefetchStoredClient } from '@/lib/offline/idb-persister'
import { SESSION_STORAGE_KEY } from '@/lib/session-key'

/**
 * The home page's code, asked for now when a signed-in start opens on it: its chunks (the board's code and
 * styles, a score of files) come from the service worker and are parsed while the entry is still being
 * evaluated, instead of after it (bench/journal/2026-11-27-start-waterfall.md). The router's preloadPage
 * asks for the same module later and finds it loaded. Only the home page: a start elsewhere waits as before.
 */
const loadHomePage = () => import('@/features/home/components/home-page')

try {
  const signedIn = localStorage.getItem(SESSION_STORAGE_KEY) !== null
  if (typeof indexedDB !== 'undefined' && signedIn) prefetchStoredClient()
  if (signedIn && window.location.pathname === '/') loadHomePage().catch(() => {})
} catch {
  // storage unavailable (private mode, policy): the restore reads on its own, or there is none
}
