// The 'Novo agendamento' modal as the tests meet it: opened from /agendamentos with its selects loaded, and
// filled with valid values. Shared by appointments-create.test.tsx (what does not depend on the day) and
// appointments-create-dates.test.tsx (what does: test:dates runs it again at its chosen instants).
import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { addDays, clinicToday } from '@contract'
import { renderApp } from '../../support/render-app'

export async function openModal() {
  const app = renderApp('/agendamentos', { as: 'staff' })
  await screen.findByRole('table')
  const opener = screen.getByRole('button', { name: 'Criar agendamento' })
  await app.user.click(opener)
  const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
  // the selects' options arrive from the API
  await waitFor(() => expect(within(dialog).getAllByRole('option', { name: /^Dr\. / })).toHaveLength(3))
  await waitFor(() => expect(within(within(dialog).getByLabelText(/^Paciente/)).getAllByRole('option')).toHaveLength(7))
  return { ...app, dialog, opener, q: within(dialog) }
}

export type Modal = Awaited<ReturnType<typeof openModal>>

/** Fills every required field with valid values (the date is tomorrow at the clinic). */
export async function fillValid({ user, q }: Modal, overrides: { valor?: string; data?: string; hora?: string } = {}) {
  await user.type(q.getByLabelText(/^Valor/), overrides.valor ?? '150,00')
  await user.type(q.getByLabelText(/^Data/), overrides.data ?? addDays(clinicToday(), 1))
  await user.type(q.getByLabelText(/^Hora/), overrides.hora ?? '14:00')
  await user.selectOptions(q.getByLabelText(/^Paciente/), 'João da Silva')
  await user.selectOptions(q.getByLabelText(/^Doutor/), 'Dr. Helena Duarte')
  await user.type(q.getByLabelText('Novo exame'), 'Raio-X de tórax')
  await user.click(q.getByRole('button', { name: 'Adicionar exame' }))
  await user.type(q.getByLabelText('Convênio'), 'Unimed')
  await user.click(q.getByRole('radio', { name: 'Sim' }))
}
