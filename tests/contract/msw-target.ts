// Contract target (a): the msw handlers of src/mocks over a store with only the two seed users, reached
// with fetch to http://localhost/api/… through msw/node.
import { setupServer } from 'msw/node'
import { createHandlers, mockToken } from '@/mocks/handlers'
import { createStore, SEED_ADMIN, SEED_STAFF, usersOnlySeed, type MockStore } from '@/mocks/store'
import {
  callRequest,
  eventStreamOf,
  parseBody,
  type ContractResponse,
  type ContractTarget,
  type RawRequest,
  type TargetUser,
} from './targets'

export interface MswTarget extends ContractTarget {
  store: MockStore
}

export async function createMswTarget(): Promise<MswTarget> {
  const store = createStore(usersOnlySeed())
  const server = setupServer(...createHandlers(store))
  server.listen({ onUnhandledRequest: 'error' })
  const request = async ({ method, path, payload, headers }: RawRequest): Promise<ContractResponse> => {
    const response = await fetch(`http://localhost/api${path}`, { method, headers, body: payload })
    const out: Record<string, string> = {}
    response.headers.forEach((value, key) => (out[key.toLowerCase()] = value))
    return { status: response.status, body: parseBody(await response.text()), headers: out }
  }
  const user = (u: typeof SEED_ADMIN | typeof SEED_STAFF): TargetUser => ({
    id: u.id,
    email: u.email,
    password: u.password,
    nome: u.nome,
  })
  return {
    name: 'msw',
    store,
    users: { admin: user(SEED_ADMIN), staff: user(SEED_STAFF) },
    tokens: { admin: mockToken(SEED_ADMIN.id), staff: mockToken(SEED_STAFF.id) },
    call: (name, body, token) => request(callRequest(name, body, token)),
    request,
    setClock: (instant) => {
      store.now = instant === undefined ? () => Date.now() : () => instant.getTime()
    },
    async close() {
      server.close()
    },
    // issue 38 point 6: msw streams the answer's ReadableStream
    async openEvents(path, token) {
      const controller = new AbortController()
      const response = await fetch(`http://localhost/api${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      })
      return eventStreamOf(response, controller)
    },
  }
}
