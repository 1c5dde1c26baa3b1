// TanStack's onlineManager believes the browser is online until told otherwise. A PWA started offline
// must not, or it would try every query, fail, and show nothing: seed it from navigator.onLine, follow
// the online/offline events, mark offline when a request fails on the network, and ask the server once
// at start and on every return to the foreground — cached lists that are still fresh fetch nothing, so
// without that question a server that is gone would go unnoticed until the next refetch.
import { onlineManager } from '@tanstack/react-query'
import { HEALTH_URL, probeServer } from './server-probe'

const PROBE_INTERVAL_MS = 15_000
let probeTimer: ReturnType<typeof setInterval> | undefined
// The teardown of the running setup. Reports from callApi count only while one runs (set up at boot): a
// test that renders the app without it keeps TanStack's default and is not left "offline" by another
// test. A probe's answer counts only for the setup that asked.
let currentSetup: (() => void) | undefined
// Bumped by every request that reached the server: a probe that failed meanwhile is out of date.
let successes = 0
let stopReturnChecks: (() => void) | undefined

/** Call once at start, before the first query runs. Returns a teardown (tests). */
export function setupConnectivity(probeUrl = HEALTH_URL): () => void {
  currentSetup?.()
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
  const teardown = () => {
    if (currentSetup !== teardown) return
    currentSetup = undefined
    unsubscribe()
    stopProbe()
  }
  currentSetup = teardown
  return teardown
}

/**
 * Asks the server now (at most one probe at a time), unless the browser already says offline:
 * unreachable — a network error, no answer within 1.5 s, or a 5xx — marks the app offline (the banner);
 * an answer marks it online.
 */
export async function checkServerNow(probeUrl = HEALTH_URL): Promise<void> {
  const setup = currentSetup
  if (!setup || !navigator.onLine) return
  const successesBefore = successes
  const reachable = await probeServer(probeUrl)
  if (currentSetup !== setup) return
  if (reachable) reportNetworkSuccess()
  // a request that reached the server while the probe waited knows better
  else if (successes === successesBefore) onlineManager.setOnline(false)
}

/**
 * The start check and the foreground checks: one probe now, and one each time the app comes back to
 * the foreground (the tab or the installed app shown again, or a page restored from the back-forward
 * cache) — once per return, not on every focus change. Call after setupConnectivity. Returns a teardown.
 */
export function checkServerAtStartAndOnReturn(probeUrl = HEALTH_URL): () => void {
  stopReturnChecks?.()
  let away = document.visibilityState === 'hidden'
  const leave = () => {
    away = true
  }
  const back = () => {
    if (!away) return
    away = false
    void checkServerNow(probeUrl)
  }
  const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : back())
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) back()
  }
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', leave)
  window.addEventListener('pageshow', onPageShow)
  void checkServerNow(probeUrl)
  const stop = () => {
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('pagehide', leave)
    window.removeEventListener('pageshow', onPageShow)
    if (stopReturnChecks === stop) stopReturnChecks = undefined
  }
  stopReturnChecks = stop
  return stop
}

/** A request failed on the network (server down, Wi-Fi without internet): behave as offline. */
export function reportNetworkFailure(): void {
  if (currentSetup) onlineManager.setOnline(false)
}

/** A request reached the server: we are online. */
export function reportNetworkSuccess(): void {
  if (!currentSetup) return
  successes += 1
  if (!onlineManager.isOnline()) onlineManager.setOnline(true)
}

function startProbe(probeUrl: string) {
  if (probeTimer || typeof window === 'undefined') return
  // While offline, look for the server now and then: the "online" event does not fire when only the
  // server (not the Wi-Fi) was gone.
  probeTimer = setInterval(() => {
    if (!navigator.onLine) return
    const setup = currentSetup
    void probeServer(probeUrl).then((reachable) => {
      if (reachable && setup && currentSetup === setup) onlineManager.setOnline(true)
    })
  }, PROBE_INTERVAL_MS)
}

function stopProbe() {
  if (probeTimer) clearInterval(probeTimer)
  probeTimer = undefined
}
