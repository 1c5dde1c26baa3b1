// 'Imprimir lista do dia' (docs/decisions.md, "Messages and printouts"): a day's appointments of each
// doctor or each machine, one line each with a column to tick, a page per group. Only what the room needs:
// time, patient's name, exams (with their preparo), convênio, status — no document or phone. Printed from
// the home board (per doctor) and the agenda (per doctor or per equipment); works offline from the cache.
import { formatDate, statusLabels, timePart, weekdayOf, type Status } from '@contract'
import { PrintHeader, PrintSheet } from '@/components/print/print-sheet'
import { useClinicSettings } from '@/lib/clinic-settings'
import { useExamesComPreparo } from '@/lib/exam-preparo'
import { capitalizeName } from '@/lib/format'

/** One line: what both the day's list and the agenda know of an appointment. */
export interface DayListRow {
  id: string
  datahora: string
  paciente: { nome: string }
  exames: readonly string[]
  /** Absent where the source does not carry it (the agenda). */
  convenio?: string
  status: Status
}

/** One page: a doctor's or a machine's appointments of the day, in time order. */
export interface DayListGroup {
  key: string
  /** 'Dr. Helena Costa', 'US-1'. */
  title: string
  rows: readonly DayListRow[]
}

export interface DayListPrintProps {
  day: string
  groups: readonly DayListGroup[]
}

export default function DayListPrint({ day, groups }: DayListPrintProps) {
  const clinica = useClinicSettings()
  const toExames = useExamesComPreparo()
  const pages = groups.filter((group) => group.rows.length > 0)
  const withConvenio = pages.some((group) => group.rows.some((row) => row.convenio !== undefined))

  return (
    <>
      <button type="button" className="button" disabled={pages.length === 0} onClick={() => window.print()}>
        Imprimir lista do dia
      </button>
      {pages.length > 0 && (
        <PrintSheet paper="a4" label="Lista do dia">
          {pages.map((group) => (
            <section key={group.key} className="print-day">
              <PrintHeader clinica={clinica.data} />
              <h1>
                Lista do dia {formatDate(day)} ({weekdayOf(day)}) — {group.title}
              </h1>
              <table className="print-table">
                <thead>
                  <tr>
                    <th className="print-tick">Feito</th>
                    <th className="print-time">Hora</th>
                    <th>Paciente</th>
                    <th className="print-exams-col">Exames</th>
                    {withConvenio && <th className="print-short">Convênio</th>}
                    <th className="print-status">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {group.rows.map((a) => (
                    <tr key={a.id}>
                      <td className="print-tick">☐</td>
                      <td>{timePart(a.datahora)}</td>
                      <td className="print-words">{capitalizeName(a.paciente.nome)}</td>
                      <td>
                        {toExames(a.exames)
                          .map((e) => (e.preparo ? `${e.nome} (preparo: ${e.preparo})` : e.nome))
                          .join(', ')}
                      </td>
                      {withConvenio && <td>{a.convenio?.trim() || 'Particular'}</td>}
                      <td className="print-words">{statusLabels[a.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="print-footnote">
                {group.rows.length} {group.rows.length === 1 ? 'agendamento' : 'agendamentos'}
              </p>
            </section>
          ))}
        </PrintSheet>
      )}
    </>
  )
}
