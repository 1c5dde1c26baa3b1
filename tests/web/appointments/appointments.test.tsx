// /agendamentos as the front desk meets it: the list, its filters (alone and combined), paging, delete,
// and accessibility. The creation and detail modals have their own files.
import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addDays, api, clinicToday, formatDate, messages, type ListAgendamentosRequest } from '@contract'
import { FAR_AHEAD } from '@/lib/query-keys'
import { demoSeed, type StoredAgendamento } from '@/mocks/store'
import { resetStore, SEED_IDS, server, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

// The whole app renders per test; on a busy 2-core machine give the UI and the mock time to answer.

const today = clinicToday()
const yesterday = addDays(today, -1)
const tomorrow = addDays(today, 1)

/** Every listAll body the page sent, in order. */
let listBodies: ListAgendamentosRequest[] = []

beforeEach(() => {
  listBodies = []
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith(`/api${api.listAgendamentos.path}`)) {
      void request
        .clone()
        .json()
        .then((body: ListAgendamentosRequest) => listBodies.push(body))
    }
  })
})

afterEach(() => {
  server.events.removeAllListeners()
  resetStore(() => demoSeed())
})

/**
 * Opens the page; with `all` (the default) chooses 'Todos' first, as the tests that read yesterday's row
 * need (the list opens on today and after), and forgets the opening view's request.
 */
async function openPage(as: 'staff' | 'admin' = 'staff', { all = true } = {}) {
  const app = renderApp('/agendamentos', { as })
  await screen.findByRole('heading', { level: 1, name: 'Gerenciamento de Agendamentos' })
  await screen.findByRole('table')
  if (all) {
    await app.user.click(screen.getByRole('button', { name: 'Todos' }))
    // the unfiltered list: no filter at all in its body
    await waitFor(() => expect(listBodies).toContainEqual({ page: 1 }))
    listBodies.length = 0
  }
  return app
}

/** The body rows as text per cell. */
function bodyRows() {
  const table = screen.getByRole('table')
  const [, ...rows] = within(table).getAllByRole('row')
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  )
}

async function waitForRows(count: number) {
  await waitFor(() => expect(bodyRows()).toHaveLength(count))
}

async function axeProblems(node: Element) {
  const results = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

function agendamento(index: number, datahora: string): StoredAgendamento {
  return {
    id: `3d8b2f9a-4f5c-4dae-9a3b-1000000000${String(index).padStart(2, '0')}`,
    datahora,
    anotacao: '',
    convenio: 'Particular',
    valorIncents: 10_000,
    estaPago: false,
    exames: ['Raio-X'],
    userId: '0a7c3c4e-9a1b-4c55-8d2e-000000000002',
    pacienteId: SEED_IDS.pacientes.joao,
    medicoId: SEED_IDS.medicos.carlos,
    versao: 1,
  }
}

describe('appointments list', () => {
  it('shows the title, the buttons, the columns and the rows ascending by date-time', async () => {
    await openPage()
    expect(document.title).toBe('Agendamentos · Clínica')
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Criar agendamento' })).toBeEnabled()
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Doutor responsável',
      'Nome do paciente',
      'Data e hora',
      'Status',
      'Botões',
    ])
    await waitForRows(6)
    expect(bodyRows()).toEqual([
      [
        'Dr. João Batista Lima',
        'Antônio Carlos Ribeiro',
        `${formatDate(yesterday)} 11:00`,
        'Realizado',
        'Saiba maisDeletar',
      ],
      ['Dr. Carlos Mendes', 'Conceição Araújo', `${formatDate(today)} 08:30`, 'Confirmado', 'Saiba maisDeletar'],
      ['Dr. Helena Duarte', 'João da Silva', `${formatDate(today)} 10:00`, 'Aguardando', 'Saiba maisDeletar'],
      ['Dr. Carlos Mendes', 'Maria das Graças Souza', `${formatDate(today)} 14:00`, 'Agendado', 'Saiba maisDeletar'],
      ['Dr. João Batista Lima', 'Lúcia Fernandes', `${formatDate(today)} 16:30`, 'Em atendimento', 'Saiba maisDeletar'],
      ['Dr. Helena Duarte', 'Pedro Henrique Alves', `${formatDate(tomorrow)} 09:00`, 'Agendado', 'Saiba maisDeletar'],
    ])
    const firstRow = screen.getAllByRole('row')[1]!
    expect(within(firstRow).getByRole('button', { name: 'Saiba mais' })).toBeInTheDocument()
    expect(within(firstRow).getByRole('button', { name: 'Deletar' })).toBeInTheDocument()
    // phones: each cell names its column (the table turns into cards)
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['Doutor responsável', 'Nome do paciente', 'Data e hora', 'Status', 'Botões'])
    // 'Todos' asked for { page: 1 } alone (openPage waits for that body)
    expect(screen.getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('opens on today and the days after, ascending, without a toast', async () => {
    await openPage('staff', { all: false })
    await waitForRows(5)
    expect(bodyRows().map((row) => row[2])).toEqual([
      `${formatDate(today)} 08:30`,
      `${formatDate(today)} 10:00`,
      `${formatDate(today)} 14:00`,
      `${formatDate(today)} 16:30`,
      `${formatDate(tomorrow)} 09:00`,
    ])
    expect(screen.queryByText('Antônio Carlos Ribeiro')).not.toBeInTheDocument()
    expect(listBodies[0]).toEqual({ page: 1, datainicior: `${today}T00:00:00.000Z`, datafimr: FAR_AHEAD })
    // the dates stay empty, 'Hoje' shows as the current choice, and nothing is said
    expect(screen.getByLabelText('Data início')).toHaveValue('')
    expect(screen.getByLabelText('Data fim')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Hoje' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText(messages.noAppointmentsForFilter)).not.toBeInTheDocument()
  })

  it('opens without a toast on a day with nothing ahead', async () => {
    resetStore(() => ({
      ...demoSeed(),
      agendamentos: (demoSeed().agendamentos ?? []).filter((a) => a.id === SEED_IDS.agendamentos.yesterday),
    }))
    renderApp('/agendamentos', { as: 'staff' })
    expect(await screen.findByText(messages.noAppointmentsFound)).toBeInTheDocument()
    expect(screen.queryByText(messages.noAppointmentsForFilter)).not.toBeInTheDocument()
  })

  it('shows the empty text when there are no appointments', async () => {
    resetStore(() => ({ ...demoSeed(), agendamentos: [] }))
    renderApp('/agendamentos', { as: 'staff' })
    expect(await screen.findByText(messages.noAppointmentsFound)).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByText(messages.noAppointmentsForFilter)).not.toBeInTheDocument()
  })

  it('says so when the list cannot load', async () => {
    server.use(
      http.post(`*/api${api.listAgendamentos.path}`, () =>
        HttpResponse.json({ error: messages.internalError }, { status: 500 }),
      ),
    )
    renderApp('/agendamentos', { as: 'staff' })
    expect(await screen.findByText(messages.fetchFailed)).toBeInTheDocument()
  })

  it('refreshes with Recarregar', async () => {
    const { user } = await openPage()
    await waitForRows(6)
    store.agendamentos.push(agendamento(1, `${tomorrow}T15:00:00.000Z`))
    await user.click(screen.getByRole('button', { name: 'Recarregar' }))
    await waitForRows(7)
  })
})

describe('filters', () => {
  it('searches by patient name after 500 ms of quiet, ignoring case and accents', async () => {
    const { user } = await openPage()
    await waitForRows(6)
    const search = screen.getByLabelText('Buscar pelo nome do paciente')
    await user.type(search, 'CONCEICAO')
    // not yet: the search waits for the typing to stop
    expect(listBodies.some((body) => body.pacienteNome)).toBe(false)
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]![1]).toBe('Conceição Araújo')
    // one request for the whole word, not one per keystroke
    expect(listBodies.filter((body) => body.pacienteNome)).toEqual([{ page: 1, pacienteNome: 'CONCEICAO' }])
  })

  it("offers 'Nenhum doutor' and one 'Dr. {name}' per doctor, and filters by doctor", async () => {
    const { user } = await openPage()
    await waitForRows(6)
    const select = screen.getByLabelText('Filtrar por doutor')
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4))
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nenhum doutor', 'Dr. Carlos Mendes', 'Dr. Helena Duarte', 'Dr. João Batista Lima'])
    await user.selectOptions(select, 'Dr. Helena Duarte')
    await waitForRows(2)
    expect(bodyRows().map((row) => row[0])).toEqual(['Dr. Helena Duarte', 'Dr. Helena Duarte'])
    expect(listBodies.at(-1)).toEqual({ page: 1, medicoId: SEED_IDS.medicos.helena })

    await user.selectOptions(select, 'Nenhum doutor')
    await waitForRows(6)
  })

  it('needs both dates: one alone says so and does not filter', async () => {
    const { user } = await openPage()
    await waitForRows(6)
    await user.type(screen.getByLabelText('Data início'), today)
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.dateRangeNeedsBoth)
    expect(listBodies.some((body) => body.datainicior || body.datafimr)).toBe(false)
    expect(bodyRows()).toHaveLength(6)

    await user.clear(screen.getByLabelText('Data início'))
    await user.type(screen.getByLabelText('Data fim'), today)
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.dateRangeNeedsBoth)
    expect(listBodies.some((body) => body.datainicior || body.datafimr)).toBe(false)

    await user.type(screen.getByLabelText('Data início'), today)
    await waitForRows(4)
    expect(screen.queryByText(messages.dateRangeNeedsBoth)).not.toBeInTheDocument()
    expect(listBodies.at(-1)).toEqual({
      page: 1,
      datainicior: `${today}T00:00:00.000Z`,
      datafimr: `${today}T23:59:59.999Z`,
    })
  })

  it('combines name, doctor and dates in one call', async () => {
    const { user } = await openPage()
    await waitForRows(6)
    await user.type(screen.getByLabelText('Data início'), yesterday)
    await user.type(screen.getByLabelText('Data fim'), today)
    await waitForRows(5)
    await user.selectOptions(screen.getByLabelText('Filtrar por doutor'), 'Dr. Carlos Mendes')
    await waitForRows(2)
    await user.type(screen.getByLabelText('Buscar pelo nome do paciente'), 'maria')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]!.slice(0, 3)).toEqual([
      'Dr. Carlos Mendes',
      'Maria das Graças Souza',
      `${formatDate(today)} 14:00`,
    ])
    expect(listBodies.at(-1)).toEqual({
      page: 1,
      pacienteNome: 'maria',
      medicoId: SEED_IDS.medicos.carlos,
      datainicior: `${yesterday}T00:00:00.000Z`,
      datafimr: `${today}T23:59:59.999Z`,
    })
  })

  it('says when a filter finds nothing, with the empty text', async () => {
    const { user } = await openPage()
    await waitForRows(6)
    await user.type(screen.getByLabelText('Buscar pelo nome do paciente'), 'zzz')
    expect(await screen.findByText(messages.noAppointmentsForFilter, {})).toBeInTheDocument()
    expect(screen.getByText(messages.noAppointmentsFound)).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})

describe('paging', () => {
  it("loads 20 at a time with 'Carregar Mais' and says when there are no more", async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      agendamento(i, `${tomorrow}T${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00.000Z`),
    )
    resetStore(() => ({ ...demoSeed(), agendamentos: many }))
    // all tomorrow: the opening view (today and after) pages them
    const { user } = await openPage('staff', { all: false })
    await waitForRows(20)
    expect(bodyRows()[0]![2]).toBe(`${formatDate(tomorrow)} 07:00`)
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }))
    await waitForRows(25)
    expect(listBodies.map((body) => body.page)).toEqual([1, 2])
    expect(bodyRows()[24]![2]).toBe(`${formatDate(tomorrow)} 19:00`)
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }))
    expect(await screen.findByText(messages.noMoreAppointments)).toBeInTheDocument()
    expect(listBodies.map((body) => body.page)).toEqual([1, 2])
  })

  it('says there are no more when the next page comes back empty', async () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      agendamento(i, `${tomorrow}T${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00.000Z`),
    )
    resetStore(() => ({ ...demoSeed(), agendamentos: many }))
    // all tomorrow: the opening view (today and after) pages them
    const { user } = await openPage('staff', { all: false })
    await waitForRows(20)
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }))
    expect(await screen.findByText(messages.noMoreAppointments)).toBeInTheDocument()
    expect(bodyRows()).toHaveLength(20)
    expect(listBodies.map((body) => body.page)).toEqual([1, 2])
  })
})

describe('delete', () => {
  it('asks first; Cancelar keeps the appointment', async () => {
    const { user } = await openPage()
    await waitForRows(6)
    const row = screen.getAllByRole('row')[1]!
    const deleteButton = within(row).getByRole('button', { name: 'Deletar' })
    await user.click(deleteButton)
    const dialog = await screen.findByRole('dialog', { name: messages.confirmDeleteAppointment })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(deleteButton).toHaveFocus()
    expect(store.agendamentos).toHaveLength(6)
    expect(bodyRows()).toHaveLength(6)
  })

  it('deletes on Confirmar and refreshes the list; a paid or done appointment is kept, with the reason', async () => {
    const { user } = await openPage()
    await waitForRows(6)
    const deleteRow = async (row: HTMLElement) => {
      await user.click(within(row).getByRole('button', { name: 'Deletar' }))
      const dialog = await screen.findByRole('dialog', { name: messages.confirmDeleteAppointment })
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    }
    // yesterday's appointment is paid and 'Realizado' (issue 35): cancelled, never deleted
    await deleteRow(screen.getAllByRole('row')[1]!)
    expect(await findToast(messages.appointmentDeleteKept)).toBeInTheDocument()
    expect(store.agendamentos.some((a) => a.id === SEED_IDS.agendamentos.yesterday)).toBe(true)
    const rows = screen.getAllByRole('row')
    await deleteRow(rows[rows.length - 1]!)
    expect(await screen.findByText(messages.appointmentDeleted)).toBeInTheDocument()
    await waitForRows(5)
    expect(store.agendamentos.some((a) => a.id === SEED_IDS.agendamentos.tomorrow)).toBe(false)
  })

  it('says so when the delete fails', async () => {
    server.use(
      http.delete(`*/api${api.deleteAgendamento.path}`, () =>
        HttpResponse.json({ error: messages.internalError }, { status: 500 }),
      ),
    )
    const { user } = await openPage()
    await waitForRows(6)
    await user.click(within(screen.getAllByRole('row')[1]!).getByRole('button', { name: 'Deletar' }))
    const dialog = await screen.findByRole('dialog', { name: messages.confirmDeleteAppointment })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await findToast(messages.appointmentDeleteFailed)).toBeInTheDocument()
    expect(bodyRows()).toHaveLength(6)
  })
})

describe('accessibility', () => {
  it('has no serious or critical axe violations on the page', async () => {
    const { container, user } = await openPage()
    await waitForRows(6)
    expect(await axeProblems(container)).toEqual([])
    // with the date message showing too
    await user.type(screen.getByLabelText('Data início'), today)
    await screen.findByRole('alert')
    expect(await axeProblems(container)).toEqual([])
  })

  it('labels every filter', async () => {
    await openPage()
    for (const label of ['Buscar pelo nome do paciente', 'Filtrar por doutor', 'Data início', 'Data fim']) {
      expect(screen.getByLabelText(label)).toBeVisible()
    }
    expect(screen.getByRole('search', { name: 'Filtrar agendamentos' })).toBeInTheDocument()
  })
})
