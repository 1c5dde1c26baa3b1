import { useId } from 'react'
import type { Paciente } from '../../../contract'
import { capitalizeName, formatPhone } from '../../../lib/format'

export interface PatientsTableProps {
  pacientes: Paciente[]
  onDetails: (paciente: Paciente) => void
  onDelete: (paciente: Paciente) => void
  /** Offline: the id of the note that says why 'Deletar' is disabled (undefined when online). */
  offlineNoteId?: string
}

const COLUMNS = ['Nome do paciente', 'Telefone', 'E-mail', 'Botões'] as const

/** The patients as a table; on phones the global .data-table turns each row into a card. */
export function PatientsTable({ pacientes, onDetails, onDelete, offlineNoteId }: PatientsTableProps) {
  const tableId = useId()
  return (
    <div className="table-wrap">
      <table className="data-table">
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
          {pacientes.map((paciente) => {
            // The row's buttons keep their visible text; the patient's name describes them.
            const nameId = `${tableId}-${paciente.id}`
            return (
              <tr key={paciente.id}>
                <td data-label={COLUMNS[0]} id={nameId}>
                  {capitalizeName(paciente.nome)}
                </td>
                <td data-label={COLUMNS[1]}>{formatPhone(paciente.telefone)}</td>
                <td data-label={COLUMNS[2]}>{paciente.email}</td>
                <td data-label={COLUMNS[3]} className="data-table__actions">
                  <button type="button" className="button button--small" aria-describedby={nameId} onClick={() => onDetails(paciente)}>
                    Saiba mais
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    aria-describedby={offlineNoteId ? `${nameId} ${offlineNoteId}` : nameId}
                    disabled={offlineNoteId !== undefined}
                    onClick={() => onDelete(paciente)}
                  >
                    Deletar
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
