// The 'Novo agendamento' modal where the day matters: the payload and the list for tomorrow, a day before the
// clinic's today refused (today accepted, even earlier than now), the seed's taken slot tomorrow. test:dates
// runs this file again at its chosen instants (scripts/test-dates.ts); the rest of the modal is in
// appointments-create.test.tsx.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { addDays, clinicToday, formatDate, messages } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_IDS, SEED_STAFF, store } from '../../support/msw-server'
import { findFormAlert, findToast } from '../../support/toasts'
import { fillValid, openModal } from './create-modal'

const today = clinicToday()
const tomorrow = addDays(today, 1)
const yesterday = addDays(today, -1)

afterEach(() => {
  resetStore(() => demoSeed())
})

describe("creation modal, on the clinic's calendar", () => {
  it('sends a valid appointment: cents, floating 14:00, the signed-in user; toast, closes, row appears', async () => {
    const modal = await openModal()
    const { user, q, opener } = modal
    await fillValid(modal, { valor: '1.234,56' })
    await user.type(q.getByLabelText('Anotação do médico'), 'Jejum de 4 horas.')
    await user.click(q.getByRole('button', { name: 'Confirmar' }))

    expect(await screen.findByText(messages.appointmentCreated)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
    const created = store.agendamentos.find((a) => a.datahora === `${tomorrow}T14:00:00.000Z`)
    expect(created).toMatchObject({
      datahora: `${tomorrow}T14:00:00.000Z`,
      valorIncents: 123456,
      estaPago: true,
      convenio: 'Unimed',
      anotacao: 'Jejum de 4 horas.',
      exames: ['Raio-X de tórax'],
      pacienteId: SEED_IDS.pacientes.joao,
      medicoId: SEED_IDS.medicos.helena,
      userId: SEED_STAFF.id,
    })
    // the list (today and after) refreshed: the new row, sorted after tomorrow's 09:00
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(7))
    const last = screen.getAllByRole('row')[6]!
    expect(
      within(last)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3),
    ).toEqual(['Dr. Helena Duarte', 'João da Silva', `${formatDate(tomorrow)} 14:00`])
  })

  it("refuses a day before the clinic's today", async () => {
    const modal = await openModal()
    const { user, q } = modal
    const before = store.agendamentos.length
    await fillValid(modal, { data: yesterday })
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await q.findByText(messages.dateBeforeToday)).toBeInTheDocument()
    expect(q.getByLabelText(/^Data/)).toHaveAccessibleDescription(messages.dateBeforeToday)
    expect(store.agendamentos).toHaveLength(before)
    // today is fine, even earlier than now
    await user.clear(q.getByLabelText(/^Data/))
    await user.type(q.getByLabelText(/^Data/), today)
    await user.clear(q.getByLabelText(/^Hora/))
    await user.type(q.getByLabelText(/^Hora/), '00:05')
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText(messages.appointmentCreated)).toBeInTheDocument()
    expect(store.agendamentos.at(-1)!.datahora).toBe(`${today}T00:05:00.000Z`)
  })

  it('shows the server sentence when the doctor already has that slot', async () => {
    const modal = await openModal()
    const { user, q } = modal
    // Dr. Helena Duarte has tomorrow 09:00 in the seed
    await fillValid(modal, { hora: '09:00' })
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await findToast(messages.slotTaken)).toBeInTheDocument()
    // still open, saying why at the top of the form, with what was typed
    expect(await findFormAlert(modal.dialog)).toHaveTextContent(messages.slotTaken)
    expect(screen.getByRole('dialog', { name: 'Novo agendamento' })).toBeInTheDocument()
    expect(q.getByLabelText(/^Hora/)).toHaveValue('09:00')
    expect(q.getByRole('button', { name: 'Confirmar' })).toBeEnabled()
  })
})
