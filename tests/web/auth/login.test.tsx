import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@contract'
import { getSession } from '@/lib/session'
import { SEED_ADMIN, SEED_CREDENTIALS, server } from '../../support/msw-server'
import { renderApp, seriousAxeViolations } from '../../support/render-app'

type User = ReturnType<typeof renderApp>['user']

async function fillAndSubmit(user: User, email: string, password: string) {
  const emailField = screen.getByLabelText('Usuário')
  const passwordField = screen.getByLabelText('Senha')
  await user.clear(emailField)
  if (email) await user.type(emailField, email)
  await user.clear(passwordField)
  if (password) await user.type(passwordField, password)
  await user.click(screen.getByRole('button', { name: 'Entrar' }))
}

/** Counts the sign-in requests that reach the (mock) server. */
function countLoginRequests() {
  const counter = { count: 0 }
  const onRequest = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname === '/api/users/session') counter.count += 1
  }
  server.events.on('request:start', onRequest)
  return counter
}

afterEach(() => {
  server.events.removeAllListeners()
  vi.useRealTimers()
})

describe('login', () => {
  it('shows the title, the labelled fields, the button and the background', async () => {
    const { container } = renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Faça seu login', level: 1 })).toBeInTheDocument()
    expect(screen.getByLabelText('Usuário')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Usuário')).toHaveAttribute('autocomplete', 'username')
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled()
    expect(container.querySelector('.login-page')).not.toBeNull()
  })

  it("requires both fields: 'Obrigatório*' under each, nothing sent", async () => {
    const requests = countLoginRequests()
    const { user } = renderApp('/login')
    await screen.findByRole('heading', { name: 'Faça seu login' })
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findAllByText(messages.required)).toHaveLength(2)
    const email = screen.getByLabelText('Usuário')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(messages.required)
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(messages.required)
    expect(requests.count).toBe(0)
  })

  it('signs in: stores the session, lands on home with the success toast', async () => {
    const { user, router } = renderApp('/login')
    await screen.findByRole('heading', { name: 'Faça seu login' })
    await fillAndSubmit(user, SEED_CREDENTIALS.admin.email, SEED_CREDENTIALS.admin.password)
    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: /^Agendamentos dia / })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    const session = getSession()
    expect(session?.token).toBe(`mock.${SEED_ADMIN.id}`)
    expect(session?.user).toEqual({ id: SEED_ADMIN.id, nome: SEED_ADMIN.nome, role: 'ADMIN' })
    // role ADMIN makes the user admin: the Admin link shows.
    expect(screen.getAllByRole('link', { name: 'Admin' }).length).toBeGreaterThan(0)
  })

  it("wrong password: 'Email ou senha inválidos', stays on /login", async () => {
    const { user, router } = renderApp('/login')
    await screen.findByRole('heading', { name: 'Faça seu login' })
    await fillAndSubmit(user, SEED_CREDENTIALS.staff.email, 'senha-errada')
    expect(await screen.findByText(messages.loginFailed)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(getSession()).toBeNull()
  })

  it('a 429 from the server says to wait 60 seconds', async () => {
    server.use(
      http.post('*/api/users/session', () => HttpResponse.json({ error: messages.loginThrottled }, { status: 429 })),
    )
    const { user } = renderApp('/login')
    await screen.findByRole('heading', { name: 'Faça seu login' })
    await fillAndSubmit(user, SEED_CREDENTIALS.staff.email, 'qualquer')
    expect(await screen.findByText(messages.loginThrottled)).toBeInTheDocument()
  })

  it('a network failure says the information could not be fetched', async () => {
    server.use(http.post('*/api/users/session', () => HttpResponse.error()))
    const { user } = renderApp('/login')
    await screen.findByRole('heading', { name: 'Faça seu login' })
    await fillAndSubmit(user, SEED_CREDENTIALS.staff.email, SEED_CREDENTIALS.staff.password)
    expect(await screen.findByText(messages.fetchFailed)).toBeInTheDocument()
    expect(getSession()).toBeNull()
  })

  it("disables 'Entrar' while the request runs", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('*/api/users/session', async () => {
        await gate
        return HttpResponse.json({ error: messages.loginFailed }, { status: 401 })
      }),
    )
    const { user } = renderApp('/login')
    await screen.findByRole('heading', { name: 'Faça seu login' })
    await fillAndSubmit(user, SEED_CREDENTIALS.staff.email, 'senha-errada')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeDisabled())
    release()
    expect(await screen.findByText(messages.loginFailed)).toBeInTheDocument()
    // the toast may show a moment before the request's end reaches the button
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled())
  })

  it('throttles on the client: after 5 attempts in a minute, blocked until the 60-second timer resets', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const requests = countLoginRequests()
    const { user, router } = renderApp('/login', { userEventOptions: { advanceTimers: vi.advanceTimersByTime } })
    await screen.findByRole('heading', { name: 'Faça seu login' })

    for (let attempt = 1; attempt <= 5; attempt++) {
      await fillAndSubmit(user, SEED_CREDENTIALS.staff.email, `errada-${attempt}`)
      await waitFor(() => expect(requests.count).toBe(attempt))
      await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled())
    }
    expect(screen.getByText(messages.loginFailed)).toBeInTheDocument()

    // 6th attempt, even with the right password: refused at once, nothing sent.
    await fillAndSubmit(user, SEED_CREDENTIALS.staff.email, SEED_CREDENTIALS.staff.password)
    expect(await screen.findByText(messages.loginThrottled)).toBeInTheDocument()
    expect(requests.count).toBe(5)
    expect(getSession()).toBeNull()

    // Still blocked shortly before the minute is over.
    await vi.advanceTimersByTimeAsync(30_000)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await vi.advanceTimersByTimeAsync(200)
    expect(requests.count).toBe(5)

    // The timer resets the counter (the mock server's own 60-s window has passed too).
    await vi.advanceTimersByTimeAsync(31_000)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(requests.count).toBe(6)
    expect(getSession()?.user.nome).toBe('Rita Recepcionista')
  })

  it('has no serious or critical axe violations, also with errors shown', async () => {
    const { container, user } = renderApp('/login')
    await screen.findByRole('heading', { name: 'Faça seu login' })
    expect(await seriousAxeViolations(container)).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await screen.findAllByText(messages.required)
    expect(await seriousAxeViolations(container)).toEqual([])
  })

  it('the axe check does catch a serious violation (sanity)', async () => {
    const { container } = renderApp('/login')
    await screen.findByRole('heading', { name: 'Faça seu login' })
    const unlabelled = document.createElement('input')
    container.appendChild(unlabelled)
    expect((await seriousAxeViolations(container)).map((v) => v.id)).toContain('label')
  })
})
