// The appointments page and the day's statuses: the status filter, an entry of the home page's board
// opening its appointment here, and the detail dialog's status and history of moves.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SEED_IDS, server } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

function bodyRows() {
  const [, ...rows] = within(screen.getByRole('table')).getAllByRole('row')
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  )
}

describe('appointments and statuses', () => {
  it("filters by status ('Filtrar por status')", async () => {
    const bodies: unknown[] = []
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/api/agendamento/listAll')) bodies.push(await request.clone().json())
    })
    const { user } = renderApp('/agendamentos', { as: 'staff' })
    // the list opens on today and after: 'Todos' for every appointment, whatever its date
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Todos' }))
    await waitFor(() => expect(bodyRows()).toHaveLength(6))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por status' }), 'Aguardando')
    await waitFor(() => expect(bodyRows().map((row) => row[1])).toEqual(['João da Silva']))
    expect(bodies.at(-1)).toEqual({ page: 1, status: 'aguardando' })
    server.events.removeAllListeners()
  })

  it('an entry of the board opens its appointment, with its status and the history of its moves', async () => {
    const { user, router } = renderApp('/', { as: 'staff' })
    await user.click(await screen.findByRole('link', { name: /^João da Silva/ }))
    // the entry's panel opens over the board (issue 34); its 'Editar agendamento' opens the appointment
    const panel = await screen.findByRole('dialog', { name: 'João da Silva, 10:00' })
    expect(router.state.location.pathname).toBe('/')
    await user.click(await within(panel).findByRole('button', { name: 'Editar agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Agendamento do paciente João da Silva' })
    expect(await within(dialog).findByText(/^Status:/)).toHaveTextContent(
      /^Status: Aguardando — chegada em \d\d\/\d\d às \d\d:\d\d$/,
    )
    const history = within(dialog).getByRole('region', { name: 'Histórico de alterações' })
    expect(await within(history).findByText(/Status alterado: Confirmado → Aguardando/)).toBeInTheDocument()
    expect(within(history).getByText(/Status alterado: Agendado → Confirmado/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Agendamento do paciente/ })).toBeNull())
    expect(router.state.location.pathname).toBe('/')
    expect(SEED_IDS.agendamentos.today2).toBeDefined()
  })
})
