import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addDays, clinicToday, formatDate, messages } from '@contract'
import { getSession } from '@/lib/session'
import { usersOnlySeed } from '@/mocks/store'
import { resetStore, server } from '../../support/msw-server'
import { renderApp, seriousAxeViolations } from '../../support/render-app'

afterEach(() => {
  vi.useRealTimers()
  server.events.removeAllListeners()
})

describe('home', () => {
  it("lists today's appointments: patient, date and time, doctor, each a link to /agendamentos", async () => {
    const bodies: unknown[] = []
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/api/agendamento/listBetweenDate')) bodies.push(await request.clone().json())
    })
    const { user, router } = renderApp('/', { as: 'staff' })
    const today = clinicToday()
    expect(
      await screen.findByRole('heading', { name: `Agendamentos dia ${formatDate(today)}`, level: 1 }),
    ).toBeInTheDocument()

    const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(4)
    const d = formatDate(today)
    expect(items.map((item) => item.textContent)).toEqual([
      `Conceição Araújo${d} 08:30Dr. Carlos Mendes`,
      `João da Silva${d} 10:00Dr. Helena Duarte`,
      `Maria das Graças Souza${d} 14:00Dr. Carlos Mendes`,
      `Lúcia Fernandes${d} 16:30Dr. João Batista Lima`,
    ])
    for (const item of items) expect(within(item).getByRole('link')).toHaveAttribute('href', '/agendamentos')
    // The whole clinic day, 00:00:00Z–23:59:59Z (docs/product.md §9).
    // then tomorrow's, read ahead for the offline cache (issue 34, tests/web/app/offline-desk.test.tsx)
    const tomorrow = addDays(today, 1)
    await waitFor(() =>
      expect(bodies).toEqual([
        { datainicior: `${today}T00:00:00.000Z`, datafimr: `${today}T23:59:59.999Z` },
        { datainicior: `${tomorrow}T00:00:00.000Z`, datafimr: `${tomorrow}T23:59:59.999Z` },
      ]),
    )

    // a plain click opens the entry's panel over the board (issue 34, tests/web/home/board-panel.test.tsx)
    await user.click(within(items[0]!).getByRole('link'))
    expect(await screen.findByRole('dialog', { name: /^Conceição Araújo, 08:30/ })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it("says 'Nenhum agendamento no momento!' when there are none", async () => {
    resetStore(usersOnlySeed())
    renderApp('/', { as: 'staff' })
    expect(await screen.findByText(messages.noAppointmentsToday)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: /^Agendamentos dia / })).toBeNull()
  })

  it("uses the clinic's date, not the device's: 01:30 UTC on the 10th is still the 9th at the clinic", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-03-10T01:30:00.000Z'))
    resetStore() // the demo appointments are "today" at the (faked) clinic date
    renderApp('/', { as: 'staff' })
    expect(await screen.findByRole('heading', { name: 'Agendamentos dia 09/03/2025' })).toBeInTheDocument()
    expect(await screen.findByText('09/03/2025 08:30')).toBeInTheDocument()
  })

  it('a network failure keeps the page and says the information could not be fetched', async () => {
    server.use(http.post('*/api/agendamento/listBetweenDate', () => HttpResponse.error()))
    const { router } = renderApp('/', { as: 'staff' })
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.fetchFailed)
    expect(router.state.location.pathname).toBe('/')
    expect(getSession()).not.toBeNull()
  })

  it('a 401 sends the user to /login (docs/product.md §4: failed load)', async () => {
    server.use(
      http.post('*/api/agendamento/listBetweenDate', () =>
        HttpResponse.json({ error: messages.unauthenticated }, { status: 401 }),
      ),
    )
    const { router } = renderApp('/', { as: 'admin' })
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('has no serious or critical axe violations', async () => {
    const { container } = renderApp('/', { as: 'admin' })
    await screen.findByRole('list', { name: /^Agendamentos dia / })
    expect(await seriousAxeViolations(container)).toEqual([])
  })
})
