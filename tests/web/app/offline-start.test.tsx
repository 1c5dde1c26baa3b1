// "Offline known at once": the app asks the server once when it starts and once each time it comes back
// to the foreground. A server that cannot be reached (no answer, a network error, a 503 because its
// database stalled) shows the offline banner within 2 s — even when the saved lists are fresh and nothing
// else is fetched. A server that answers shows no banner.
import 'fake-indexeddb/auto'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { createMemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bootApp } from '@/app/boot'
import { AppProviders } from '@/app/providers'
import { routes, type AppRouter } from '@/app/router'
import { clinicToday, messages } from '@contract'
import { agendamentoKeys } from '@/lib/query-keys'
import { createIdbPersister, OFFLINE_DB_NAME } from '@/lib/offline/idb-persister'
import { shouldPersistQuery } from '@/lib/offline/persist-policy'
import { eraseUserCache } from '@/lib/offline/session-cache'
import { server, signInAs } from '../../support/msw-server'

const SHOWING_SAVED = new RegExp(`^${messages.offlineShowingSaved} \\d{2}/\\d{2} às \\d{2}:\\d{2}$`)

/** Every request the app made, as 'METHOD /path'. */
let requests: string[] = []
/** The health answers the app received (what it waits for before it can decide). */
let healthAnswers = 0

function offlineBanner() {
  return document.querySelector('.offline-banner') as HTMLElement
}

function renderBooted(queryClient: QueryClient, path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] }) as unknown as AppRouter
  return render(<AppProviders router={router} queryClient={queryClient} />)
}

async function storedCacheText(): Promise<string> {
  if (!(await indexedDB.databases()).some((db) => db.name === OFFLINE_DB_NAME)) return ''
  const client = await createIdbPersister({ throttleMs: 0 }).restoreClient()
  return client ? JSON.stringify(client) : ''
}

/** A first session online: today's schedule is shown and saved on the device, then the app is closed. */
async function saveTodaysScheduleOnline() {
  signInAs('staff')
  const { queryClient } = await bootApp()
  const view = renderBooted(queryClient)
  await screen.findByRole('list', { name: /^Agendamentos dia / })
  await waitFor(async () => expect(await storedCacheText()).toContain('conceição araújo'))
  // the board is whole — its printout (a lazy chunk after the first paint) has fetched the clinic's
  // settings and the catalogue — and all it fetched is saved before the app closes: a query left to fetch
  // at the reopening answers while the probe waits, and an answer "knows better" than a probe that gave up
  // (on a busy machine the printout's chunk came after the day's list was saved)
  const print = await screen.findByRole('button', { name: 'Imprimir lista do dia' })
  await waitFor(() => expect(print).toBeEnabled())
  await waitFor(() => expect(queryClient.isFetching()).toBe(0))
  await waitFor(async () => {
    const stored = await storedCacheText()
    const kept = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => shouldPersistQuery(query))
    for (const query of kept) expect(stored).toContain(JSON.stringify(query.queryKey))
  })
  view.unmount()
  requests = []
  healthAnswers = 0
}

/** The app is opened again: booted (the start check is under way), then rendered. */
async function reopen() {
  const { queryClient } = await bootApp()
  renderBooted(queryClient)
  const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
  expect(within(list).getAllByRole('listitem')).toHaveLength(4)
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
  document.dispatchEvent(new Event('visibilitychange'))
}

/** The server is gone: every call fails on the network. */
function serverGone() {
  server.use(http.all('*/api/*', () => HttpResponse.error()))
}

beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true) // the browser itself is online throughout
  requests = []
  healthAnswers = 0
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`)
  })
  server.events.on('response:mocked', ({ request }) => {
    if (new URL(request.url).pathname === '/api/health') healthAnswers++
  })
})

afterEach(async () => {
  server.events.removeAllListeners()
  await eraseUserCache(new QueryClient())
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('at start', () => {
  it('server unreachable, saved lists fresh: the banner comes from the start check alone', async () => {
    await saveTodaysScheduleOnline()
    serverGone()
    await reopen()
    await waitFor(() => expect(offlineBanner()).toHaveTextContent(SHOWING_SAVED))
    // nothing else was asked: without the start check no failed fetch would have raised the banner
    expect(requests).toEqual(['GET /api/health'])
    expect(screen.getByRole('button', { name: 'Sair' })).toBeEnabled()
  })

  it('a server that never answers: the banner once the probe gives up', async () => {
    await saveTodaysScheduleOnline()
    server.use(http.get('*/api/health', () => delay('infinite')))
    await reopen()
    // the probe gives up after 1.5 s: exactly so on a fake clock in tests/web/lib/offline/connectivity.test.ts; a
    // real clock on a busy machine only says that it does give up
    await waitFor(() => expect(offlineBanner()).toHaveTextContent(SHOWING_SAVED))
    expect(requests).toEqual(['GET /api/health'])
  })

  it('a server whose database does not answer (503): offline too', async () => {
    await saveTodaysScheduleOnline()
    server.use(
      http.get('*/api/health', () => HttpResponse.json({ error: messages.databaseUnavailable }, { status: 503 })),
    )
    await reopen()
    await waitFor(() => expect(offlineBanner()).toHaveTextContent(SHOWING_SAVED))
  })

  it('a server that answers: no banner', async () => {
    await saveTodaysScheduleOnline()
    await reopen()
    await waitFor(() => expect(healthAnswers).toBe(1))
    // the answer has been read: the app stays online
    await waitFor(() => expect(requests).toEqual(['GET /api/health']))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(onlineManager.isOnline()).toBe(true)
    expect(offlineBanner()).toBeEmptyDOMElement()
  })
})

describe('coming back to the foreground', () => {
  it('with the server gone meanwhile: the banner, after one check', async () => {
    await saveTodaysScheduleOnline()
    await reopen()
    await waitFor(() => expect(healthAnswers).toBe(1))
    expect(offlineBanner()).toBeEmptyDOMElement()

    setVisibility('hidden')
    serverGone()
    setVisibility('visible')
    await waitFor(() => expect(offlineBanner()).toHaveTextContent(SHOWING_SAVED))
    expect(requests.filter((r) => r === 'GET /api/health')).toHaveLength(2)
  })

  it('with the server still there: no banner', async () => {
    await saveTodaysScheduleOnline()
    await reopen()
    await waitFor(() => expect(healthAnswers).toBe(1))
    setVisibility('hidden')
    setVisibility('visible')
    await waitFor(() => expect(healthAnswers).toBe(2))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(offlineBanner()).toBeEmptyDOMElement()
  })
})

describe('the appointments list', () => {
  it("opens offline on today and the days after, from what was saved (issue 14's opening view)", async () => {
    signInAs('staff')
    const first = await bootApp()
    const view = renderBooted(first.queryClient, '/agendamentos')
    await screen.findByRole('table')
    const openingKey = JSON.stringify(agendamentoKeys.fromToday(clinicToday()))
    await waitFor(async () => expect(await storedCacheText()).toContain(openingKey))
    view.unmount()

    serverGone()
    const { queryClient } = await bootApp()
    renderBooted(queryClient, '/agendamentos')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('cell', { name: 'Conceição Araújo' })).not.toHaveLength(0)
    expect(within(table).getAllByRole('cell', { name: 'Pedro Henrique Alves' })).not.toHaveLength(0)
    // yesterday's row is not part of the opening view
    expect(within(table).queryByRole('cell', { name: 'Antônio Carlos Ribeiro' })).not.toBeInTheDocument()
    await waitFor(() => expect(offlineBanner()).toHaveTextContent(SHOWING_SAVED))
  })
})
