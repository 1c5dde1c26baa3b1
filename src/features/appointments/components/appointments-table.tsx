import { statusLabels, statusOf, type Agendamento } from '@contract'
import { capitalizeName, formatDateTime } from '@/lib/format'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'

export interface AppointmentsTableProps {
  rows: Agendamento[]
  onDetails: (agendamento: Agendamento) => void
  onDelete: (agendamento: Agendamento) => void
  /** Offline: the id of the note that says why 'Deletar' is disabled (undefined when online). */
  offlineNoteId?: string
}

/** The appointments, ascending by date-time as the API sends them; cards on phones (data-label). */
export function AppointmentsTable({ rows, onDetails, onDelete, offlineNoteId }: AppointmentsTableProps) {
  const titles = useDoctorTitles()
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">Agendamentos</caption>
        <thead>
          <tr>
            <th scope="col">Doutor responsável</th>
            <th scope="col">Nome do paciente</th>
            <th scope="col">Data e hora</th>
            <th scope="col">Status</th>
            <th scope="col">Botões</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((agendamento) => (
            <tr key={agendamento.id}>
              <td data-label="Doutor responsável">
                {doctorTitle({ id: agendamento.doutor.id, nome: capitalizeName(agendamento.doutor.nome) }, titles)}
              </td>
              <td data-label="Nome do paciente">{capitalizeName(agendamento.paciente.nome)}</td>
              <td data-label="Data e hora">
                <time dateTime={agendamento.datahora.slice(0, 16)}>{formatDateTime(agendamento.datahora)}</time>
              </td>
              <td data-label="Status">
                <span className={`status-badge status-badge--${statusOf(agendamento)}`}>
                  {statusLabels[statusOf(agendamento)]}
                </span>
              </td>
              <td data-label="Botões" className="data-table__actions">
                <button type="button" className="button button--small" onClick={() => onDetails(agendamento)}>
                  Saiba mais
                </button>
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => onDelete(agendamento)}
                  disabled={offlineNoteId !== undefined}
                  aria-describedby={offlineNoteId}
                >
                  Deletar
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
