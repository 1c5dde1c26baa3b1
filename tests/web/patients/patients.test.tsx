// The Patients screen (/pacientes) as the front desk meets it: list, search, paging, delete, a11y.
import { screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { storedPaciente } from '@/features/patients/testing/fixtures'
import { SEED_IDS, server, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findFormAlert, findToast } from '../../support/toasts'

/** Requests the mock received, with the time each arrived (performance.now()). */
function recordRequests() {
  const seen: { method: string; path: string; at: number; body: unknown }[] = []
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname
    const entry = { method: request.method, path, at: performance.now(), body: undefined as unknown }
    seen.push(entry)
    void request
      .clone()
      .json()
      .then((body: unknown) => (entry.body = body))
      .catch(() => {})
  })
  return seen
}

// Searches wait 500 ms of quiet each (real timers): give a busy machine room.

beforeEach(() => {
  server.events.removeAllListeners()
})

function bodyRows() {
  const table = screen.getByRole('table')
  return within(table).getAllByRole('row').slice(1)
}

function rowOf(name: string) {
  const cell = screen.getByRole('cell', { name })
  return cell.closest('tr') as HTMLElement
}

async function openPage() {
  const app = renderApp('/pacientes', { as: 'staff' })
  await screen.findByRole('table')
  return app
}

async function seriousViolations(container: Element) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('Pacientes: the list', () => {
  it('shows the exact columns, buttons and texts, names capitalised and phones formatted', async () => {
    await openPage()
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Nome do paciente',
      'Telefone',
      'E-mail',
      'Botões',
    ])
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Cadastrar paciente' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Carregar Mais' })).toBeEnabled()
    expect(screen.getByRole('combobox', { name: 'Filtrar por' })).toHaveValue('nome')
    expect(
      within(screen.getByRole('combobox', { name: 'Filtrar por' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nome', 'CPF', 'RG'])
    expect(screen.getByRole('searchbox', { name: 'Buscar paciente' })).toHaveAttribute(
      'placeholder',
      'Digite o nome do paciente',
    )

    // The six active patients, ordered by name; the inactive one is not listed.
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Antônio Carlos Ribeiro',
      'Conceição Araújo',
      'João da Silva',
      'Lúcia Fernandes',
      'Maria das Graças Souza',
      'Pedro Henrique Alves',
    ])
    expect(screen.queryByText(/beatriz/i)).not.toBeInTheDocument()

    const row = rowOf('Conceição Araújo')
    const cells = within(row).getAllByRole('cell')
    expect(cells[1]).toHaveTextContent('(11) 98765-4321')
    expect(cells[2]).toHaveTextContent('01@exemplo.com.br')
    const details = within(row).getByRole('button', { name: 'Saiba mais' })
    const remove = within(row).getByRole('button', { name: 'Deletar' })
    // The visible text is the name; the patient describes which row it acts on.
    expect(details).toHaveAccessibleDescription('Conceição Araújo')
    expect(remove).toHaveAccessibleDescription('Conceição Araújo')
    // Phones (the .data-table cards): every cell carries its column name.
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Nome do paciente',
      'Telefone',
      'E-mail',
      'Botões',
    ])
  })

  it("shows 'Nenhum paciente encontrado.' when there is no patient", async () => {
    store.pacientes.splice(0)
    renderApp('/pacientes', { as: 'staff' })
    expect(await screen.findByText('Nenhum paciente encontrado.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Carregar Mais' })).not.toBeInTheDocument()
  })

  it("says 'Erro ao buscar informações!' when the list fails to load", async () => {
    server.use(
      http.post('*/api/paciente/listAll', () => HttpResponse.json({ error: messages.internalError }, { status: 500 })),
    )
    renderApp('/pacientes', { as: 'staff' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao buscar informações!')
    expect(screen.queryByText('Nenhum paciente encontrado.')).not.toBeInTheDocument()
  })

  it('sends the user to /login when the list answers 401', async () => {
    server.use(
      http.post('*/api/paciente/listAll', () =>
        HttpResponse.json({ error: messages.unauthenticated }, { status: 401 }),
      ),
    )
    const { router } = renderApp('/pacientes', { as: 'staff' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.queryByText('Erro ao buscar informações!')).not.toBeInTheDocument()
  })

  it("'Recarregar' fetches the list again", async () => {
    const { user } = await openPage()
    store.pacientes.push(storedPaciente(1, { nome: 'bruna recém chegada' }))
    await user.click(screen.getByRole('button', { name: 'Recarregar' }))
    expect(await screen.findByRole('cell', { name: 'Bruna Recém Chegada' })).toBeInTheDocument()
  })
})

describe('Pacientes: paging', () => {
  it("'Carregar Mais' adds pages of 20 and then says 'Não existe mais pacientes!' without asking again", async () => {
    for (let n = 1; n <= 45; n++) store.pacientes.push(storedPaciente(n))
    const requests = recordRequests()
    const { user } = await openPage()
    expect(bodyRows()).toHaveLength(20)

    const more = screen.getByRole('button', { name: 'Carregar Mais' })
    await user.click(more)
    await waitFor(() => expect(bodyRows()).toHaveLength(40))
    await user.click(more)
    await waitFor(() => expect(bodyRows()).toHaveLength(51))
    expect(requests.filter((r) => r.path === '/api/paciente/listAll').map((r) => r.body)).toEqual([
      { page: 1 },
      { page: 2 },
      { page: 3 },
    ])

    await user.click(more)
    expect(await screen.findByText('Não existe mais pacientes!')).toBeInTheDocument()
    expect(requests.filter((r) => r.path === '/api/paciente/listAll')).toHaveLength(3)
    expect(bodyRows()).toHaveLength(51)
  })

  it("says 'Não existe mais pacientes!' when the next page comes back empty", async () => {
    store.pacientes.splice(0)
    for (let n = 1; n <= 20; n++) store.pacientes.push(storedPaciente(n))
    const { user } = await openPage()
    expect(bodyRows()).toHaveLength(20)
    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }))
    expect(await screen.findByText('Não existe mais pacientes!')).toBeInTheDocument()
    expect(bodyRows()).toHaveLength(20)
  })
})

describe('Pacientes: search', () => {
  it('searches by name after 500 ms of quiet, ignoring accents and case', async () => {
    const requests = recordRequests()
    const { user } = await openPage()
    const box = screen.getByRole('searchbox', { name: 'Buscar paciente' })

    await user.type(box, 'CONCEICAO')
    const typedAt = performance.now()
    // Nothing is asked while typing, nor right after.
    expect(requests.some((r) => r.path === '/api/paciente/findbynome')).toBe(false)
    expect(bodyRows()).toHaveLength(6)

    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('Conceição Araújo')
    const searches = requests.filter((r) => r.path === '/api/paciente/findbynome')
    expect(searches).toHaveLength(1)
    expect(searches[0]!.at - typedAt).toBeGreaterThanOrEqual(450)
    expect(searches[0]!.body).toEqual({ nomer: 'CONCEICAO', page: 1 })

    await user.clear(box)
    await user.type(box, 'lucia')
    await waitFor(() =>
      expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Lúcia Fernandes']),
    )
  })

  it("shows 'Nenhum paciente encontrado.' for a name nobody has", async () => {
    const { user } = await openPage()
    await user.type(screen.getByRole('searchbox', { name: 'Buscar paciente' }), 'xyzw')
    expect(await screen.findByText('Nenhum paciente encontrado.', {})).toBeInTheDocument()
  })

  it('searches by CPF (typed with or without punctuation)', async () => {
    const requests = recordRequests()
    const { user } = await openPage()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por' }), 'CPF')
    const box = screen.getByRole('searchbox', { name: 'Buscar paciente' })
    expect(box).toHaveAttribute('placeholder', 'Digite o CPF do paciente')

    await user.type(box, '529.982.247-25')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('Conceição Araújo')
    expect(requests.filter((r) => r.path === '/api/paciente/findbycpf').map((r) => r.body)).toEqual([
      { cpf: '52998224725' },
    ])
    // One patient: there is no further page to load.
    expect(screen.queryByRole('button', { name: 'Carregar Mais' })).not.toBeInTheDocument()

    await user.clear(box)
    await user.type(box, '11144477735')
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('João da Silva'))

    await user.clear(box)
    await user.type(box, '00000000191')
    expect(await screen.findByText('Nenhum paciente encontrado.', {})).toBeInTheDocument()
  })

  it('searches by RG', async () => {
    const { user } = await openPage()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por' }), 'RG')
    const box = screen.getByRole('searchbox', { name: 'Buscar paciente' })
    expect(box).toHaveAttribute('placeholder', 'Digite o RG do paciente')
    await user.type(box, '678901234')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('Antônio Carlos Ribeiro')
  })

  // The search box owns what is typed (issue #18: a keystroke must not render the page's 1,000 rows); the
  // page hears of the filter and its text together, once typing stops.
  it('changing the filter while typing clears the box and never searches the half-typed name', async () => {
    const requests = recordRequests()
    const { user } = await openPage()
    const box = screen.getByRole('searchbox', { name: 'Buscar paciente' })
    await user.type(box, 'conc')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por' }), 'CPF')
    expect(box).toHaveValue('')
    expect(box).toHaveAttribute('placeholder', 'Digite o CPF do paciente')

    await user.type(box, '52998224725')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('Conceição Araújo')
    expect(requests.some((r) => r.path === '/api/paciente/findbynome')).toBe(false)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por' }), 'Nome')
    expect(box).toHaveValue('')
    await waitFor(() => expect(bodyRows()).toHaveLength(6))
  })

  it('refuses letters in a CPF search without asking the API', async () => {
    const requests = recordRequests()
    const { user } = await openPage()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por' }), 'CPF')
    const box = screen.getByRole('searchbox', { name: 'Buscar paciente' })
    await user.type(box, 'abc')
    expect(await screen.findByText('Por favor, preencha o CPF ou RG apenas com números!', {})).toBeInTheDocument()
    expect(box).toHaveAccessibleDescription('Por favor, preencha o CPF ou RG apenas com números!')
    expect(screen.getByText('Nenhum paciente encontrado.')).toBeInTheDocument()
    expect(requests.some((r) => r.path === '/api/paciente/findbycpf')).toBe(false)
  })
})

describe('Pacientes: delete', () => {
  it('asks first, then deletes and refreshes the list', async () => {
    store.pacientes.push(storedPaciente(7, { nome: 'zélia sem agendamento' }))
    const { user } = await openPage()
    await user.click(within(rowOf('Zélia Sem Agendamento')).getByRole('button', { name: 'Deletar' }))

    const dialog = screen.getByRole('dialog', { name: 'Deseja realmente excluir este paciente?' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))

    expect(await screen.findByText('Paciente deletado com sucesso!')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Zélia Sem Agendamento' })).not.toBeInTheDocument())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(store.pacientes.find((p) => p.nome === 'zélia sem agendamento')?.ativo).toBe(false)
  })

  it("refuses a patient with appointments: 'Paciente possui agendamentos!'", async () => {
    const { user } = await openPage()
    await user.click(within(rowOf('Conceição Araújo')).getByRole('button', { name: 'Deletar' }))
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await findToast('Paciente possui agendamentos!')).toBeInTheDocument()
    // the question stays open and says why, to cancel (or try again)
    expect(await findFormAlert(dialog)).toHaveTextContent('Paciente possui agendamentos!')
    expect(screen.getByRole('cell', { name: 'Conceição Araújo' })).toBeInTheDocument()
    expect(store.pacientes.find((p) => p.id === SEED_IDS.pacientes.conceicao)?.ativo).toBe(true)
  })

  it("'Cancelar' closes the question and deletes nothing", async () => {
    store.pacientes.push(storedPaciente(7, { nome: 'zélia sem agendamento' }))
    const requests = recordRequests()
    const { user } = await openPage()
    const button = within(rowOf('Zélia Sem Agendamento')).getByRole('button', { name: 'Deletar' })
    await user.click(button)
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
    expect(requests.some((r) => r.path === '/api/paciente/delete')).toBe(false)
    expect(store.pacientes.find((p) => p.nome === 'zélia sem agendamento')?.ativo).toBe(true)
  })

  it("says 'Erro ao deletar paciente!' on another failure, and sends once on a double click", async () => {
    let deletes = 0
    server.use(
      http.delete('*/api/paciente/delete', async () => {
        deletes++
        await new Promise((resolve) => setTimeout(resolve, 50))
        return HttpResponse.json({ error: messages.internalError }, { status: 500 })
      }),
    )
    const { user } = await openPage()
    await user.click(within(rowOf('Pedro Henrique Alves')).getByRole('button', { name: 'Deletar' }))
    await user.dblClick(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmar' }))
    expect(await findToast('Erro ao deletar paciente!')).toBeInTheDocument()
    expect(deletes).toBe(1)
  })
})

describe('Pacientes: without a connection', () => {
  it('says it is offline instead of loading forever, and loads once the connection is back', async () => {
    onlineManager.setOnline(false)
    try {
      renderApp('/pacientes', { as: 'staff' })
      expect(await screen.findByText(messages.offline)).toBeInTheDocument()
      expect(screen.queryByText('Nenhum paciente encontrado.')).not.toBeInTheDocument()
      onlineManager.setOnline(true)
      expect(await screen.findByRole('cell', { name: 'Conceição Araújo' })).toBeInTheDocument()
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it('says so when a delete cannot reach the server', async () => {
    server.use(http.delete('*/api/paciente/delete', () => HttpResponse.error()))
    const { user } = await openPage()
    await user.click(within(rowOf('Pedro Henrique Alves')).getByRole('button', { name: 'Deletar' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText(messages.offline)).toBeInTheDocument()
  })
})

describe('Pacientes: accessibility', () => {
  it('has no serious or critical axe violation on the page', async () => {
    const { container } = await openPage()
    expect(await seriousViolations(container)).toEqual([])
  })
})
