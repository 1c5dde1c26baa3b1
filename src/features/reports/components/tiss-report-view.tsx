// 'Faturamento dos convênios' on the reports page (issue 37 point 5; docs/tiss.md "In the reports"): the range's
// totals as cards, then a row per convênio and competência: what was booked beside what went into TISS batches,
// what the operadora paid and what it glossed.
import type { LinhaFaturamento, RelatorioFaturamento } from '@contract'
import { formatMoney } from '@/lib/format'
import './laudo-report.css'

/** '2026-11' → '11/2026', as the batches name their competência. */
const competenciaText = (c: string) => `${c.slice(5, 7)}/${c.slice(0, 4)}`

type Totals = Omit<LinhaFaturamento, 'convenioId' | 'convenio' | 'competencia'>
const COLUMNS: [string, (r: Totals) => string][] = [
  ['Agendamentos', (r) => String(r.agendamentos)],
  ['Agendado', (r) => formatMoney(r.agendadoInCents)],
  ['Guias faturadas', (r) => String(r.guias)],
  ['Faturado', (r) => formatMoney(r.faturadoInCents)],
  ['Recebido', (r) => formatMoney(r.recebidoInCents)],
  ['Glosado', (r) => formatMoney(r.glosadoInCents)],
  ['Aguardando retorno', (r) => String(r.aguardando)],
]

function totalsOf(rows: LinhaFaturamento[]): Totals {
  const sum = (pick: (r: LinhaFaturamento) => number) => rows.reduce((s, r) => s + pick(r), 0)
  return {
    agendamentos: sum((r) => r.agendamentos),
    agendadoInCents: sum((r) => r.agendadoInCents),
    guias: sum((r) => r.guias),
    faturadoInCents: sum((r) => r.faturadoInCents),
    recebidoInCents: sum((r) => r.recebidoInCents),
    glosadoInCents: sum((r) => r.glosadoInCents),
    aguardando: sum((r) => r.aguardando),
  }
}

export function TissReportView({ report }: { report: RelatorioFaturamento }) {
  const totals = totalsOf(report.linhas)
  return (
    <section className="laudo-report" aria-labelledby="tiss-report-title">
      <h3 id="tiss-report-title">Faturamento dos convênios</h3>
      <dl className="report-cards">
        {COLUMNS.filter(([label]) => ['Agendado', 'Faturado', 'Recebido', 'Glosado'].includes(label)).map(
          ([label, value]) => (
            <div key={label} className="report-card">
              <dt>{label}</dt>
              <dd>{value(totals)}</dd>
            </div>
          ),
        )}
      </dl>
      <p className="report-note">
        Por convênio e competência (o mês do agendamento). Agendado: os agendamentos com o convênio, sem os cancelados.
        Faturado: as guias em lotes TISS. Recebido: o que a operadora pagou. Glosado: o valor das guias glosadas menos o
        que foi pago delas.
      </p>
      <div className="laudo-report__table">
        <table>
          <caption>Faturamento por convênio e competência</caption>
          <thead>
            <tr>
              <th scope="col">Convênio</th>
              <th scope="col">Competência</th>
              {COLUMNS.map(([label]) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.linhas.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length + 2}>Nenhum agendamento com convênio no período.</td>
              </tr>
            ) : (
              report.linhas.map((r) => (
                <tr key={`${r.convenioId} ${r.competencia}`}>
                  <th scope="row">{r.convenio}</th>
                  <td>{competenciaText(r.competencia)}</td>
                  {COLUMNS.map(([label, value]) => (
                    <td key={label}>{value(r)}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  )
}
