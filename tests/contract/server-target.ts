// Contract target (b): the real server on a fresh test database (tests/support/api-app.ts), through
// Fastify's inject.
import { createTestApp } from '../support/api-app'
import type { AddressInfo } from 'node:net'
import {
  callRequest,
  eventStreamOf,
  parseBody,
  type ContractResponse,
  type ContractTarget,
  type RawRequest,
} from './targets'

export async function createServerTarget(): Promise<ContractTarget> {
  let fixed: Date | undefined
  // every call's 401 is checked from one address: more than the anonymous limit allows in a minute
  // (that limit has its own tests, tests/reliability/abuse-limits.test.ts)
  const testApp = await createTestApp({ now: () => fixed ?? new Date(), anonymousLimit: { limit: 100_000 } })
  const request = async ({ method, path, payload, headers }: RawRequest): Promise<ContractResponse> => {
    const response = await testApp.app.inject({ method, url: `/api${path}`, payload, headers })
    const out: Record<string, string> = {}
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    }
    return { status: response.statusCode, body: parseBody(response.body), headers: out }
  }
  return {
    name: 'server',
    users: testApp.users,
    tokens: testApp.tokens,
    call: (name, body, token) => request(callRequest(name, body, token)),
    request,
    setClock: (instant) => {
      fixed = instant
    },
    close: () => testApp.close(),
    // issue 38 point 6: a stream needs real HTTP (inject waits for the end of the answer)
    async openEvents(path, token) {
      if (!testApp.app.server.listening) await testApp.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = testApp.app.server.address() as AddressInfo
      const controller = new AbortController()
      const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      })
      return eventStreamOf(response, controller)
    },
  }
}
