// Requests without a valid session are limited per client address: an address whose requests were
// refused 401 (no token, a bad or revoked one, a wrong password) ANONYMOUS_LIMIT times within a minute
// gets 429 with Retry-After on every call until the minute ends — unless the request carries a token that
// verifies (a tablet signed in behind the same address keeps working). The counts live in this process's
// memory: a fixed window per address, forgotten when it ends. With several API processes the limit is
// per process, which is enough for its purpose (bounding the work an anonymous loop costs); the sign-in
// limits, which must hold across processes, are in the database (repositories/login-attempts.ts).
import type { FastifyInstance } from 'fastify'
import { laudoReleaseCalls, messages, type ErrorBody } from '@contract'

const VERIFY_PATH = laudoReleaseCalls.verificarLaudo.path

/** Refusals (401) per address and window before the address is limited. */
export const ANONYMOUS_LIMIT = 300
export const ANONYMOUS_WINDOW_MS = 60_000
/** Addresses remembered at most; past it the oldest windows are dropped first (bounded memory). */
const MAX_ADDRESSES = 50_000

interface Window {
  startedAt: number
  refusals: number
}

export interface AnonymousLimitOptions {
  limit?: number
  windowMs?: number
  now?: () => number
}

export function setupAnonymousLimit(api: FastifyInstance, options: AnonymousLimitOptions = {}): void {
  const limit = options.limit ?? ANONYMOUS_LIMIT
  const windowMs = options.windowMs ?? ANONYMOUS_WINDOW_MS
  const now = options.now ?? Date.now
  const windows = new Map<string, Window>()

  const current = (ip: string): Window | undefined => {
    const w = windows.get(ip)
    if (w && now() - w.startedAt >= windowMs) {
      windows.delete(ip)
      return undefined
    }
    return w
  }

  api.addHook('onRequest', async (request, reply) => {
    const call = request.routeOptions.config.call
    // the connectivity probe stays reachable (it costs nothing and says whether the server is there)
    if (call === undefined || call.path === '/health') return
    const w = current(request.ip)
    if (!w || w.refusals < limit) return
    // a token that verifies (plugins/auth.ts reads it; its session is checked after this hook)
    if (request.tokenClaims() !== undefined) return
    const retryAfter = Math.max(1, Math.ceil((w.startedAt + windowMs - now()) / 1000))
    return reply
      .code(429)
      .header('retry-after', String(retryAfter))
      .send({ error: messages.tooManyRequests } satisfies ErrorBody)
  })

  api.addHook('onResponse', async (request, reply) => {
    // an unknown code on the public 'Verificar laudo' counts as a refusal too: guessing codes is limited
    const guess = reply.statusCode === 404 && request.routeOptions.config.call?.path === VERIFY_PATH
    if (reply.statusCode !== 401 && !guess) return
    const ip = request.ip
    let w = current(ip)
    if (!w) {
      if (windows.size >= MAX_ADDRESSES) windows.delete(windows.keys().next().value!)
      w = { startedAt: now(), refusals: 0 }
      windows.set(ip, w)
    }
    w.refusals++
  })
}
