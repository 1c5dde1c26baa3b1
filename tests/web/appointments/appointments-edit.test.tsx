// The detail/edit modal ('Saiba mais'): title, pre-fill from the appointment read fresh, update with its
// versao, past appointments, conflicts, closing, a11y.
import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { addDays, api, clinicToday, formatDate, messages, type UpdateAgendamentoRequest } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_IDS, server, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

// The whole app renders per test; on a busy 2-core machine give the UI and the mock time to answer.

const today = clinicToday()
const yesterday = addDays(today, -1)

afterEach(() => {
  resetStore(() => demoSeed())
})

/** Opens 'Saiba mais' on the row of the patient named. */
async function openDetails(patient: string) {
  const app = renderApp('/agendamentos', { as: 'staff' })
  // the list opens on today and after: 'Todos' brings yesterday's row too
  await screen.findByRole('table')
  await app.user.click(screen.getByRole('button', { name: 'Todos' }))
  const cell = await screen.findByRole('cell', { name: patient })
  const row = cell.closest('tr')!
  const opener = within(row).getByRole('button', { name: 'Saiba mais' })
  await app.user.click(opener)
  const dialog = await screen.findByRole('dialog', { name: `Agendamento do paciente ${patient}` })
  const q = within(dialog)
  await q.findByLabelText(/^Valor/)
  await waitFor(() => expect(q.getAllByRole('option', { name: /^Dr\. / })).toHaveLength(3))
  return { ...app, dialog, q, opener }
}

function row(id: string) {
  return store.agendamentos.find((a) => a.id === id)!
}

async function axeProblems(node: Element) {
  const results = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('detail/edit modal', () => {
  it('is titled with the patient name and pre-filled with the appointment', async () => {
    const { q } = await openDetails('Maria das Graças Souza')
    expect(q.getByLabelText(/^Valor/)).toHaveValue('R$ 250,00')
    expect(q.getByLabelText(/^Data/)).toHaveValue(today)
    expect(q.getByLabelText(/^Hora/)).toHaveValue('14:00')
    expect(q.getByLabelText(/^Paciente/)).toHaveValue(SEED_IDS.pacientes.maria)
    expect(q.getByLabelText(/^Doutor/)).toHaveValue(SEED_IDS.medicos.carlos)
    expect(q.getByRole('option', { name: 'Dr. Carlos Mendes' })).toHaveProperty('selected', true)
    expect(q.getByLabelText('Convênio')).toHaveValue('Particular')
    expect(q.getByRole('radio', { name: 'Não' })).toBeChecked()
    expect(q.getByLabelText('Anotação do médico')).toHaveValue('Trazer exames anteriores.')
    expect(q.getByText('25/200')).toBeInTheDocument()
    const exams = within(q.getByRole('list', { name: 'Exames adicionados' })).getAllByRole('listitem')
    expect(exams.map((li) => li.firstChild?.textContent)).toEqual(['Mamografia', 'Ultrassonografia mamária'])
    expect(q.getByRole('button', { name: 'Confirmar alterações' })).toBeEnabled()
    expect(q.getByRole('button', { name: 'Fechar' })).toBeEnabled()
  })

  it('updates with the versao it read; toast, closes, the list shows the change', async () => {
    const bodies: UpdateAgendamentoRequest[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith(`/api${api.updateAgendamento.path}`))
        void request
          .clone()
          .json()
          .then((b: UpdateAgendamentoRequest) => bodies.push(b))
    })
    const { user, q, opener } = await openDetails('Maria das Graças Souza')
    await user.click(q.getByRole('radio', { name: 'Sim' }))
    await user.clear(q.getByLabelText(/^Hora/))
    await user.type(q.getByLabelText(/^Hora/), '15:30')
    await user.clear(q.getByLabelText(/^Valor/))
    await user.type(q.getByLabelText(/^Valor/), '300,50')
    await user.click(q.getByRole('button', { name: 'Remover Mamografia' }))
    await user.click(q.getByRole('button', { name: 'Confirmar alterações' }))

    expect(await screen.findByText(messages.appointmentUpdated)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
    expect(row(SEED_IDS.agendamentos.today3)).toMatchObject({
      datahora: `${today}T15:30:00.000Z`,
      estaPago: true,
      valorIncents: 30050,
      exames: ['Ultrassonografia mamária'],
      anotacao: 'Trazer exames anteriores.',
      pacienteId: SEED_IDS.pacientes.maria,
      medicoId: SEED_IDS.medicos.carlos,
      versao: 2,
    })
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ id: SEED_IDS.agendamentos.today3, versao: 1 })
    expect(await screen.findByText(`${formatDate(today)} 15:30`)).toBeInTheDocument()
    server.events.removeAllListeners()
  })

  it('lets a past appointment be marked paid, but not be moved to another past day', async () => {
    const { user, q } = await openDetails('Antônio Carlos Ribeiro')
    expect(q.getByLabelText(/^Data/)).toHaveValue(yesterday)
    await user.click(q.getByRole('radio', { name: 'Não' }))
    await user.clear(q.getByLabelText(/^Data/))
    await user.type(q.getByLabelText(/^Data/), addDays(today, -2))
    await user.click(q.getByRole('button', { name: 'Confirmar alterações' }))
    expect(await q.findByText(messages.dateBeforeToday)).toBeInTheDocument()
    expect(row(SEED_IDS.agendamentos.yesterday).versao).toBe(1)

    await user.clear(q.getByLabelText(/^Data/))
    await user.type(q.getByLabelText(/^Data/), yesterday)
    await user.click(q.getByRole('button', { name: 'Confirmar alterações' }))
    expect(await screen.findByText(messages.appointmentUpdated)).toBeInTheDocument()
    expect(row(SEED_IDS.agendamentos.yesterday)).toMatchObject({
      datahora: `${yesterday}T11:00:00.000Z`,
      estaPago: false,
      versao: 2,
    })
  })

  it("shows the server's sentence when the new slot is taken", async () => {
    const { user, q } = await openDetails('Maria das Graças Souza')
    // Dr. Helena Duarte sees João da Silva today at 10:00
    await user.selectOptions(q.getByLabelText(/^Doutor/), 'Dr. Helena Duarte')
    await user.clear(q.getByLabelText(/^Hora/))
    await user.type(q.getByLabelText(/^Hora/), '10:00')
    await user.click(q.getByRole('button', { name: 'Confirmar alterações' }))
    expect(await findToast(messages.slotTaken)).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Agendamento do paciente Maria das Graças Souza' })).toBeInTheDocument()
    expect(row(SEED_IDS.agendamentos.today3).medicoId).toBe(SEED_IDS.medicos.carlos)
  })

  it("shows the server's sentence when someone else changed it meanwhile", async () => {
    const { user, q } = await openDetails('Maria das Graças Souza')
    row(SEED_IDS.agendamentos.today3).versao = 5
    await user.click(q.getByRole('radio', { name: 'Sim' }))
    await user.click(q.getByRole('button', { name: 'Confirmar alterações' }))
    expect(await findToast(messages.staleWrite)).toBeInTheDocument()
    expect(row(SEED_IDS.agendamentos.today3).estaPago).toBe(false)
  })

  it('validates like the creation form', async () => {
    const { user, q } = await openDetails('Maria das Graças Souza')
    await user.clear(q.getByLabelText(/^Valor/))
    await user.click(q.getByRole('button', { name: 'Remover Mamografia' }))
    await user.click(q.getByRole('button', { name: 'Remover Ultrassonografia mamária' }))
    await user.click(q.getByRole('button', { name: 'Confirmar alterações' }))
    expect(await screen.findByText(messages.appointmentMissingFields)).toBeInTheDocument()
    expect(q.getAllByText(messages.required)).toHaveLength(2)
  })

  it('says so when the appointment is gone', async () => {
    server.use(
      http.post(`*/api${api.findAgendamento.path}`, () =>
        HttpResponse.json({ error: messages.appointmentNotFound }, { status: 404 }),
      ),
    )
    const { user } = renderApp('/agendamentos', { as: 'staff' })
    const cell = await screen.findByRole('cell', { name: 'João da Silva' })
    await user.click(within(cell.closest('tr')!).getByRole('button', { name: 'Saiba mais' }))
    const dialog = await screen.findByRole('dialog', { name: 'Agendamento do paciente João da Silva' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.appointmentNotFound)
    expect(within(dialog).getByRole('button', { name: 'Confirmar alterações' })).toBeDisabled()
  })

  it('closes with Fechar and with Esc, giving the focus back', async () => {
    const { user, q, opener } = await openDetails('Lúcia Fernandes')
    await user.click(q.getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
    await user.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Agendamento do paciente Lúcia Fernandes' })
    await within(dialog).findByLabelText(/^Valor/)
    await user.click(within(dialog).getByLabelText('Convênio'))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })

  it('has no serious or critical axe violations', async () => {
    const { container } = await openDetails('Conceição Araújo')
    expect(await axeProblems(container)).toEqual([])
  })
})
