import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  checkServerAtStartAndOnReturn,
  checkServerNow,
  reportNetworkFailure,
  reportNetworkSuccess,
  setupConnectivity,
} from '@/lib/offline/connectivity'
import { isServerReachable, PROBE_TIMEOUT_MS } from '@/lib/offline/server-probe'

const setNavigatorOnline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)

const teardowns: Array<() => void> = []

afterEach(() => {
  for (const teardown of teardowns.splice(0)) teardown()
  vi.useRealTimers()
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

/** fetch answered by `answer` for /api/health; returns the list of URLs asked. */
function stubFetch(answer: (signal: AbortSignal) => Promise<Response>) {
  const asked: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    asked.push(String(input))
    return answer(init!.signal!)
  })
  return asked
}
/** A connection that hangs: no answer until the probe gives up. */
const hang = (signal: AbortSignal) =>
  new Promise<Response>((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  )
const status = (code: number) => () => Promise.resolve(new Response(null, { status: code }))
/** Lets the answered probes finish (their promise chains), so that the next event starts a new one. */
const probesDone = () => new Promise((resolve) => setTimeout(resolve, 0))

function online() {
  setNavigatorOnline(true)
  teardowns.push(setupConnectivity())
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('connectivity', () => {
  it('starts offline when the app is opened without a connection', () => {
    setNavigatorOnline(false)
    onlineManager.setOnline(true) // TanStack's own default
    setupConnectivity()
    expect(onlineManager.isOnline()).toBe(false)
  })

  it('follows the browser going offline and back online', () => {
    setNavigatorOnline(true)
    setupConnectivity()
    expect(onlineManager.isOnline()).toBe(true)
    window.dispatchEvent(new Event('offline'))
    expect(onlineManager.isOnline()).toBe(false)
    window.dispatchEvent(new Event('online'))
    expect(onlineManager.isOnline()).toBe(true)
  })

  it('treats a request that failed on the network as offline until one succeeds', () => {
    setNavigatorOnline(true)
    setupConnectivity()
    reportNetworkFailure()
    expect(onlineManager.isOnline()).toBe(false)
    reportNetworkSuccess()
    expect(onlineManager.isOnline()).toBe(true)
  })

  it('ignores reports once torn down (tests that render the app without it keep the default)', () => {
    setNavigatorOnline(true)
    const teardown = setupConnectivity()
    teardown()
    reportNetworkFailure()
    expect(onlineManager.isOnline()).toBe(true)
  })

  it("counts any answer of the server as reachable, but not a proxy's 5xx", () => {
    expect(isServerReachable({ status: 200 })).toBe(true)
    expect(isServerReachable({ status: 404 })).toBe(true)
    expect(isServerReachable({ status: 502 })).toBe(false)
    expect(isServerReachable({ status: 0 })).toBe(false)
  })
})

describe('asking the server (start, return to the foreground)', () => {
  it('a server that does not answer marks the app offline after 1.5 s, not before', async () => {
    vi.useFakeTimers()
    online()
    const asked = stubFetch(hang)
    const checked = checkServerNow()
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1)
    expect(onlineManager.isOnline()).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    await checked
    expect(onlineManager.isOnline()).toBe(false)
    expect(asked).toEqual(['/api/health'])
  })

  it('a network error or a 5xx (e.g. 503: the database does not answer) is offline; a 200 is online', async () => {
    online()
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    await checkServerNow()
    expect(onlineManager.isOnline()).toBe(false)

    vi.restoreAllMocks()
    online()
    stubFetch(status(503))
    await checkServerNow()
    expect(onlineManager.isOnline()).toBe(false)

    stubFetch(status(200))
    await checkServerNow()
    expect(onlineManager.isOnline()).toBe(true)
  })

  it('never two probes at once', async () => {
    online()
    let answer: (response: Response) => void = () => {}
    const asked = stubFetch(() => new Promise((resolve) => (answer = resolve)))
    const both = Promise.all([checkServerNow(), checkServerNow()])
    answer(new Response(null, { status: 503 }))
    await both
    expect(asked).toHaveLength(1)
    expect(onlineManager.isOnline()).toBe(false)
  })

  it('asks nothing when the browser already says offline', async () => {
    setNavigatorOnline(false)
    teardowns.push(setupConnectivity())
    const asked = stubFetch(status(200))
    await checkServerNow()
    expect(asked).toEqual([])
    expect(onlineManager.isOnline()).toBe(false)
  })

  it('a request that reached the server while the probe waited wins over a failed probe', async () => {
    online()
    let fail: (error: Error) => void = () => {}
    stubFetch(() => new Promise((_resolve, reject) => (fail = reject)))
    const checked = checkServerNow()
    reportNetworkSuccess()
    fail(new TypeError('Failed to fetch'))
    await checked
    expect(onlineManager.isOnline()).toBe(true)
  })

  it('asks once at start and once per return to the foreground, not on every visibility or focus event', async () => {
    online()
    const asked = stubFetch(status(200))
    teardowns.push(checkServerAtStartAndOnReturn())
    // the probe's fetch starts synchronously with the event that calls for it
    expect(asked).toHaveLength(1)
    await probesDone()

    // shown again without having been hidden, or focused: no return
    setVisibility('visible')
    window.dispatchEvent(new Event('focus'))
    expect(asked).toHaveLength(1)
    // hidden, then back: one probe, even with the back-forward cache's pageshow on top
    setVisibility('hidden')
    window.dispatchEvent(new Event('pagehide'))
    setVisibility('visible')
    await probesDone()
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    expect(asked).toHaveLength(2)

    // restored from the back-forward cache (pageshow before visibilitychange): one probe again
    window.dispatchEvent(new Event('pagehide'))
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    await probesDone()
    setVisibility('visible')
    expect(asked).toHaveLength(3)
  })

  it('coming back to the foreground with the server gone marks the app offline', async () => {
    online()
    stubFetch(status(200))
    teardowns.push(checkServerAtStartAndOnReturn())
    await probesDone()
    expect(onlineManager.isOnline()).toBe(true)
    setVisibility('hidden')
    vi.mocked(fetch).mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')))
    setVisibility('visible')
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false))
  })
})
