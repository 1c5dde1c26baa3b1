// 'Redefinir senha' (issue 34): ADMIN gives a staff member who forgot their password a temporary one, after
// a confirmation, shown once in a dialog; the old password stops working and their session ends.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { SEED_ADMIN, SEED_STAFF, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const usersSection = () => screen.findByRole('region', { name: 'Usuários' })
const rowOf = async (nome: string) => (await within(await usersSection()).findByText(nome)).closest('tr')!

describe('Redefinir senha (admin)', () => {
  it('confirms, shows the temporary password once, and the user signs in with it only', async () => {
    const before = store.users.find((u) => u.id === SEED_STAFF.id)!.password
    const { user } = renderApp('/admin', { as: 'admin' })
    expect(within(await rowOf(SEED_ADMIN.nome)).getByRole('button', { name: 'Redefinir senha' })).toBeDisabled()
    await user.click(within(await rowOf(SEED_STAFF.nome)).getByRole('button', { name: 'Redefinir senha' }))
    const confirm = await screen.findByRole('dialog', { name: messages.confirmResetPassword })
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }))
    await findToast(messages.userPasswordReset)
    const shown = await screen.findByRole('dialog', { name: `Senha temporária de ${SEED_STAFF.nome}` })
    const senha = within(shown).getByLabelText('Senha temporária').textContent!
    expect(senha).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/)
    const stored = store.users.find((u) => u.id === SEED_STAFF.id)!
    expect(stored.password).toBe(senha)
    expect(stored.password).not.toBe(before)
    expect(store.revokedTokens).toContain(`mock.${SEED_STAFF.id}`)
    await user.click(within(shown).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByText(senha)).not.toBeInTheDocument())
  })
})
