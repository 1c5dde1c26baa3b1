// Every screen one or two clicks from the home page (issue 34): the specification's header links as they
// are, 'Agenda' beside them and 'Mais' with the rest, each only for the roles that may use it.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SEED_DOCTOR, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

const mainNav = () => screen.getByRole('navigation', { name: 'Menu principal' })
const footerNav = () => screen.getByRole('navigation', { name: 'Links do rodapé' })

async function openMore(user: ReturnType<typeof renderApp>['user']) {
  await user.click(within(mainNav()).getByRole('button', { name: 'Mais' }))
  return within(mainNav()).getByRole('list', { name: 'Mais páginas' })
}

const linksOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.textContent)

describe("the header's 'Agenda' and 'Mais'", () => {
  it('keeps the specification’s links, adds Agenda and a closed menu; the footer is unchanged', async () => {
    renderApp('/', { as: 'staff' })
    await screen.findByRole('heading', { name: /^Agendamentos dia / })
    expect(linksOf(mainNav())).toEqual(['Página inicial', 'Pacientes', 'Agendamentos', 'Agenda'])
    expect(within(mainNav()).getByRole('button', { name: 'Mais' })).toHaveAttribute('aria-expanded', 'false')
    expect(linksOf(footerNav())).toEqual(['Página inicial', 'Pacientes', 'Agendamentos'])
  })

  it('staff reach reports and tomorrow’s confirmations in two clicks; no admin pages', async () => {
    const { user, router } = renderApp('/', { as: 'staff' })
    await screen.findByRole('heading', { name: /^Agendamentos dia / })
    const menu = await openMore(user)
    expect(linksOf(menu)).toEqual(['Agenda', 'Confirmações de amanhã', 'Relatórios', 'Laudos entregues'])
    expect(within(menu).getByRole('button', { name: 'Minha conta: alterar senha' })).toBeInTheDocument()
    await user.click(within(menu).getByRole('link', { name: 'Confirmações de amanhã' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmações de amanhã' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/confirmacoes')
    // the menu closed on the way
    expect(within(mainNav()).getByRole('button', { name: 'Mais' })).toHaveAttribute('aria-expanded', 'false')
  })

  it('an administrator reaches every page of the route tree from the home page in at most two clicks', async () => {
    const { user, router } = renderApp('/', { as: 'admin' })
    await screen.findByRole('heading', { name: /^Agendamentos dia / })
    const reached = new Set<string>()
    for (const name of ['Página inicial', 'Pacientes', 'Agendamentos', 'Agenda', 'Admin']) {
      await user.click(within(mainNav()).getByRole('link', { name }))
      reached.add(router.state.location.pathname)
    }
    // the last page shown before 'Mais' is clicked on it
    await screen.findByRole('heading', { level: 1, name: 'Administração' })
    for (const name of ['Confirmações de amanhã', 'Relatórios', 'Catálogo', 'Equipamentos']) {
      const menu = await openMore(user)
      await user.click(within(menu).getByRole('link', { name }))
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/'))
      reached.add(router.state.location.pathname)
      await user.click(within(mainNav()).getByRole('link', { name: 'Página inicial' }))
      // 'Mais' opens on the page it is clicked on: the home page first
      await screen.findByRole('heading', { name: /^Agendamentos dia / })
    }
    expect([...reached].sort()).toEqual(
      [
        '/',
        '/pacientes',
        '/agendamentos',
        '/agenda',
        '/admin',
        '/confirmacoes',
        '/relatorios',
        '/admin/catalogo',
        '/admin/equipamentos',
      ].sort(),
    )
  })

  it('a doctor’s user gets Minha agenda and no front-desk confirmations; Escape closes the menu', async () => {
    store.users.push({ ...SEED_DOCTOR })
    const { user } = renderApp('/minha-agenda', { as: 'doctor' })
    await screen.findByRole('heading', { name: /^Minha agenda / })
    await waitFor(() => expect(linksOf(mainNav())).toContain('Minha agenda'))
    const menu = await openMore(user)
    expect(linksOf(menu)).toEqual([
      'Agenda',
      'Relatórios',
      // issue 36: the laudo's worklist, its templates and phrases, and the doctor's signing certificate
      'Laudos',
      'Modelos de laudo',
      'Frases prontas',
      'Minha conta: certificado digital',
      // issue 36 point 7: the deliveries, for everyone
      'Laudos entregues',
    ])
    await user.keyboard('{Escape}')
    expect(within(mainNav()).getByRole('button', { name: 'Mais' })).toHaveAttribute('aria-expanded', 'false')
  })

  it("'Minha conta: alterar senha' opens the password dialog", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    await screen.findByRole('heading', { name: /^Agendamentos dia / })
    const menu = await openMore(user)
    await user.click(within(menu).getByRole('button', { name: 'Minha conta: alterar senha' }))
    expect(await screen.findByRole('dialog', { name: 'Alterar senha' })).toBeInTheDocument()
  })
})
