// Administration: linking a user to a doctor ('Minha agenda'), when creating the user and later.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { SEED_IDS, SEED_STAFF, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const section = (name: string) => screen.getByRole('region', { name })

describe('admin: users and doctors', () => {
  it('creates a user linked to a doctor', async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    const form = await screen.findByRole('region', { name: 'Criar usuário' })
    await user.type(within(form).getByLabelText('Nome'), 'Helena Duarte')
    await user.type(within(form).getByLabelText('E-mail'), 'helena@clinica.local')
    await user.type(within(form).getByLabelText('Senha'), 'senha-da-medica')
    const doctor = within(form).getByRole('combobox', { name: 'Médico (Minha agenda)' })
    await waitFor(() => expect(within(doctor).getAllByRole('option')).toHaveLength(4))
    await user.selectOptions(doctor, 'Dr. Helena Duarte')
    await user.click(within(form).getByRole('button', { name: 'Criar' }))
    await findToast(messages.userCreated)
    expect(store.users.find((u) => u.email === 'helena@clinica.local')?.medicoId).toBe(SEED_IDS.medicos.helena)
    const links = section('Usuários e médicos')
    expect(await within(links).findByRole('combobox', { name: 'Médico de Helena Duarte' })).toHaveDisplayValue(
      'Dr. Helena Duarte',
    )
  })

  it('links an existing user later, and unlinks them', async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    const links = await screen.findByRole('region', { name: 'Usuários e médicos' })
    const select = await within(links).findByRole('combobox', { name: `Médico de ${SEED_STAFF.nome}` })
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4))
    await user.selectOptions(select, 'Dr. Carlos Mendes')
    await findToast(messages.userLinked)
    expect(store.users.find((u) => u.id === SEED_STAFF.id)?.medicoId).toBe(SEED_IDS.medicos.carlos)
    await waitFor(() => expect(select).toHaveDisplayValue('Dr. Carlos Mendes'))
    await user.selectOptions(select, 'Nenhum')
    await waitFor(() => expect(store.users.find((u) => u.id === SEED_STAFF.id)?.medicoId).toBeNull())
  })
})
