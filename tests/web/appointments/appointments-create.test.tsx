// The 'Novo agendamento' modal: every validation message, the exams list, the note counter, failures, a11y.
// What depends on the day (the payload for tomorrow, a day before today, the seed's taken slot) is in
// appointments-create-dates.test.tsx, which test:dates runs again at its chosen instants.
import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { api, messages } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_IDS, server, store } from '../../support/msw-server'
import { findFormAlert, findToast } from '../../support/toasts'
import { fillValid, openModal } from './create-modal'

afterEach(() => {
  resetStore(() => demoSeed())
})

async function axeProblems(node: Element) {
  const results = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('creation modal', () => {
  it('has every field with a visible label, and Confirmar / Cancelar', async () => {
    const { q } = await openModal()
    for (const label of [
      /^Valor/,
      /^Data/,
      /^Hora/,
      'Filtrar pacientes pelo nome',
      /^Paciente/,
      /^Doutor/,
      'Novo exame',
      'Convênio',
      'Anotação do médico',
    ]) {
      expect(q.getByLabelText(label)).toBeVisible()
    }
    expect(q.getByRole('group', { name: 'Está pago?' })).toBeInTheDocument()
    expect(q.getByRole('radio', { name: 'Sim' })).not.toBeChecked()
    expect(q.getByRole('radio', { name: 'Não' })).not.toBeChecked()
    expect(q.getByRole('group', { name: 'Exames' })).toBeInTheDocument()
    expect(q.getByText(messages.noExams)).toBeInTheDocument()
    expect(q.getByText('0/200')).toBeInTheDocument()
    expect(q.getByRole('button', { name: 'Confirmar' })).toBeEnabled()
    expect(q.getByRole('button', { name: 'Cancelar' })).toBeEnabled()
    expect(
      within(q.getByLabelText(/^Doutor/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecione o doutor', 'Dr. Carlos Mendes', 'Dr. Helena Duarte', 'Dr. João Batista Lima'])
    // patient names capitalised, the inactive patient absent
    const patients = within(q.getByLabelText(/^Paciente/))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(patients).toContain('Conceição Araújo')
    expect(patients).toContain('Maria das Graças Souza')
    expect(patients).not.toContain('Beatriz Lopes')
  })

  it("refuses an empty form: 'Preencha todos os dados!' and 'Obrigatório*' on each required field", async () => {
    const { user, q } = await openModal()
    const before = store.agendamentos.length
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText(messages.appointmentMissingFields)).toBeInTheDocument()
    // Valor, Data, Hora, Paciente, Doutor, Exames, Está pago?
    expect(q.getAllByText(messages.required)).toHaveLength(7)
    for (const label of [/^Valor/, /^Data/, /^Hora/, /^Paciente/, /^Doutor/]) {
      expect(q.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(messages.required))
      expect(q.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true')
    }
    expect(q.getByRole('group', { name: 'Exames' })).toHaveAccessibleDescription(messages.required)
    expect(q.getByRole('group', { name: 'Está pago?' })).toHaveAccessibleDescription(messages.required)
    // the first invalid field gets the focus
    expect(q.getByLabelText(/^Valor/)).toHaveFocus()
    expect(store.agendamentos).toHaveLength(before)
  })

  it("accepts 'R$ 1.234,56' and '150' and shows the value as money on leaving the field", async () => {
    const modal = await openModal()
    const { user, q } = modal
    await fillValid(modal, { valor: 'R$ 1.234,56' })
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText(messages.appointmentCreated)).toBeInTheDocument()
    expect(store.agendamentos.at(-1)!.valorIncents).toBe(123456)

    await user.click(screen.getByRole('button', { name: 'Criar agendamento' }))
    const again = within(await screen.findByRole('dialog', { name: 'Novo agendamento' }))
    await user.type(again.getByLabelText(/^Valor/), '150')
    await user.tab()
    expect(again.getByLabelText(/^Valor/)).toHaveValue('R$ 150,00')
  })

  it('refuses a value that is not money', async () => {
    const modal = await openModal()
    const { user, q } = modal
    await fillValid(modal, { valor: '12,345' })
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await q.findByText(messages.valueInvalid)).toBeInTheDocument()
    expect(screen.queryByText(messages.appointmentMissingFields)).not.toBeInTheDocument()
  })

  it("says 'Erro ao criar agendamento!' on another failure, and the server's sentence on a 400", async () => {
    server.use(
      http.post(`*/api${api.registerAgendamento.path}`, () =>
        HttpResponse.json({ error: messages.internalError }, { status: 500 }),
      ),
    )
    const modal = await openModal()
    const { user, q } = modal
    await fillValid(modal)
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await findToast(messages.appointmentCreateFailed)).toBeInTheDocument()
    // the request has ended once the form says so: Confirmar is enabled again
    expect(await findFormAlert(modal.dialog)).toHaveTextContent(messages.appointmentCreateFailed)

    server.use(
      http.post(`*/api${api.registerAgendamento.path}`, () =>
        HttpResponse.json({ error: messages.dateBeforeToday }, { status: 400 }),
      ),
    )
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await findToast(messages.dateBeforeToday)).toBeInTheDocument()
  })

  it('disables Confirmar and Cancelar while the request runs', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post(`*/api${api.registerAgendamento.path}`, async () => {
        await gate
        return HttpResponse.json({ error: messages.slotTaken }, { status: 409 })
      }),
    )
    const modal = await openModal()
    const { user, q } = modal
    await fillValid(modal)
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(q.getByRole('button', { name: 'Confirmar' })).toBeDisabled())
    expect(q.getByRole('button', { name: 'Cancelar' })).toBeDisabled()
    release()
    expect(await findToast(messages.slotTaken)).toBeInTheDocument()
    // enabled again once the request has ended (the form then says why)
    expect(await findFormAlert(modal.dialog)).toHaveTextContent(messages.slotTaken)
    expect(q.getByRole('button', { name: 'Confirmar' })).toBeEnabled()
  })

  it('closes with Cancelar or Esc, gives the focus back and forgets every field', async () => {
    const modal = await openModal()
    const { user, q, opener } = modal
    await fillValid(modal)
    await user.type(q.getByLabelText('Anotação do médico'), 'abc')
    await user.click(q.getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()

    await user.click(opener)
    let dialog = within(await screen.findByRole('dialog', { name: 'Novo agendamento' }))
    expect(dialog.getByLabelText(/^Valor/)).toHaveValue('')
    expect(dialog.getByLabelText(/^Data/)).toHaveValue('')
    expect(dialog.getByLabelText(/^Hora/)).toHaveValue('')
    expect(dialog.getByLabelText(/^Paciente/)).toHaveValue('')
    expect(dialog.getByLabelText(/^Doutor/)).toHaveValue('')
    expect(dialog.getByLabelText('Convênio')).toHaveValue('')
    expect(dialog.getByLabelText('Anotação do médico')).toHaveValue('')
    expect(dialog.getByText(messages.noExams)).toBeInTheDocument()
    expect(dialog.getByRole('radio', { name: 'Sim' })).not.toBeChecked()

    // the focus is inside the open dialog; Esc closes it
    await user.type(dialog.getByLabelText('Convênio'), 'x')
    expect(dialog.getByLabelText('Convênio')).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
    await user.click(opener)
    dialog = within(await screen.findByRole('dialog', { name: 'Novo agendamento' }))
    expect(dialog.getByLabelText('Convênio')).toHaveValue('')
  })

  it('narrows the patient select with the name filter (500 ms) and keeps the chosen patient', async () => {
    const { user, q } = await openModal()
    const select = q.getByLabelText(/^Paciente/)
    await user.selectOptions(select, 'Pedro Henrique Alves')
    await user.type(q.getByLabelText('Filtrar pacientes pelo nome'), 'conceicao')
    await waitFor(() => expect(within(select).queryByRole('option', { name: 'João da Silva' })).not.toBeInTheDocument())
    const names = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(names).toEqual(['Selecione o paciente', 'Pedro Henrique Alves', 'Conceição Araújo'])
    expect(select).toHaveValue(SEED_IDS.pacientes.pedro)
  })
})

describe('exams list', () => {
  it("adds, lists and removes exams; an empty one says 'O campo do novo exame está vazio.'", async () => {
    const { user, q } = await openModal()
    expect(q.getByText(messages.noExams)).toBeInTheDocument()
    await user.click(q.getByRole('button', { name: 'Adicionar exame' }))
    expect(q.getByText(messages.emptyExam)).toBeInTheDocument()
    expect(q.getByLabelText('Novo exame')).toHaveAccessibleDescription(messages.emptyExam)
    await user.type(q.getByLabelText('Novo exame'), '   ')
    await user.click(q.getByRole('button', { name: 'Adicionar exame' }))
    expect(q.getByText(messages.emptyExam)).toBeInTheDocument()

    await user.clear(q.getByLabelText('Novo exame'))
    await user.type(q.getByLabelText('Novo exame'), 'Mamografia')
    expect(q.queryByText(messages.emptyExam)).not.toBeInTheDocument()
    await user.click(q.getByRole('button', { name: 'Adicionar exame' }))
    // Enter in the exam input adds it too, without submitting the form
    await user.type(q.getByLabelText('Novo exame'), 'Ultrassonografia mamária{Enter}')
    expect(screen.queryByText(messages.appointmentMissingFields)).not.toBeInTheDocument()
    expect(q.getByLabelText('Novo exame')).toHaveValue('')
    const list = q.getByRole('list', { name: 'Exames adicionados' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Mamografia', 'Ultrassonografia mamária'])
    expect(q.queryByText(messages.noExams)).not.toBeInTheDocument()

    await user.click(q.getByRole('button', { name: 'Remover Mamografia' }))
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(q.getByLabelText('Novo exame')).toHaveFocus()
    await user.click(q.getByRole('button', { name: 'Remover Ultrassonografia mamária' }))
    expect(q.getByText(messages.noExams)).toBeInTheDocument()
    // Enter above submitted nothing: by now a submission's (asynchronous) validation would show
    expect(screen.queryByText(messages.appointmentMissingFields)).not.toBeInTheDocument()
    expect(q.queryByText(messages.required)).not.toBeInTheDocument()
  })

  it('sends every exam listed', async () => {
    const modal = await openModal()
    const { user, q } = modal
    await fillValid(modal)
    await user.type(q.getByLabelText('Novo exame'), 'Tomografia{Enter}')
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText(messages.appointmentCreated)).toBeInTheDocument()
    expect(store.agendamentos.at(-1)!.exames).toEqual(['Raio-X de tórax', 'Tomografia'])
  })
})

describe('note', () => {
  it('counts characters and refuses more than 200', async () => {
    const modal = await openModal()
    const { user, q } = modal
    const note = q.getByLabelText('Anotação do médico')
    await user.type(note, 'Olá')
    expect(note).toHaveAccessibleDescription('3/200')
    await user.clear(note)
    await user.click(note)
    await user.paste('a'.repeat(200))
    expect(q.getByText('200/200')).toBeInTheDocument()
    await user.type(note, 'b')
    expect(q.getByText('201/200')).toBeInTheDocument()
    await fillValid(modal)
    const before = store.agendamentos.length
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await q.findByText(messages.noteTooLong)).toBeInTheDocument()
    expect(store.agendamentos).toHaveLength(before)
    await user.type(note, '{Backspace}')
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText(messages.appointmentCreated)).toBeInTheDocument()
    expect(store.agendamentos.at(-1)!.anotacao).toHaveLength(200)
  })
})

describe('creation modal accessibility', () => {
  it('has no serious or critical axe violations, empty and with errors', async () => {
    const { user, q, container } = await openModal()
    expect(await axeProblems(container)).toEqual([])
    await user.click(q.getByRole('button', { name: 'Adicionar exame' }))
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    await screen.findByText(messages.appointmentMissingFields)
    expect(await axeProblems(container)).toEqual([])
  })
})
