// The home page as the front desk's day board, as a receptionist and a doctor meet it: each entry's status
// and next step, the counts, the waiting time, the menu ('Faltou', 'Cancelar agendamento'), day
// navigation, the doctor filter, 'Marcar faltas', offline, live refresh, and 'Minha agenda'.
import { act, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { addDays, clinicToday, DIA_EVENTOS_PATH, formatDate, messages } from '@contract'
import { resetStore, SEED_DOCTOR, SEED_IDS, server, store } from '../../support/msw-server'
import { renderApp, seriousAxeViolations } from '../../support/render-app'
import { findToast } from '../../support/toasts'

afterEach(() => {
  vi.useRealTimers()
  act(() => onlineManager.setOnline(true))
})

/** An entry's status and buttons: the group named by its patient and time (the page's code may still be loading). */
const entry = (name: string) => screen.findByRole('group', { name })
const counts = () =>
  within(screen.getByRole('list', { name: 'Resumo do dia' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('the day board', () => {
  it('shows each entry’s status, exams, convênio and payment, its next step, the waiting time and the counts', async () => {
    renderApp('/', { as: 'staff' })
    const conceicao = await entry('Conceição Araújo, 08:30')
    expect(within(conceicao).getByText('Confirmado')).toBeInTheDocument()
    expect(within(conceicao).getByText('Raio-X de tórax')).toBeInTheDocument()
    expect(within(conceicao).getByText('Particular')).toBeInTheDocument()
    expect(within(conceicao).getByText('Pago')).toBeInTheDocument()
    expect(within(conceicao).getByRole('button', { name: 'Registrar chegada' })).toBeEnabled()

    const joao = await entry('João da Silva, 10:00')
    expect(within(joao).getByText('Aguardando')).toBeInTheDocument()
    expect(within(joao).getByText('aguardando há 12 min')).toBeInTheDocument()
    expect(within(joao).getByText('Pendente')).toBeInTheDocument()
    expect(within(joao).getByRole('button', { name: 'Iniciar atendimento' })).toBeInTheDocument()
    expect(
      within(await entry('Maria das Graças Souza, 14:00')).getByRole('button', { name: 'Confirmar' }),
    ).toBeInTheDocument()
    expect(within(await entry('Lúcia Fernandes, 16:30')).getByRole('button', { name: 'Concluir' })).toBeInTheDocument()
    // the entry's link says its status too
    expect(screen.getByRole('link', { name: /^Conceição Araújo/ })).toHaveAccessibleDescription(/^Confirmado/)
    expect(counts()).toEqual(['1 agendado', '1 confirmado', '1 aguardando', '1 em atendimento'])
    expect(screen.getByRole('separator', { name: /^Agora, \d\d:\d\d$/ })).toBeInTheDocument()
  })

  it("'Registrar chegada' moves the patient to 'Aguardando', says so, and the counts follow", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    const conceicao = await entry('Conceição Araújo, 08:30')
    await user.click(within(conceicao).getByRole('button', { name: 'Registrar chegada' }))
    // it asks the legal priority first (issue 38): none
    const arrival = await screen.findByRole('dialog', { name: /^Registrar chegada de Conceição Araújo/ })
    await user.click(within(arrival).getByRole('button', { name: 'Registrar chegada' }))
    await findToast(messages.arrivalRegistered)
    expect(await within(conceicao).findByText('Aguardando')).toBeInTheDocument()
    expect(within(conceicao).getByText(/^aguardando há \d+ min$/)).toBeInTheDocument()
    expect(within(conceicao).getByRole('button', { name: 'Iniciar atendimento' })).toBeInTheDocument()
    await waitFor(() => expect(counts()).toEqual(['1 agendado', '2 aguardando', '1 em atendimento']))
    expect(store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today1)?.status).toBe('aguardando')
  })

  it("the menu cancels with a motivo ('Paciente' or 'Clínica'), and 'Desfazer' takes the move back", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    const maria = await entry('Maria das Graças Souza, 14:00')
    await user.click(within(maria).getByRole('button', { name: 'Mais ações' }))
    expect(within(maria).getByRole('button', { name: 'Faltou' })).toBeInTheDocument()
    await user.click(within(maria).getByRole('button', { name: 'Cancelar agendamento' }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancelar agendamento de Maria das Graças Souza às 14:00',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar agendamento' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.cancelReasonRequired)
    await user.click(within(dialog).getByRole('radio', { name: 'Paciente' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Observação (opcional)' }), 'Remarcou por telefone.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar agendamento' }))
    await findToast(messages.appointmentCancelled)
    expect(await within(maria).findByText('Cancelado')).toBeInTheDocument()
    expect(store.statusMoves.at(-1)).toMatchObject({
      para: 'cancelado',
      motivo: 'paciente',
      texto: 'Remarcou por telefone.',
    })

    await user.click(within(maria).getByRole('button', { name: 'Mais ações' }))
    await user.click(within(maria).getByRole('button', { name: 'Desfazer' }))
    await findToast(messages.statusUndone)
    expect(await within(maria).findByRole('button', { name: 'Confirmar' })).toBeInTheDocument()
  })

  it("closing a dialog opened from the menu gives the focus back to 'Mais ações'", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    const maria = await entry('Maria das Graças Souza, 14:00')
    const more = within(maria).getByRole('button', { name: 'Mais ações' })
    await user.click(more)
    await user.click(within(maria).getByRole('button', { name: 'Cancelar agendamento' }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancelar agendamento de Maria das Graças Souza às 14:00',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(more).toHaveFocus()
    expect(more).toHaveAttribute('aria-expanded', 'false')
  })

  it('moves between days with the day in the URL, and filters by doctor', async () => {
    const today = clinicToday()
    const { user, router } = renderApp('/', { as: 'staff' })
    await entry('Conceição Araújo, 08:30')
    await user.click(screen.getByRole('link', { name: 'Próximo dia' }))
    const tomorrow = addDays(today, 1)
    expect(
      await screen.findByRole('heading', { level: 1, name: `Agendamentos dia ${formatDate(tomorrow)}` }),
    ).toBeInTheDocument()
    expect(router.state.location.search).toBe(`?dia=${tomorrow}`)
    expect(await entry('Pedro Henrique Alves, 09:00')).toBeInTheDocument()
    expect(screen.queryByRole('separator', { name: /^Agora/ })).toBeNull()

    await user.click(screen.getByRole('link', { name: 'Dia anterior' }))
    await user.click(await screen.findByRole('link', { name: 'Dia anterior' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: `Agendamentos dia ${formatDate(addDays(today, -1))}` }),
    ).toBeInTheDocument()
    expect(within(await entry('Antônio Carlos Ribeiro, 11:00')).getByText('Realizado')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Hoje' }))
    await entry('Conceição Araújo, 08:30')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Médico' }), 'Dr. Carlos Mendes')
    await waitFor(() => expect(screen.queryByRole('group', { name: 'João da Silva, 10:00' })).toBeNull())
    // the entries: 'Fila de espera' is a group too (a <details>), named by no patient and time
    expect(screen.getAllByRole('group', { name: /, \d\d:\d\d$/ }).map((g) => g.getAttribute('aria-label'))).toEqual([
      'Conceição Araújo, 08:30',
      'Maria das Graças Souza, 14:00',
    ])
    expect(router.state.location.search).toBe(`?medico=${SEED_IDS.medicos.carlos}`)
  })

  it('opens on the day of ?dia=', async () => {
    const day = addDays(clinicToday(), 1)
    renderApp(`/?dia=${day}`, { as: 'staff' })
    expect(
      await screen.findByRole('heading', { level: 1, name: `Agendamentos dia ${formatDate(day)}` }),
    ).toBeInTheDocument()
    expect(await entry('Pedro Henrique Alves, 09:00')).toBeInTheDocument()
  })

  it('offline, the statuses stay and the buttons are disabled, saying why', async () => {
    renderApp('/', { as: 'staff' })
    const conceicao = await entry('Conceição Araújo, 08:30')
    act(() => onlineManager.setOnline(false))
    const button = within(conceicao).getByRole('button', { name: 'Registrar chegada' })
    await waitFor(() => expect(button).toBeDisabled())
    expect(button).toHaveAccessibleDescription(messages.offlineChangesDisabled)
    expect(within(conceicao).getByText('Confirmado')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Marcar faltas' })).toBeDisabled()
  })

  it('a move made on another device shows without a reload (the live channel down: the day version is polled)', async () => {
    // issue 38: the live channel carries moves (board-live.test.tsx); down, the poll is the fallback
    server.use(http.get(`*/api${DIA_EVENTOS_PATH}`, () => HttpResponse.json({ error: '' }, { status: 503 })))
    renderApp('/', { as: 'staff' })
    const maria = await entry('Maria das Graças Souza, 14:00')
    const row = store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today3)!
    // another tablet confirmed Maria: the server's data changes, this board is not told
    row.status = 'confirmado'
    row.versao += 1
    expect(await within(maria).findByText('Confirmado')).toBeInTheDocument()
  }, 15_000)

  it("'Marcar faltas' lists today's late appointments without an arrival and marks them after one confirmation", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const today = clinicToday()
    vi.setSystemTime(new Date(`${today}T15:00:00.000Z`)) // 12:00 at the clinic
    resetStore()
    const { user } = renderApp('/', { as: 'staff' })
    await entry('Conceição Araújo, 08:30')
    await user.click(screen.getByRole('button', { name: 'Marcar faltas' }))
    const dialog = await screen.findByRole('dialog', { name: 'Marcar faltas' })
    expect(
      within(within(dialog).getByRole('list', { name: 'Agendamentos atrasados' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['08:30 — Conceição Araújo (Dr. Carlos Mendes)'])
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    await findToast(messages.missedMarked.replace('{n}', '1'))
    // the board re-renders as the day's list is refetched: look the entry up afresh until it says so
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Conceição Araújo, 08:30' })).getByText('Faltou')).toBeVisible(),
    )
  })

  it('has no serious or critical axe violations', async () => {
    const { container } = renderApp('/', { as: 'staff' })
    await entry('Conceição Araújo, 08:30')
    expect(await seriousAxeViolations(container)).toEqual([])
  })
})

describe("'Minha agenda'", () => {
  it('a user linked to a doctor opens on their own appointments and starts and finishes only those', async () => {
    store.users.push({ ...SEED_DOCTOR })
    const row = store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today1)!
    row.status = 'aguardando'
    row.chegada = new Date(Date.now() - 5 * 60_000).toISOString()
    const { user, router } = renderApp('/', { as: 'doctor' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/minha-agenda'))
    expect(
      await screen.findByRole('heading', { level: 1, name: `Minha agenda ${formatDate(clinicToday())}` }),
    ).toBeInTheDocument()
    const conceicao = await entry('Conceição Araújo, 08:30')
    // the entries: 'Fila de espera' is a group too (a <details>), named by no patient and time
    expect(screen.getAllByRole('group', { name: /, \d\d:\d\d$/ }).map((g) => g.getAttribute('aria-label'))).toEqual([
      'Conceição Araújo, 08:30',
      'Maria das Graças Souza, 14:00',
    ])
    // no front-desk moves: no 'Confirmar' for Maria, no menu, no 'Marcar faltas'
    expect(within(await entry('Maria das Graças Souza, 14:00')).queryByRole('button')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Marcar faltas' })).toBeNull()
    await user.click(within(conceicao).getByRole('button', { name: 'Iniciar atendimento' }))
    await findToast(messages.serviceStarted)
    await user.click(await within(conceicao).findByRole('button', { name: 'Concluir' }))
    expect(await within(conceicao).findByText('Realizado')).toBeInTheDocument()
    expect(
      within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', { name: 'Minha agenda' }),
    ).toBeInTheDocument()
  })
})
