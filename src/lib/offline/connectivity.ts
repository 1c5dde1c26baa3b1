// TanStack's onlineManager believes the browser is online until told otherwise. A PWA started offline
// must not, or it would try every query, fail, and show nothing: seed it from navigator.onLine, follow
// the online/offline events, and mark offline when a request fails on the network.
import { onlineManager } from '@tanstack/react-query'

const PROBE_INTERVAL_MS = 15_000
let probeTimer: ReturnType<typeof setInterval> | undefined

/** Call once at start, before the first query runs. */
export function setupConnectivity(probeUrl = '/api/health'): void {
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
  onlineManager.subscribe((isOnline) => {
    if (isOnline) stopProbe()
    else startProbe(probeUrl)
  })
}

/** A request failed on the network (server down, Wi-Fi without internet): behave as offline. */
export function reportNetworkFailure(): void {
  onlineManager.setOnline(false)
}

/** A request reached the server: we are online. */
export function reportNetworkSuccess(): void {
  if (!onlineManager.isOnline()) onlineManager.setOnline(true)
}

function startProbe(probeUrl: string) {
  if (probeTimer || typeof window === 'undefined') return
  // While offline, look for the server now and then: the "online" event does not fire when only the
  // server (not the Wi-Fi) was gone.
  probeTimer = setInterval(() => {
    if (!navigator.onLine) return
    fetch(probeUrl, { cache: 'no-store' })
      .then((response) => {
        if (response.ok) onlineManager.setOnline(true)
      })
      .catch(() => {})
  }, PROBE_INTERVAL_MS)
}

function stopProbe() {
  if (probeTimer) clearInterval(probeTimer)
  probeTimer = undefined
}
