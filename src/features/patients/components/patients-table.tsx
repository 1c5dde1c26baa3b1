import { memo, useId } from 'react'
import type { Paciente } from '@contract'
import { capitalizeName, formatPhone } from '@/lib/format'
import { formatAge, hiddenCpf, telHref } from '@/lib/masks'

export interface PatientsTableProps {
  pacientes: Paciente[]
  onDetails: (paciente: Paciente) => void
  onDelete: (paciente: Paciente) => void
  /** The name opens the read-only profile (issue 14). */
  onProfile: (paciente: Paciente) => void
  /** Offline: the id of the note that says why 'Deletar' is disabled (undefined when online). */
  offlineNoteId?: string
}

const COLUMNS = ['Nome do paciente', 'Telefone', 'E-mail', 'Botões'] as const

/** 'Nome social' is shown wherever the name is (issue 14); the civil name stays in the profile and documents. */
const nomeShown = (paciente: Paciente) => paciente.nomesocial || paciente.nome

interface PatientRowProps {
  paciente: Paciente
  tableId: string
  onDetails: (paciente: Paciente) => void
  onDelete: (paciente: Paciente) => void
  onProfile: (paciente: Paciente) => void
  offlineNoteId?: string
}

/**
 * One row, memoised: 'Carregar Mais' appends 20 rows to up to 1,000, and without this every append (and
 * every key typed in the search box) re-rendered them all — long tasks at ~1,000 rows. The earlier pages
 * keep their objects (TanStack Query's structural sharing), so only the new rows render.
 */
const PatientRow = memo(function PatientRow({
  paciente,
  tableId,
  onDetails,
  onDelete,
  onProfile,
  offlineNoteId,
}: PatientRowProps) {
  // The row's buttons keep their visible text; the patient's name describes them.
  const nameId = `${tableId}-${paciente.id}`
  return (
    <tr>
      {/*
        The cell's text stays the name (the specification's column); the hidden CPF and the age that tell
        namesakes apart (issue 14) are drawn by CSS from data-details, on a second line, and read with the cell.
      */}
      <td
        data-label={COLUMNS[0]}
        className="patient-name"
        data-details={`CPF ${hiddenCpf(paciente.cpf)} · ${formatAge(paciente.datanascimento)}`}
      >
        <button type="button" className="link-button" id={nameId} onClick={() => onProfile(paciente)}>
          {capitalizeName(nomeShown(paciente))}
        </button>
      </td>
      <td data-label={COLUMNS[1]}>
        <a className="nowrap" href={telHref(paciente.telefone)}>
          {formatPhone(paciente.telefone)}
        </a>
      </td>
      <td data-label={COLUMNS[2]} className="nowrap-cell">
        {paciente.email}
      </td>
      <td data-label={COLUMNS[3]} className="data-table__actions">
        <button
          type="button"
          className="button button--small"
          aria-describedby={nameId}
          onClick={() => onDetails(paciente)}
        >
          Saiba mais
        </button>
        <button
          type="button"
          className="button button--small button--quiet-danger"
          aria-describedby={offlineNoteId ? `${nameId} ${offlineNoteId}` : nameId}
          disabled={offlineNoteId !== undefined}
          onClick={() => onDelete(paciente)}
        >
          Deletar
        </button>
      </td>
    </tr>
  )
})

/**
 * The patients as a table; on phones the global .data-table turns each row into a card. Memoised too:
 * typing in the search box re-renders the page, not the table (callers pass stable callbacks).
 */
export const PatientsTable = memo(function PatientsTable({
  pacientes,
  onDetails,
  onDelete,
  onProfile,
  offlineNoteId,
}: PatientsTableProps) {
  const tableId = useId()
  return (
    <div className="table-wrap patients-table-wrap">
      <table className="data-table patients-table">
        <caption className="visually-hidden">Pacientes</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pacientes.map((paciente) => (
            <PatientRow
              key={paciente.id}
              paciente={paciente}
              tableId={tableId}
              onDetails={onDetails}
              onDelete={onDelete}
              onProfile={onProfile}
              offlineNoteId={offlineNoteId}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
})
