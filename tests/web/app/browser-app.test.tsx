// The app as main.tsx renders it: the declarative <BrowserRouter> (the other web tests drive the same
// route tree through a memory data router), the lazily loaded toasts, the page preloaded at start.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { server, signInAs } from '../../support/msw-server'
import { messages } from '@contract'
import { notifyError } from '@/lib/notify'
import { createQueryClient } from '@/lib/query-client'
import { clearSession, getSession } from '@/lib/session'
import { BrowserApp } from '@/app/providers'
import { preloadPage } from '@/app/router'

function renderBrowserApp(path: string) {
  window.history.replaceState(null, '', path)
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  return { ...render(<BrowserApp queryClient={queryClient} />), queryClient }
}

afterEach(() => {
  window.history.replaceState(null, '', '/')
  clearSession()
})

describe('the app in the browser (declarative router)', () => {
  it('sends a visitor without a session to /login', async () => {
    clearSession()
    renderBrowserApp('/pacientes')
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/login')
  })

  it("opens on the preloaded page; an appointment's link opens its panel there, the header's link the list", async () => {
    signInAs('staff')
    await preloadPage('/', true)
    renderBrowserApp('/')
    const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
    const first = within(list).getAllByRole('link')[0]!
    // still a link to the list (a new tab opens it), but a press opens the entry's panel over the board
    expect(first).toHaveAttribute('href', '/agendamentos')
    const user = userEvent.setup()
    await user.click(first)
    expect(await screen.findByRole('dialog', { name: /, \d\d:\d\d$/ })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')
    await user.click(screen.getByRole('button', { name: 'Fechar' }))
    await user.click(screen.getAllByRole('link', { name: 'Agendamentos' })[0]!)
    expect(await screen.findByRole('heading', { name: 'Gerenciamento de Agendamentos', level: 1 })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/agendamentos')
  })

  it('a 401 ends the session and goes to /login', async () => {
    signInAs('staff')
    server.use(
      http.post('*/api/agendamento/listBetweenDate', () =>
        HttpResponse.json({ error: 'Sessão expirada.' }, { status: 401 }),
      ),
    )
    renderBrowserApp('/')
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/login')
    expect(getSession()).toBeNull()
  })

  it('tells main.tsx when the first screen is committed (it then registers the service worker)', async () => {
    clearSession()
    window.history.replaceState(null, '', '/login')
    let committed = 0
    const queryClient = createQueryClient()
    render(<BrowserApp queryClient={queryClient} onCommitted={() => (committed += 1)} />)
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    expect(committed).toBeGreaterThanOrEqual(1)
  })

  it('shows a toast raised before the lazily loaded toast container has mounted', async () => {
    clearSession()
    act(() => notifyError(messages.adminOnly))
    renderBrowserApp('/login')
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent(messages.adminOnly)
  })
})
