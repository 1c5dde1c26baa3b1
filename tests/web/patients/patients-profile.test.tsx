// Issue 14: the patient's read-only profile (from the name in the list), booking from it, the hidden CPF and
// age that tell namesakes apart, tel: links, and the delete question that names the patient and warns early.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { storedPaciente } from '@/features/patients/testing/fixtures'
import { store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

async function openPage() {
  const app = renderApp('/pacientes', { as: 'staff', userEventOptions: { delay: null } })
  await screen.findByRole('table')
  return app
}

const rowOf = (name: string) => screen.getByRole('button', { name }).closest('tr') as HTMLElement

describe('the patient list (issue 14)', () => {
  it('shows the CPF partly hidden and the age beside the name, and phones as tel: links', async () => {
    await openPage()
    const row = rowOf('Conceição Araújo')
    const nameCell = within(row).getAllByRole('cell')[0]!
    expect(nameCell).toHaveAttribute('data-details', expect.stringMatching(/^CPF \*\*\*\.982\.247-\*\* · \d+ anos$/))
    expect(within(row).getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute('href', 'tel:+5511987654321')
  })

  it("shows the 'Nome social' in place of the name; the profile keeps the civil name", async () => {
    store.pacientes.push(storedPaciente(8, { nome: 'joão carlos pereira', nomesocial: 'joana pereira' }))
    const { user } = await openPage()
    await user.click(screen.getByRole('button', { name: 'Joana Pereira' }))
    const profile = await screen.findByRole('dialog', { name: 'Joana Pereira (João Carlos Pereira)' })
    expect(within(profile).getByText('João Carlos Pereira')).toBeInTheDocument()
  })
})

describe('the profile', () => {
  it('opens read-only from the name, lists the appointments with their status, and books from there', async () => {
    const { user, router } = await openPage()
    await user.click(screen.getByRole('button', { name: 'Conceição Araújo' }))
    const profile = await screen.findByRole('dialog', { name: 'Conceição Araújo' })
    expect(within(profile).queryByRole('textbox')).not.toBeInTheDocument()
    expect(within(profile).getByText('529.982.247-25')).toBeInTheDocument()
    const list = await within(profile).findByRole('list')
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0)
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/Dr\. .+ · Agendado|Confirmado|Aguardando/)

    await user.click(within(profile).getByRole('button', { name: 'Agendar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamentos'))
    const booking = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    expect(within(booking).getByLabelText(/^Paciente/)).toHaveDisplayValue('Conceição Araújo')
  })

  it("'Saiba mais' in the profile opens the specification's wizard", async () => {
    const { user } = await openPage()
    await user.click(screen.getByRole('button', { name: 'Conceição Araújo' }))
    const profile = await screen.findByRole('dialog', { name: 'Conceição Araújo' })
    await user.click(within(profile).getByRole('button', { name: 'Saiba mais' }))
    expect(await screen.findByRole('dialog', { name: 'Saiba mais sobre Conceição Araújo' })).toBeInTheDocument()
  })
})

describe('the delete question', () => {
  it('keeps the question, names the patient, and warns before confirming when there are appointments', async () => {
    const { user } = await openPage()
    await user.click(within(rowOf('Conceição Araújo')).getByRole('button', { name: 'Deletar' }))
    const dialog = screen.getByRole('dialog', { name: messages.confirmDeletePatient })
    expect(within(dialog).getByText('Conceição Araújo')).toBeInTheDocument()
    expect(await within(dialog).findByText(/Este paciente tem agendamentos/)).toBeInTheDocument()
  })

  it('says nothing of appointments when there are none', async () => {
    store.pacientes.push(storedPaciente(9, { nome: 'zélia sem agendamento' }))
    const { user } = await openPage()
    await user.click(within(rowOf('Zélia Sem Agendamento')).getByRole('button', { name: 'Deletar' }))
    const dialog = screen.getByRole('dialog', { name: messages.confirmDeletePatient })
    expect(within(dialog).getByText('Zélia Sem Agendamento')).toBeInTheDocument()
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirmar' })).toBeEnabled())
    expect(within(dialog).queryByText(/Este paciente tem agendamentos/)).not.toBeInTheDocument()
  })
})
