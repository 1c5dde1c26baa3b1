// The msw server of the PWA's tests (the `web` vitest project): the handlers of src/mocks over one store
// that tests can read and change. tests/support/web-setup.ts starts it and resets it between tests.
import { setupServer } from 'msw/node'
import { setSession } from '@/lib/session'
import { createHandlers, mockToken } from '@/mocks/handlers'
import {
  createStore,
  demoSeed,
  SEED_ADMIN,
  SEED_DOCTOR,
  SEED_STAFF,
  type MockStore,
  type StoreSeed,
} from '@/mocks/store'

export { SEED_ADMIN, SEED_CREDENTIALS, SEED_DOCTOR, SEED_IDS, SEED_STAFF } from '@/mocks/store'

/** The store behind `server`: the demo data (users, doctors, patients, appointments today). */
export const store: MockStore = createStore()

/** msw server over `store`; `server.use(...)` overrides a call for one test (reset after each test). */
export const server = setupServer(...createHandlers(store))

const defaultSeed = () => demoSeed()

/**
 * Puts the store back to the demo data, or to `seed` for the current test (`{}` = empty,
 * `usersOnlySeed()` = only the two users). web-setup.ts calls `resetStore()` after every test.
 */
export function resetStore(seed: StoreSeed | (() => StoreSeed) = defaultSeed): void {
  store.reseed(seed)
}

/** 'doctor': Carlos Mendes, linked to Dr. Carlos Mendes (in the demo data only). */
export type SeedRole = 'admin' | 'staff' | 'doctor'

/** The seed user of a role. */
export function seedUser(role: SeedRole) {
  return role === 'admin' ? SEED_ADMIN : role === 'doctor' ? SEED_DOCTOR : SEED_STAFF
}

/** Writes a signed-in session for a seed user into localStorage (what a successful login stores). */
export function signInAs(role: SeedRole) {
  const user = seedUser(role)
  const session = { token: mockToken(user.id), user: { id: user.id, nome: user.nome, role: user.role } }
  setSession(session)
  return session
}
