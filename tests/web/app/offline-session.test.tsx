// The offline cache's life on a shared tablet (docs/product.md §13), over fake-indexeddb: the app boots
// offline-aware and shows the saved schedule after a restart without a connection; 'Sair' and a 401
// erase everything (persister stopped, QueryClient cleared, stored client removed, database deleted — in
// that order, before the app moves to /login); another user signing in never sees the previous one's data.
import 'fake-indexeddb/auto'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { createMemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bootApp } from '@/app/boot'
import { AppProviders } from '@/app/providers'
import { routes, type AppRouter } from '@/app/router'
import { clinicToday, messages } from '@contract'
import { createIdbPersister, OFFLINE_DB_NAME } from '@/lib/offline/idb-persister'
import { startOfflineCache } from '@/lib/offline/offline-cache'
import {
  eraseUserCache,
  followSessionAcrossTabs,
  runningCacheUser,
  startUserCache,
  switchUserCache,
} from '@/lib/offline/session-cache'
import { agendamentoKeys, pacienteKeys } from '@/lib/query-keys'
import { SESSION_STORAGE_KEY } from '@/lib/session'
import { SEED_CREDENTIALS, SEED_STAFF, server, signInAs } from '../../support/msw-server'

// Every step of an erase, in the order it happened: the persister's calls (wrapped below), the
// QueryClient's clear (its first 'removed' event), the app's erase call and its navigations.
const log: string[] = []

vi.mock('@/lib/offline/idb-persister', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/offline/idb-persister')>()
  return {
    ...actual,
    createIdbPersister: (options?: Parameters<typeof actual.createIdbPersister>[0]) => {
      // short throttle: the tests wait less for a write
      const persister = actual.createIdbPersister({ throttleMs: 20, ...options })
      return {
        ...persister,
        stop: () => {
          log.push('persister.stop')
          persister.stop()
        },
        removeClient: async () => {
          log.push('persister.removeClient')
          await persister.removeClient()
        },
        destroy: async () => {
          log.push('persister.destroy')
          await persister.destroy()
        },
      }
    },
  }
})

vi.mock('@/lib/offline/session-cache', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/offline/session-cache')>()
  return {
    ...actual,
    eraseUserCache: (queryClient: QueryClient) => {
      log.push('eraseUserCache')
      return actual.eraseUserCache(queryClient)
    },
  }
})

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function databaseNames() {
  return (await indexedDB.databases()).map((db) => db.name)
}

/** The persisted client as JSON text (what a thief of the tablet could read), or '' when none. */
async function storedCacheText(): Promise<string> {
  if (!(await databaseNames()).includes(OFFLINE_DB_NAME)) return ''
  const client = await createIdbPersister({ throttleMs: 0 }).restoreClient()
  return client ? JSON.stringify(client) : ''
}

function watchClear(queryClient: QueryClient) {
  let cleared = false
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed' && !cleared) {
      cleared = true
      log.push('queryClient.clear')
    }
  })
}

function renderBooted(queryClient: QueryClient, path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] }) as unknown as AppRouter
  router.subscribe((state) => log.push(`navigate:${state.location.pathname}`))
  const user = userEvent.setup()
  return { ...render(<AppProviders router={router} queryClient={queryClient} />), router, user }
}

const todayKey = () => agendamentoKeys.day(clinicToday())

beforeEach(() => {
  log.length = 0
})

afterEach(async () => {
  await eraseUserCache(new QueryClient())
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('boot', () => {
  it('seeds the connectivity from the browser: opened without a connection, the app knows it is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(true) // TanStack's own default
    await bootApp()
    expect(onlineManager.isOnline()).toBe(false)
  })

  it('a restart without a connection shows the saved schedule at once, with the banner and its stamp', async () => {
    signInAs('staff')
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const first = await bootApp()
    const online = renderBooted(first.queryClient)
    const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)
    await waitFor(async () => expect(await storedCacheText()).toContain('conceição araújo'))
    online.unmount()

    // The tablet restarts with no connection: a new QueryClient, restored from IndexedDB before rendering.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    let requests = 0
    server.events.on('request:start', () => {
      requests++
    })
    const second = await bootApp()
    expect(second.queryClient.getQueryData(todayKey())).toHaveLength(4)
    renderBooted(second.queryClient)
    const restored = await screen.findByRole('list', { name: /^Agendamentos dia / })
    expect(within(restored).getAllByRole('listitem')).toHaveLength(4)
    expect(document.querySelector('.offline-banner')).toHaveTextContent(
      new RegExp(`^${messages.offlineShowingSaved} \\d{2}/\\d{2} às \\d{2}:\\d{2}$`),
    )
    expect(
      screen.getByText(new RegExp(`^${messages.dataFetchedAt} \\d{2}/\\d{2} às \\d{2}:\\d{2}$`)),
    ).toBeInTheDocument()
    expect(requests).toBe(0)
    server.events.removeAllListeners()
  })
})

describe("'Sair' and a 401 on a shared tablet", () => {
  it("'Sair': the erase comes before the move to /login, in order, and nothing is left", async () => {
    signInAs('staff')
    const { queryClient } = await bootApp()
    const { user, router } = renderBooted(queryClient)
    await screen.findByRole('list', { name: /^Agendamentos dia / })
    await waitFor(async () => expect(await storedCacheText()).toContain('conceição araújo'))
    const unwatch = watchClear(queryClient)
    log.length = 0

    await user.click(screen.getByRole('button', { name: 'Sair' }))
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    await waitFor(() => expect(log).toContain('persister.destroy'))
    await waitFor(() => expect(log.at(-1)).toBe('navigate:/login'))
    unwatch()

    const steps = log.filter((entry) => !entry.startsWith('navigate:'))
    expect(steps).toEqual([
      'eraseUserCache',
      'persister.stop',
      'queryClient.clear',
      'persister.removeClient',
      'persister.destroy',
    ])
    expect(log.indexOf('eraseUserCache')).toBeLessThan(log.indexOf('navigate:/login'))
    // the app's own move to /login comes after the database is gone
    expect(log.lastIndexOf('navigate:/login')).toBeGreaterThan(log.indexOf('persister.destroy'))
    expect(router.state.location.pathname).toBe('/login')

    // the log names the deletion when it is asked for; IndexedDB answers when it is done
    await waitFor(async () => expect(await databaseNames()).not.toContain(OFFLINE_DB_NAME))
    expect(localStorage.length).toBe(0)
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
    expect(runningCacheUser()).toBeNull()
    // a throttled write that was pending does not bring anything back
    await wait(100)
    expect(await databaseNames()).not.toContain(OFFLINE_DB_NAME)
  })

  it('a 401 erases the cache the same way and returns to /login', async () => {
    signInAs('staff')
    const { queryClient } = await bootApp()
    renderBooted(queryClient)
    await screen.findByRole('list', { name: /^Agendamentos dia / })
    await waitFor(async () => expect(await storedCacheText()).toContain('conceição araújo'))

    server.use(
      http.post('*/api/agendamento/listBetweenDate', () =>
        HttpResponse.json({ error: messages.unauthenticated }, { status: 401 }),
      ),
    )
    await queryClient.invalidateQueries({ queryKey: agendamentoKeys.all }).catch(() => {})
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    await waitFor(() => expect(log).toContain('persister.destroy'))
    await waitFor(async () => expect(await databaseNames()).not.toContain(OFFLINE_DB_NAME))
    expect(localStorage.length).toBe(0)
  })
})

describe('another user on the same tablet', () => {
  it("signing in erases a cache left in IndexedDB by someone else before this user's data arrives", async () => {
    // A previous user's cache is in IndexedDB, and no cache is running (e.g. their session was lost).
    const previous = new QueryClient()
    const persister = createIdbPersister({ throttleMs: 5 })
    await startOfflineCache(previous, 'previous-user', persister).restored
    previous.setQueryData(pacienteKeys.list(''), { pages: [[{ id: 'x', nome: 'zuleide segredo' }]], pageParams: [1] })
    await waitFor(async () => expect(await storedCacheText()).toContain('zuleide segredo'))
    persister.stop()
    log.length = 0

    const queryClient = new QueryClient()
    const { user } = renderBooted(queryClient, '/login')
    await user.type(await screen.findByLabelText('Usuário'), SEED_CREDENTIALS.staff.email)
    await user.type(screen.getByLabelText('Senha'), SEED_CREDENTIALS.staff.password)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('heading', { name: /^Agendamentos dia / })).toBeInTheDocument()

    // erased before anything of the new user was stored
    expect(log.indexOf('persister.destroy')).toBeGreaterThanOrEqual(0)
    expect(runningCacheUser()).toBe(SEED_STAFF.id)
    await waitFor(async () => expect(await storedCacheText()).toContain('conceição araújo'))
    expect(await storedCacheText()).not.toContain('zuleide segredo')
    expect(queryClient.getQueryData(pacienteKeys.list(''))).toBeUndefined()
  })

  it("a different user signing in while a cache runs: the first user's data goes from memory and IndexedDB", async () => {
    const queryClient = new QueryClient()
    await startUserCache(queryClient, 'user-a')
    queryClient.setQueryData(todayKey(), [{ id: 'a1', paciente: { nome: 'zuleide segredo' } }])
    await waitFor(async () => expect(await storedCacheText()).toContain('zuleide segredo'))

    await switchUserCache(queryClient, 'user-b')
    expect(queryClient.getQueryData(todayKey())).toBeUndefined()
    expect(await storedCacheText()).not.toContain('zuleide segredo')
    expect(runningCacheUser()).toBe('user-b')
  })

  it('the same user signing in again keeps the running cache', async () => {
    const queryClient = new QueryClient()
    await startUserCache(queryClient, 'user-a')
    queryClient.setQueryData(todayKey(), [{ id: 'a1' }])
    await switchUserCache(queryClient, 'user-a')
    expect(queryClient.getQueryData(todayKey())).toEqual([{ id: 'a1' }])
  })

  it('another tab signing out erases this tab too', async () => {
    signInAs('staff')
    const queryClient = new QueryClient()
    const stop = followSessionAcrossTabs(queryClient)
    await startUserCache(queryClient, SEED_STAFF.id)
    queryClient.setQueryData(todayKey(), [{ id: 'a1', paciente: { nome: 'zuleide segredo' } }])
    await waitFor(async () => expect(await storedCacheText()).toContain('zuleide segredo'))

    localStorage.removeItem(SESSION_STORAGE_KEY)
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }))
    await waitFor(() => expect(log).toContain('persister.destroy'))
    expect(queryClient.getQueryData(todayKey())).toBeUndefined()
    expect(await databaseNames()).not.toContain(OFFLINE_DB_NAME)
    stop()
  })
})
