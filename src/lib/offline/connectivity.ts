// TanStack's onlineManager believes the browser is online until told otherwise. A PWA started offline
// must not, or it would try every query, fail, and show nothing: seed it from navigator.onLine, follow
// the online/offline events, and mark offline when a request fails on the network.
import { onlineManager } from '@tanstack/react-query'

const PROBE_INTERVAL_MS = 15_000
let probeTimer: ReturnType<typeof setInterval> | undefined
// Reports from callApi count only once the app has set connectivity up (main.tsx, at boot): a test
// that renders the app without it keeps TanStack's default and is not left "offline" by another test.
let tracking = false

/** Call once at start, before the first query runs. Returns a teardown (tests). */
export function setupConnectivity(probeUrl = '/api/health'): () => void {
  tracking = true
  onlineManager.setOnline(typeof navigator === 'undefined' ? true : navigator.onLine)
  onlineManager.setEventListener((setOnline) => {
    const online = () => {
      // the browser says online; the server has the last word on the next request
      setOnline(true)
    }
    const offline = () => setOnline(false)
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
    }
  })
  const unsubscribe = onlineManager.subscribe((isOnline) => {
    if (isOnline) stopProbe()
    else startProbe(probeUrl)
  })
  if (!onlineManager.isOnline()) startProbe(probeUrl)
  return () => {
    tracking = false
    unsubscribe()
    stopProbe()
  }
}

/** A request failed on the network (server down, Wi-Fi without internet): behave as offline. */
export function reportNetworkFailure(): void {
  if (tracking) onlineManager.setOnline(false)
}

/** A request reached the server: we are online. */
export function reportNetworkSuccess(): void {
  if (tracking && !onlineManager.isOnline()) onlineManager.setOnline(true)
}

/**
 * Any answer of our server means it is reachable again — even a 404 where no /api/health route exists;
 * a 5xx may come from a proxy whose server is gone, so it does not count.
 */
export function isServerReachable(response: Pick<Response, 'status'>): boolean {
  return response.status > 0 && response.status < 500
}

function startProbe(probeUrl: string) {
  if (probeTimer || typeof window === 'undefined') return
  // While offline, look for the server now and then: the "online" event does not fire when only the
  // server (not the Wi-Fi) was gone.
  probeTimer = setInterval(() => {
    if (!navigator.onLine) return
    fetch(probeUrl, { cache: 'no-store', headers: { Accept: 'application/json' } })
      .then((response) => {
        if (isServerReachable(response)) onlineManager.setOnline(true)
      })
      .catch(() => {})
  }, PROBE_INTERVAL_MS)
}

function stopProbe() {
  if (probeTimer) clearInterval(probeTimer)
  probeTimer = undefined
}
