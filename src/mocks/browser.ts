// Demo mode: the PWA runs against the msw handlers in the browser, no server. The lead wires it (and
// serves mockServiceWorker.js outside public/, so it never reaches a production build); the PWA's own
// service worker stays off in this mode so that the two workers never share a scope (docs/product.md §15).
import { setupWorker, type SetupWorker } from 'msw/browser'
import { createHandlers } from './handlers'
import { createStore, demoSeed, type MockStore, type StoreData, type StoreSeed } from './store'

export interface MockWorkerOptions {
  /** Where the worker script is served. Default `/mockServiceWorker.js`. */
  serviceWorkerUrl?: string
  /** Scope of the worker registration; default the script's folder. */
  scope?: string
  /** Simulated network latency in ms. Default 250. */
  delayMs?: number
  /** Keep the demo data across reloads under this localStorage key; `null` keeps it in memory only. */
  persistKey?: string | null
  /** Do not log every mocked request in the console. Default true. */
  quiet?: boolean
}

export interface MockWorker {
  worker: SetupWorker
  store: MockStore
  /** Back to the demo data (and forgets the saved copy). */
  resetDemoData(): void
}

const DEFAULT_PERSIST_KEY = 'clinica.mock-store'

function loadSaved(key: string | null): StoreSeed | undefined {
  if (!key) return undefined
  try {
    const raw = localStorage.getItem(key)
    if (!raw) return undefined
    const saved = JSON.parse(raw) as Partial<StoreData>
    const lists = [saved.users, saved.medicos, saved.pacientes, saved.agendamentos]
    return lists.every(Array.isArray) ? saved : undefined
  } catch {
    return undefined
  }
}

function save(key: string | null, store: MockStore): void {
  if (!key) return
  const { users, medicos, pacientes, agendamentos, loginFailures } = store
  try {
    localStorage.setItem(key, JSON.stringify({ users, medicos, pacientes, agendamentos, loginFailures }))
  } catch {
    // storage full or refused: the demo goes on in memory
  }
}

/** Starts the mock service worker over a demo store; `/api/*` and the CEP service are answered by the handlers, the rest passes. */
export async function startMockWorker(options: MockWorkerOptions = {}): Promise<MockWorker> {
  const { serviceWorkerUrl = '/mockServiceWorker.js', scope, delayMs = 250, quiet = true } = options
  const persistKey = options.persistKey === undefined ? DEFAULT_PERSIST_KEY : options.persistKey
  const saved = loadSaved(persistKey)
  const store = createStore(saved ?? (() => demoSeed()))
  const worker = setupWorker(...createHandlers(store, { delayMs }))
  worker.events.on('response:mocked', () => save(persistKey, store))
  await worker.start({
    serviceWorker: { url: serviceWorkerUrl, ...(scope ? { options: { scope } } : {}) },
    onUnhandledRequest: 'bypass',
    quiet,
  })
  return {
    worker,
    store,
    resetDemoData() {
      if (persistKey) localStorage.removeItem(persistKey)
      store.reseed(() => demoSeed())
    },
  }
}
