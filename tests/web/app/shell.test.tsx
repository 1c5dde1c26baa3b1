import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { announceUpdate } from '@/app/pwa-update'
import { messages } from '@contract'
import { getSession } from '@/lib/session'
import { server } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

const mainNav = () => screen.getByRole('navigation', { name: 'Menu principal' })
const footerNav = () => screen.getByRole('navigation', { name: 'Links do rodapé' })

describe('shell', () => {
  it('sends a visitor without a session to /login', async () => {
    const { router } = renderApp('/pacientes')
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('shows the links, the greeting and the support line to staff, without Admin', async () => {
    renderApp('/', { as: 'staff' })
    expect(await screen.findByRole('heading', { name: /^Agendamentos dia / })).toBeInTheDocument()
    for (const nav of [mainNav(), footerNav()]) {
      const links = within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent)
      // the header adds 'Agenda' after the specification's links (issue 34, tests/web/app/navigation.test.tsx)
      expect(links.filter((name) => name !== 'Agenda')).toEqual(['Página inicial', 'Pacientes', 'Agendamentos'])
    }
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument()
    expect(screen.getByText('Bem vindo Rita')).toBeInTheDocument()
    const support = screen.getByRole('link', { name: '(11) 4000-1234' })
    expect(support).toHaveAttribute('href', 'tel:+551140001234')
    expect(support.parentElement).toHaveTextContent('Suporte técnico: (11) 4000-1234')
    expect(within(mainNav()).getByRole('link', { name: 'Página inicial' })).toHaveAttribute('aria-current', 'page')
  })

  it('shows Admin to an administrator and marks the active link', async () => {
    const { user, router } = renderApp('/', { as: 'admin' })
    expect(await screen.findByText('Bem vindo Ana')).toBeInTheDocument()
    await user.click(within(mainNav()).getByRole('link', { name: 'Admin' }))
    expect(await screen.findByRole('heading', { name: 'Cadastro de Doutores' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin')
    expect(within(mainNav()).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page')
    expect(within(footerNav()).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page')
    expect(within(mainNav()).getByRole('link', { name: 'Página inicial' })).not.toHaveAttribute('aria-current')
  })

  it('keeps staff out of /admin with the alert and sends them home', async () => {
    const { router } = renderApp('/admin', { as: 'staff' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(messages.adminOnly)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: /^Agendamentos dia / })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Cadastro de Doutores' })).not.toBeInTheDocument()
  })

  it('sends unknown paths home', async () => {
    const { router } = renderApp('/nao-existe', { as: 'staff' })
    expect(await screen.findByRole('heading', { name: /^Agendamentos dia / })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it("'Sair' clears the session and the cache and shows the login", async () => {
    const { user, router, queryClient } = renderApp('/', { as: 'admin' })
    await screen.findByRole('heading', { name: /^Agendamentos dia / })
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: 'Sair' }))
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(getSession()).toBeNull()
    expect(localStorage.getItem('clinica.session')).toBeNull()
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
  })

  it('a 401 from any call ends the session and returns to /login', async () => {
    server.use(
      http.post('*/api/agendamento/listBetweenDate', () =>
        HttpResponse.json({ error: messages.unauthenticated }, { status: 401 }),
      ),
    )
    const { router } = renderApp('/', { as: 'staff' })
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(getSession()).toBeNull()
  })

  it('a 401 on another page (admin) also returns to /login', async () => {
    server.use(
      http.post('*/api/paciente/inativos', () =>
        HttpResponse.json({ error: messages.unauthenticated }, { status: 401 }),
      ),
    )
    const { router } = renderApp('/admin', { as: 'admin' })
    expect(await screen.findByRole('heading', { name: 'Faça seu login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(getSession()).toBeNull()
  })

  it('sends a signed-in user away from /login', async () => {
    const { router } = renderApp('/login', { as: 'staff' })
    expect(await screen.findByRole('heading', { name: /^Agendamentos dia / })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('lazy-loads the patients and appointments pages inside the shell', async () => {
    const { user, router } = renderApp('/', { as: 'staff' })
    await screen.findByRole('heading', { name: /^Agendamentos dia / })
    await user.click(within(mainNav()).getByRole('link', { name: 'Pacientes' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/pacientes'))
    // The router navigates in a transition: the link turns current once the lazy page has arrived.
    await waitFor(() =>
      expect(within(mainNav()).getByRole('link', { name: 'Pacientes' })).toHaveAttribute('aria-current', 'page'),
    )
    await user.click(within(mainNav()).getByRole('link', { name: 'Agendamentos' }))
    expect(await screen.findByRole('heading', { name: 'Gerenciamento de Agendamentos' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/agendamentos')
  })

  it("offers a waiting new version: 'Nova versão disponível' and 'Atualizar'", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    await screen.findByRole('heading', { name: /^Agendamentos dia / })
    expect(screen.queryByText('Nova versão disponível')).not.toBeInTheDocument()
    const update = vi.fn(async () => {})
    act(() => announceUpdate(update))
    expect(screen.getByText('Nova versão disponível').closest('[role=status]')).not.toBeNull()
    await user.click(screen.getByRole('button', { name: 'Atualizar' }))
    expect(update).toHaveBeenCalledWith(true)
    expect(screen.queryByText('Nova versão disponível')).not.toBeInTheDocument()
  })
})
