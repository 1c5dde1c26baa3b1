// Imported first by main.tsx, so it runs before the rest of the app's code is evaluated
// (bench/journal/2026-11-24-mid-range-tablet-second-round.md, "Offline start"): with a stored session, the
// offline cache's IndexedDB read starts now, in parallel, instead of after that evaluation. The restore at boot
// (bootApp) takes the result; it still checks the user, the app version and the age of what it reads
// (offline-cache.ts).
import { prefetchStoredClient } from '@/lib/offline/idb-persister'
import { SESSION_STORAGE_KEY } from '@/lib/session-key'

try {
  if (typeof indexedDB !== 'undefined' && localStorage.getItem(SESSION_STORAGE_KEY)) prefetchStoredClient()
} catch {
  // storage unavailable (private mode, policy): the restore reads on its own, or there is none
}
