// 'Exportar planilha': the range's appointments as a CSV that Excel in Portuguese opens as columns
// (docs/decisions.md, "Reports"): UTF-8 with a BOM (or Excel reads the accents as Latin-1), ';' between
// fields (Excel pt-BR's list separator), ',' as the decimal mark, dates DD/MM/AAAA, CRLF line ends.
import {
  clinicWallClock,
  formaPagamentoLabels,
  formatDate,
  modalidadeLabels,
  statusLabels,
  timePart,
  type LinhaPlanilha,
} from '@contract'
import { capitalizeName } from '@/lib/format'

export const CSV_HEADER = [
  'Data',
  'Hora',
  'Paciente',
  'Médico',
  'Convênio',
  'Exames',
  'Status',
  'Valor (R$)',
  'Pago',
  'Chegada',
  'Início do atendimento',
  'Espera (min)',
  'Cancelamento tardio',
  // #12 and #13, after the first columns so that a sheet built on them still reads them in place
  'Recebido (R$)',
  'Formas de pagamento',
  'Modalidades',
  'Equipamento',
] as const

/** A field as Excel reads it: quoted when it holds ';', '"' or a line break; a leading = + - @ is
 * neutralised with an apostrophe, so that a typed text never runs as a formula (CSV injection). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Cents → '1234,50': no thousands mark, ',' decimals (a number to Excel pt-BR). */
export const csvMoney = (cents: number) =>
  `${Math.trunc(cents / 100)},${String(Math.abs(cents % 100)).padStart(2, '0')}`

/** A real instant → 'DD/MM/AAAA HH:MM' at the clinic. */
const clinicInstant = (iso: string | null) => {
  if (iso === null) return ''
  const wall = clinicWallClock(new Date(iso)).toISOString()
  return `${formatDate(wall)} ${timePart(wall)}`
}

function row(l: LinhaPlanilha): string[] {
  const wait = l.chegada && l.inicio ? Math.round((Date.parse(l.inicio) - Date.parse(l.chegada)) / 60_000) : null
  return [
    formatDate(l.datahora),
    timePart(l.datahora),
    // names are stored lowercased: written as the screens show them
    capitalizeName(l.paciente),
    capitalizeName(l.medico),
    l.convenio,
    l.exames.join(', '),
    statusLabels[l.status],
    csvMoney(l.valorIncents),
    l.estapago ? 'Sim' : 'Não',
    clinicInstant(l.chegada),
    clinicInstant(l.inicio),
    // a start recorded before the arrival is a slip, not a wait (docs/decisions.md, "Reports")
    wait === null || wait < 0 ? '' : String(wait),
    l.status === 'cancelado' ? (l.cancelamentoTardio ? 'Sim' : 'Não') : '',
    csvMoney(l.recebidoIncents),
    l.formasPagamento.map((f) => formaPagamentoLabels[f]).join(', '),
    l.modalidades.map((m) => modalidadeLabels[m]).join(', '),
    l.equipamento ?? '',
  ]
}

/** The whole file's text, BOM first; one line per appointment after the header. */
export function buildCsv(linhas: LinhaPlanilha[]): string {
  const lines = [[...CSV_HEADER], ...linhas.map(row)].map((fields) => fields.map(csvField).join(';'))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

export const csvFileName = (de: string, ate: string) =>
  de === ate ? `agendamentos-${de}.csv` : `agendamentos-${de}-a-${ate}.csv`
