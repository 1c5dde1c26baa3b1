// 'Laudos' on the reports page (issue 36 point 9, docs/decisions.md "The laudos in the reports"): cards of
// the range's laudos by state, the late ones and the time from the exam to the release, then a table per
// doctor and per modality with the same figures.
import type { LinhaLaudos, RelatorioLaudos } from '@contract'
import { capitalizeName } from '@/lib/format'
import './laudo-report.css'

/** Hours as the clinic reads them: '17 h', '57,6 h'; '—' without a released laudo. */
export const formatHours = (hours: number | null) =>
  hours === null ? '—' : `${hours.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} h`

const COLUMNS: [string, (r: LinhaLaudos) => string][] = [
  ['Laudos', (r) => String(r.laudos)],
  ['Pendentes', (r) => String(r.pendentes)],
  ['Em edição', (r) => String(r.emEdicao)],
  ['Liberados', (r) => String(r.liberados)],
  ['Entregues', (r) => String(r.entregues)],
  ['Atrasados', (r) => String(r.atrasados)],
  ['Liberados no prazo', (r) => `${r.liberadosNoPrazo} de ${r.comTempo}`],
  ['Tempo até a liberação (mediana)', (r) => formatHours(r.horasMediana)],
  ['Tempo até a liberação (90%)', (r) => formatHours(r.horasP90)],
]

function LaudoTable({ title, first, rows }: { title: string; first: string; rows: LinhaLaudos[] }) {
  return (
    <div className="laudo-report__table">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {COLUMNS.map(([label]) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length + 1}>Nenhum exame a laudar no período.</td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.chave}>
                <th scope="row">{r.rotulo}</th>
                {COLUMNS.map(([label, value]) => (
                  <td key={label}>{value(r)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

export function LaudoReportView({ report }: { report: RelatorioLaudos }) {
  const t = { chave: '', rotulo: '', ...report.totais }
  return (
    <section className="laudo-report" aria-labelledby="laudo-report-title">
      <h3 id="laudo-report-title">Laudos</h3>
      <dl className="report-cards">
        {COLUMNS.map(([label, value]) => (
          <div key={label} className="report-card">
            <dt>{label}</dt>
            <dd>{value(t)}</dd>
          </div>
        ))}
      </dl>
      <p className="report-note">
        Um laudo por exame dos agendamentos em atendimento ou realizados no período. Atrasado: ainda não liberado e já
        passou da previsão (a data do exame mais o prazo do laudo em dias úteis). Tempo até a liberação: do horário do
        exame à primeira liberação, em horas; 90%: nove em cada dez laudos saíram nesse tempo.
      </p>
      <LaudoTable
        title="Laudos por médico"
        first="Médico"
        rows={report.porMedico.map((r) => ({ ...r, rotulo: capitalizeName(r.rotulo) }))}
      />
      <LaudoTable title="Laudos por modalidade" first="Modalidade" rows={report.porModalidade} />
    </section>
  )
}
