// The list every admin and catalogue section shows: while the first fetch runs 'Carregando…', a failure
// with nothing to show said as an alert, an empty list's own sentence, else a table whose cells carry
// their column's name (data-label: the narrow layout shows it above the value) and, last, the row's
// buttons under 'Botões'. Generic: the feature gives the columns, rows and texts.
import type { ReactNode } from 'react'
import { messages } from '@contract/messages'
import { PageLoading } from './page-loading'

export interface DataColumn<T> {
  /** The column's header, and each of its cells' data-label. */
  label: string
  cell: (row: T) => ReactNode
}

export interface DataTableProps<T> {
  /** The table's name for screen readers (a visually hidden caption). */
  caption: string
  columns: readonly DataColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  /** Each row's buttons, in a last column 'Botões'. */
  actions?: (row: T) => ReactNode
  /** The first fetch is under way. */
  loading?: boolean
  /** The first fetch waits for the network (a paused query): said instead of 'Carregando…'. */
  waitingOffline?: boolean
  /** The fetch failed: said only when there are no rows to show (the last ones read stay shown). */
  failed?: boolean
  /** What an empty list says instead of an empty table; without it the table shows its headers only. */
  empty?: ReactNode
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  actions,
  loading = false,
  waitingOffline = false,
  failed = false,
  empty,
}: DataTableProps<T>) {
  if (loading && waitingOffline)
    return (
      <p className="empty-state" role="status">
        {messages.offline}
      </p>
    )
  if (loading) return <PageLoading />
  if (failed && rows.length === 0)
    return (
      <p className="alert" role="alert">
        {messages.fetchFailed}
      </p>
    )
  if (rows.length === 0 && empty !== undefined) return <p className="empty-state">{empty}</p>
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
            {actions && <th scope="col">Botões</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.cell(row)}
                </td>
              ))}
              {actions && (
                <td data-label="Botões" className="data-table__actions">
                  {actions(row)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A list section's title, with 'Recarregar' beside it when the list can be fetched again. */
export function ListHeader({
  id,
  title,
  onReload,
  reloading = false,
}: {
  id: string
  title: string
  onReload?: () => void
  reloading?: boolean
}) {
  if (!onReload) return <h2 id={id}>{title}</h2>
  return (
    <div className="page-header">
      <h2 id={id}>{title}</h2>
      <div className="toolbar">
        <button type="button" className="button" disabled={reloading} onClick={onReload}>
          Recarregar
        </button>
      </div>
    </div>
  )
}
