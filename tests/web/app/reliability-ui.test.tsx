// The screens of issue 17 in the PWA: 'Alterar senha' (from the footer, and by itself after a sign-in with
// a weak password), a deactivated user's sign-in, and ADMIN's list of users (deactivate after a
// confirmation, reactivate, change the role; never one's own account).
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { SEED_ADMIN, SEED_CREDENTIALS, SEED_STAFF, server, store } from '../../support/msw-server'
import { renderApp, seriousAxeViolations } from '../../support/render-app'
import { findFormAlert, findToast } from '../../support/toasts'

type User = ReturnType<typeof renderApp>['user']

async function openChangePassword(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Alterar senha' }))
  return screen.findByRole('dialog', { name: 'Alterar senha' })
}

async function fillPasswords(user: User, dialog: HTMLElement, current: string, next: string, again = next) {
  await user.type(within(dialog).getByLabelText('Senha atual'), current)
  await user.type(within(dialog).getByLabelText('Nova senha'), next)
  await user.type(within(dialog).getByLabelText('Confirme a nova senha'), again)
  await user.click(within(dialog).getByRole('button', { name: 'Alterar senha' }))
}

describe('Alterar senha', () => {
  it('from the footer: a wrong current password is said in the dialog, by its field; then the change is saved', async () => {
    const { user } = renderApp('/', { as: 'staff' })
    const dialog = await openChangePassword(user)
    await fillPasswords(user, dialog, 'nao-e-esta', 'uma-senha-nova-forte')
    expect(await findFormAlert(dialog)).toHaveTextContent(messages.currentPasswordWrong)
    await findToast(messages.currentPasswordWrong)
    expect(store.users.find((u) => u.id === SEED_STAFF.id)!.password).toBe(SEED_STAFF.password)

    await user.clear(within(dialog).getByLabelText('Senha atual'))
    await user.type(within(dialog).getByLabelText('Senha atual'), SEED_STAFF.password)
    await user.click(within(dialog).getByRole('button', { name: 'Alterar senha' }))
    await findToast(messages.passwordChanged)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alterar senha' })).not.toBeInTheDocument())
    expect(store.users.find((u) => u.id === SEED_STAFF.id)!.password).toBe('uma-senha-nova-forte')
  })

  it('checks on the device: the new password typed twice, and not one repeated character; nothing is sent', async () => {
    let sent = 0
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/users/alterarSenha') sent++
    })
    const { user } = renderApp('/', { as: 'staff' })
    const dialog = await openChangePassword(user)
    await fillPasswords(user, dialog, SEED_STAFF.password, 'uma-senha-nova-forte', 'outra-coisa-qualquer')
    expect(await within(dialog).findByText(messages.passwordsDontMatch)).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Nova senha'))
    await user.type(within(dialog).getByLabelText('Nova senha'), 'aaaaaaaaaa')
    await user.click(within(dialog).getByRole('button', { name: 'Alterar senha' }))
    expect(await within(dialog).findByText(messages.passwordRepeated)).toBeInTheDocument()
    expect(sent).toBe(0)
    server.events.removeAllListeners()
  })

  it('shows the server’s reason for a common password under the new one', async () => {
    server.use(
      http.put('*/api/users/alterarSenha', () =>
        HttpResponse.json(
          {
            error: messages.passwordCommon,
            issues: { _errors: [], novaSenha: { _errors: [messages.passwordCommon] } },
          },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderApp('/', { as: 'staff' })
    const dialog = await openChangePassword(user)
    await fillPasswords(user, dialog, SEED_STAFF.password, 'senha1234')
    expect(await findFormAlert(dialog)).toHaveTextContent(messages.passwordCommon)
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nova senha')).toHaveAccessibleDescription(
        expect.stringContaining(messages.passwordCommon),
      ),
    )
  })

  it('opens by itself after a sign-in with a weak password, saying why; closing it keeps the user signed in', async () => {
    server.use(
      http.post('*/api/users/session', () =>
        HttpResponse.json({
          token: `mock.${SEED_STAFF.id}`,
          user: { id: SEED_STAFF.id, nome: SEED_STAFF.nome, role: 'USER' },
          senhaFraca: true,
        }),
      ),
    )
    const { user, router, container } = renderApp('/login')
    await user.type(await screen.findByLabelText('Usuário'), SEED_CREDENTIALS.staff.email)
    await user.type(screen.getByLabelText('Senha'), SEED_CREDENTIALS.staff.password)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Alterar senha' })
    expect(within(dialog).getByRole('status')).toHaveTextContent(messages.weakPasswordPrompt)
    expect(await seriousAxeViolations(container)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alterar senha' })).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/')
    expect(await screen.findByText(/Bem vindo Rita/)).toBeInTheDocument()
  })

  it('after a sign-in with a temporary password shows only its change, then the app (issue 34)', async () => {
    const staff = store.users.find((u) => u.id === SEED_STAFF.id)!
    staff.senhaTemporaria = true
    const { user, router } = renderApp('/login')
    await user.type(await screen.findByLabelText('Usuário'), SEED_CREDENTIALS.staff.email)
    await user.type(screen.getByLabelText('Senha'), SEED_CREDENTIALS.staff.password)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Troque sua senha temporária' })
    expect(within(dialog).getByRole('status')).toHaveTextContent(messages.temporaryPasswordPrompt)
    // no way around it but the change or 'Sair'; the page behind asks nothing of the server
    expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Sair' })).toBeInTheDocument()
    expect(screen.getByText(messages.temporaryPasswordMustChange)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /^Agendamentos dia/ })).not.toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Senha temporária'), SEED_CREDENTIALS.staff.password)
    await user.type(within(dialog).getByLabelText('Nova senha'), 'uma-senha-nova-forte')
    await user.type(within(dialog).getByLabelText('Confirme a nova senha'), 'uma-senha-nova-forte')
    await user.click(within(dialog).getByRole('button', { name: 'Alterar senha' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Troque sua senha temporária' })).not.toBeInTheDocument(),
    )
    expect(staff).toMatchObject({ senhaTemporaria: false, password: 'uma-senha-nova-forte' })
    expect(router.state.location.pathname).toBe('/')
    expect(await screen.findByRole('heading', { name: /^Agendamentos dia/ })).toBeInTheDocument()
  })

  it('does not open after a sign-in with a good password', async () => {
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Usuário'), SEED_CREDENTIALS.staff.email)
    await user.type(screen.getByLabelText('Senha'), SEED_CREDENTIALS.staff.password)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await findToast(messages.loginSuccess)
    expect(await screen.findByText(/Bem vindo Rita/)).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Alterar senha' })).not.toBeInTheDocument()
  })
})

describe('a deactivated user', () => {
  it('cannot sign in, and is told so', async () => {
    store.users.find((u) => u.id === SEED_STAFF.id)!.ativo = false
    const { user, router } = renderApp('/login')
    await user.type(await screen.findByLabelText('Usuário'), SEED_CREDENTIALS.staff.email)
    await user.type(screen.getByLabelText('Senha'), SEED_CREDENTIALS.staff.password)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await findToast(messages.userInactive)
    expect(router.state.location.pathname).toBe('/login')
  })
})

describe('Usuários (admin)', () => {
  const usersSection = () => screen.findByRole('region', { name: 'Usuários' })
  const rowOf = async (nome: string) => (await within(await usersSection()).findByText(nome)).closest('tr')!

  it('lists every user with role and state; one’s own row cannot be changed', async () => {
    renderApp('/admin', { as: 'admin' })
    const own = await rowOf(SEED_ADMIN.nome)
    expect(within(own).getByText('Administrador')).toBeInTheDocument()
    for (const button of within(own).getAllByRole('button')) expect(button).toBeDisabled()
    const staff = await rowOf(SEED_STAFF.nome)
    expect(within(staff).getByText('Usuário')).toBeInTheDocument()
    expect(within(staff).getByText('Ativo')).toBeInTheDocument()
    expect(within(staff).getByRole('button', { name: 'Desativar' })).toBeEnabled()
  })

  it('deactivates after the confirmation (the user’s session ends), then reactivates', async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    await user.click(within(await rowOf(SEED_STAFF.nome)).getByRole('button', { name: 'Desativar' }))
    const confirm = await screen.findByRole('dialog', { name: messages.confirmDeactivateUser })
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }))
    await findToast(messages.userDeactivated)
    await waitFor(async () => expect(within(await rowOf(SEED_STAFF.nome)).getByText('Desativado')).toBeInTheDocument())
    expect(store.users.find((u) => u.id === SEED_STAFF.id)!.ativo).toBe(false)
    expect(store.revokedTokens).toContain(`mock.${SEED_STAFF.id}`)

    await user.click(within(await rowOf(SEED_STAFF.nome)).getByRole('button', { name: 'Reativar' }))
    await findToast(messages.userReactivated)
    await waitFor(async () => expect(within(await rowOf(SEED_STAFF.nome)).getByText('Ativo')).toBeInTheDocument())
  })

  it('cancelling the confirmation changes nothing', async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    await user.click(within(await rowOf(SEED_STAFF.nome)).getByRole('button', { name: 'Desativar' }))
    const confirm = await screen.findByRole('dialog', { name: messages.confirmDeactivateUser })
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: messages.confirmDeactivateUser })).not.toBeInTheDocument(),
    )
    expect(store.users.find((u) => u.id === SEED_STAFF.id)!.ativo).not.toBe(false)
  })

  it('changes the role both ways', async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    await user.click(within(await rowOf(SEED_STAFF.nome)).getByRole('button', { name: 'Tornar administrador' }))
    await findToast(messages.userRoleChanged)
    await waitFor(async () =>
      expect(within(await rowOf(SEED_STAFF.nome)).getByText('Administrador')).toBeInTheDocument(),
    )
    expect(store.users.find((u) => u.id === SEED_STAFF.id)!.role).toBe('ADMIN')
    await user.click(within(await rowOf(SEED_STAFF.nome)).getByRole('button', { name: 'Tornar usuário' }))
    await waitFor(() => expect(store.users.find((u) => u.id === SEED_STAFF.id)!.role).toBe('USER'))
  })
})
