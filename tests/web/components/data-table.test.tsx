import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract/messages'
import { DataTable, ListHeader, type DataColumn } from '@/components/data-table'

interface Row {
  id: string
  nome: string
  idade: number
}
const columns: DataColumn<Row>[] = [
  { label: 'Nome', cell: (r) => r.nome },
  { label: 'Idade', cell: (r) => `${r.idade} anos` },
]
const rows: Row[] = [
  { id: '1', nome: 'Ana', idade: 30 },
  { id: '2', nome: 'Bia', idade: 41 },
]
const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  render(<DataTable caption="Pessoas" columns={columns} rows={rows} rowKey={(r) => r.id} {...props} />)

describe('DataTable', () => {
  it('a named table: the headers, each cell labelled with its column, the buttons last under Botões', () => {
    table({ actions: (r) => <button type="button">{`Editar ${r.nome}`}</button> })
    const grid = screen.getByRole('table', { name: 'Pessoas' })
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nome', 'Idade', 'Botões'])
    const [, first] = within(grid).getAllByRole('row')
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.dataset.label),
    ).toEqual(['Nome', 'Idade', 'Botões'])
    expect(within(first!).getByRole('cell', { name: '30 anos' })).toBeInTheDocument()
    expect(within(first!).getByRole('button', { name: 'Editar Ana' })).toBeInTheDocument()
  })

  it('no Botões column without actions', () => {
    table()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Idade'])
  })

  it("the first fetch: 'Carregando…', or the offline sentence while it waits for the network", () => {
    const { rerender } = table({ rows: [], loading: true })
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…')
    rerender(<DataTable caption="Pessoas" columns={columns} rows={[]} rowKey={(r) => r.id} loading waitingOffline />)
    expect(screen.getByRole('status')).toHaveTextContent(messages.offline)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('a failure is said when nothing can be shown; the rows read before stay shown', () => {
    const { rerender } = table({ rows: [], failed: true })
    expect(screen.getByRole('alert')).toHaveTextContent(messages.fetchFailed)
    rerender(<DataTable caption="Pessoas" columns={columns} rows={rows} rowKey={(r) => r.id} failed />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Pessoas' })).toBeInTheDocument()
  })

  it('an empty list says its sentence when it has one, else shows the headers alone', () => {
    const { rerender } = table({ rows: [], empty: 'Ninguém.' })
    expect(screen.getByText('Ninguém.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    rerender(<DataTable caption="Pessoas" columns={columns} rows={[]} rowKey={(r) => r.id} />)
    expect(screen.getAllByRole('row')).toHaveLength(1)
  })
})

describe('ListHeader', () => {
  it("'Recarregar' beside the title only when the list can be fetched again; disabled while it is", () => {
    const { rerender } = render(<ListHeader id="t" title="Pessoas" />)
    expect(screen.getByRole('heading', { name: 'Pessoas' })).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    rerender(<ListHeader id="t" title="Pessoas" onReload={() => {}} reloading />)
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeDisabled()
  })
})
