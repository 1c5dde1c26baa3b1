// 'Imprimir lista do dia' (docs/decisions.md, "Messages and printouts"): the day's appointments of each
// doctor (or of the doctor the board is filtered by), one line each with a column to tick, a page per
// doctor. Only what the room needs: time, patient's name, exams, convênio, status — no document or phone.
// Per equipment waits for the agenda (issue #13). Works offline from the read cache.
import { useMemo } from 'react'
import { formatDate, statusLabels, statusOf, timePart, weekdayOf, type Agendamento } from '@contract'
import { PrintHeader, PrintSheet } from '@/components/print/print-sheet'
import { useClinicSettings } from '@/lib/clinic-settings'
import { useExamesComPreparo } from '@/lib/exam-preparo'
import { capitalizeName } from '@/lib/format'

export interface DayListPrintProps {
  day: string
  /** The whole day's list; cancelled appointments are left out. */
  entries: readonly Agendamento[]
  /** Only this doctor's list; '' prints every doctor's, each on its own page. */
  medicoId: string
}

export default function DayListPrint({ day, entries, medicoId }: DayListPrintProps) {
  const clinica = useClinicSettings()
  const toExames = useExamesComPreparo()
  const byDoctor = useMemo(() => {
    const groups = new Map<string, { nome: string; rows: Agendamento[] }>()
    for (const a of entries) {
      if (statusOf(a) === 'cancelado' || (medicoId && a.medicoId !== medicoId)) continue
      const group = groups.get(a.medicoId) ?? { nome: a.doutor.nome, rows: [] }
      group.rows.push(a)
      groups.set(a.medicoId, group)
    }
    return [...groups.values()].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
  }, [entries, medicoId])

  return (
    <>
      <button type="button" className="button" disabled={byDoctor.length === 0} onClick={() => window.print()}>
        Imprimir lista do dia
      </button>
      {byDoctor.length > 0 && (
        <PrintSheet paper="a4" label="Lista do dia">
          {byDoctor.map((group) => (
            <section key={group.nome} className="print-day">
              <PrintHeader clinica={clinica.data} />
              <h1>
                Lista do dia {formatDate(day)} ({weekdayOf(day)}) — Dr. {capitalizeName(group.nome)}
              </h1>
              <table className="print-table">
                <thead>
                  <tr>
                    <th className="print-tick">Feito</th>
                    <th className="print-time">Hora</th>
                    <th>Paciente</th>
                    <th className="print-exams-col">Exames</th>
                    <th className="print-short">Convênio</th>
                    <th className="print-short">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {group.rows.map((a) => (
                    <tr key={a.id}>
                      <td className="print-tick">☐</td>
                      <td>{timePart(a.datahora)}</td>
                      <td>{capitalizeName(a.paciente.nome)}</td>
                      <td>
                        {toExames(a.exames)
                          .map((e) => (e.preparo ? `${e.nome} (preparo: ${e.preparo})` : e.nome))
                          .join(', ')}
                      </td>
                      <td>{a.convenio.trim() || 'Particular'}</td>
                      <td>{statusLabels[statusOf(a)]}</td>
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
