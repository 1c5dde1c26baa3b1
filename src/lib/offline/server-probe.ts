// One question to the server: GET /api/health. It answers only when the API and its database answer (503 when
// PostgreSQL stalls), so "reachable" here means the app can work. The contract's `health` call (contract/api.ts),
// written out: the probe runs before the first screen, whose JS does not hold the contract
// (bench/journal/2026-11-24-issue-18-floor.md, "Size budget"); server-probe.test.ts checks it.
export const HEALTH_URL = '/api/health'

/**
 * How long the probe waits. Longer than the server's own 1 s limit on the database (its 503 still
 * arrives), short enough that the offline banner shows within 2 s when the connection hangs.
 */
export const PROBE_TIMEOUT_MS = 1500

/**
 * Any answer of our server below 500 means it is reachable — even a 404 where no /api/health route
 * exists; a 5xx is a proxy whose server is gone, a server restarting or a database that does not answer.
 */
export function isServerReachable(response: Pick<Response, 'status'>): boolean {
  return response.status > 0 && response.status < 500
}

let inFlight: Promise<boolean> | null = null

/** Asks the server once; callers while a probe is under way share its answer (never two at once). */
export function probeServer(url: string = HEALTH_URL): Promise<boolean> {
  inFlight ??= ask(url).finally(() => {
    inFlight = null
  })
  return inFlight
}

async function ask(url: string): Promise<boolean> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS)
  try {
    const response = await fetch(url, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    })
    // the status is all we need: let the connection go
    void response.body?.cancel().catch(() => {})
    return isServerReachable(response)
  } catch {
    return false // network error, or no answer in time
  } finally {
    clearTimeout(timer)
  }
}
