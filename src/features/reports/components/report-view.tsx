// The figures of one range: metric cards first, then the charts, each with its table and summary.
import { statusLabels, type LinhaRelatorio, type Relatorio } from '@contract'
import { capitalizeName, formatMoney } from '@/lib/format'
import { BarChart } from './bar-chart'
import { HoursChart } from './hours-chart'

const count = (n: number) => String(n)
const percent = (ratio: number | null) =>
  ratio === null ? '—' : `${(ratio * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`

/** The first rows in the chart (a phone's screen); the table lists them all. */
const CHART_ROWS = 10

function leader(rows: LinhaRelatorio[], what: string): string {
  const first = rows[0]
  return first
    ? `${first.rotulo} tem mais agendamentos (${first.agendamentos}) entre ${rows.length} ${what}.`
    : 'Sem dados no período.'
}

export function ReportView({ report }: { report: Relatorio }) {
  const t = report.totais
  // doctors' names as the other screens show them
  const medicos = report.por.medico.map((r) => ({ ...r, rotulo: capitalizeName(r.rotulo) }))
  const cards: [string, string][] = [
    ['Agendamentos', count(t.agendamentos)],
    ['Realizados', count(t.realizados)],
    ['Faltas', `${t.faltas} (${percent(t.taxaFaltas)})`],
    ['Cancelamentos tardios', `${t.cancelamentosTardios} de ${t.cancelados}`],
    ['Espera média', t.esperaMediaMinutos === null ? '—' : `${t.esperaMediaMinutos} min`],
    ['Valor agendado', formatMoney(t.valorAgendadoInCents)],
    ['Valor recebido', formatMoney(t.valorRecebidoInCents)],
  ]
  const money = (rows: LinhaRelatorio[]) =>
    rows.map((r) => ({ label: r.rotulo, values: [r.valorAgendadoInCents, r.valorRecebidoInCents] }))
  const volume = (rows: LinhaRelatorio[]) =>
    rows.map((r) => ({ label: r.rotulo, values: [r.agendamentos, r.realizados, r.faltas] }))
  const volumeSeries = [
    { name: 'Agendamentos', look: 0 },
    { name: 'Realizados', look: 2 },
    { name: 'Faltas', look: 3 },
  ]
  return (
    <>
      <dl className="report-cards">
        {cards.map(([label, value]) => (
          <div key={label} className="report-card">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="report-note">
        Taxa de faltas: Faltou ÷ (Realizado + Faltou). Cancelamento tardio: a menos de 24 horas do horário. Espera: da
        chegada ao início do atendimento. Valores sem os cancelados; recebido: a soma dos pagamentos registrados (sem
        pagamento registrado, o valor dos marcados como pagos). Por modalidade: os preços dos exames do catálogo,
        recebidos quando o agendamento está pago.
      </p>
      <div className="report-charts">
        <BarChart
          title="Agendamentos por status"
          summary={`${t.agendamentos} agendamentos${report.porStatus
            .filter((s) => s.agendamentos > 0)
            .map((s, i) => `${i === 0 ? ' — ' : '; '}${statusLabels[s.status]}: ${s.agendamentos}`)
            .join('')}.`}
          series={[{ name: 'Agendamentos', look: 0 }]}
          rows={report.porStatus.map((s) => ({ label: statusLabels[s.status], values: [s.agendamentos] }))}
          format={count}
        />
        <BarChart
          title="Valor agendado e recebido por convênio"
          summary={`Agendado ${formatMoney(t.valorAgendadoInCents)}, recebido ${formatMoney(t.valorRecebidoInCents)}. ${leader(report.por.convenio, 'convênios')}`}
          series={[
            { name: 'Agendado', look: 0 },
            { name: 'Recebido', look: 1 },
          ]}
          rows={money(report.por.convenio)}
          limit={CHART_ROWS}
          format={formatMoney}
        />
        <BarChart
          title="Por exame"
          summary={`${leader(report.por.exame, 'exames')} Um agendamento com vários exames conta em cada um.`}
          series={volumeSeries}
          rows={volume(report.por.exame)}
          limit={CHART_ROWS}
          format={count}
        />
        <BarChart
          title="Por médico"
          summary={leader(medicos, 'médicos')}
          series={volumeSeries}
          rows={volume(medicos)}
          limit={CHART_ROWS}
          format={count}
        />
        <BarChart
          title="Valor agendado e recebido por médico"
          summary={leader(medicos, 'médicos')}
          series={[
            { name: 'Agendado', look: 0 },
            { name: 'Recebido', look: 1 },
          ]}
          rows={money(medicos)}
          limit={CHART_ROWS}
          format={formatMoney}
        />
        <BarChart
          title="Valor recebido por forma de pagamento"
          summary={`Recebido ${formatMoney(t.valorRecebidoInCents)}. ${leader(report.por.formaPagamento, 'formas de pagamento')}`}
          series={[{ name: 'Recebido', look: 1 }]}
          rows={report.por.formaPagamento.map((r) => ({ label: r.rotulo, values: [r.valorRecebidoInCents] }))}
          format={formatMoney}
        />
        <BarChart
          title="Valor agendado e recebido por modalidade"
          summary={`${leader(report.por.modalidade, 'modalidades')} Um agendamento com exames de várias modalidades conta em cada uma.`}
          series={[
            { name: 'Agendado', look: 0 },
            { name: 'Recebido', look: 1 },
          ]}
          rows={money(report.por.modalidade)}
          format={formatMoney}
        />
        <BarChart
          title="Por equipamento"
          summary={leader(report.por.equipamento, 'equipamentos')}
          series={volumeSeries}
          rows={volume(report.por.equipamento)}
          limit={CHART_ROWS}
          format={count}
        />
        <HoursChart horarios={report.horarios} />
      </div>
    </>
  )
}
