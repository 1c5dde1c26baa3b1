// A refused write (403, issue 34): a user linked to a doctor who tries to delete a colleague's appointment
// reads the server's sentence ('Você só pode alterar e excluir…'), not the action's 'Erro ao deletar
// agendamento!' (docs/decisions.md "Failures"). The mock refuses it as the server does.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { SEED_DOCTOR, SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findFormAlert, findToast, shownToasts } from '../../support/toasts'

describe('a write the server refuses with 403', () => {
  it("shows the server's sentence in the toast and in the dialog, and keeps the appointment", async () => {
    store.users.push({ ...SEED_DOCTOR })
    const { user } = renderApp('/agendamentos', { as: 'doctor' })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Todos' }))
    // Dr. Helena Duarte's patient, not Dr. Carlos Mendes's
    const row = (await screen.findByRole('cell', { name: 'Pedro Henrique Alves' })).closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Deletar' }))
    const dialog = await screen.findByRole('dialog', { name: messages.confirmDeleteAppointment })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    await findToast(messages.appointmentNotYours)
    expect(shownToasts().map((toast) => toast.textContent)).not.toContain(messages.appointmentDeleteFailed)
    expect(await findFormAlert(dialog)).toHaveTextContent(messages.appointmentNotYours)
    expect(store.agendamentos.some((a) => a.id === SEED_IDS.agendamentos.tomorrow)).toBe(true)
  })
})
