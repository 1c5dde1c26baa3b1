// The laudos in the reports (issue 36 point 9, docs/decisions.md "The laudos in the reports"): for the
// range's exams that need a laudo, how many are in each state, how many are late, and how long the exam
// took to be released (median and p90 in hours), in total, per doctor and per modality. PostgreSQL computes
// them on the server (server/repositories/laudo-report.ts), the store on the msw mock (src/mocks/laudo-report.ts);
// tests/contract/laudo-report-suite.ts holds both to the same numbers.
import { z } from 'zod'
import { RelatorioRequest } from './reports'
import type { ApiCall } from './api-call'

const n = z.number()

/** The figures of a set of laudos; the four states add up to `laudos`, the released on time and late to `comTempo`. */
const LaudoFigures = {
  /** Exams of appointments 'Em atendimento' or 'Realizado' in the range: one laudo each, written or not. */
  laudos: n,
  pendentes: n,
  emEdicao: n,
  liberados: n,
  entregues: n,
  /** Not released ('Pendente' or 'Em edição') and the clinic's today is past its 'Previsão' (the worklist's 'Atrasado'). */
  atrasados: n,
  /** Laudos with a released version: their first release is the turnaround's end. */
  comTempo: n,
  /** Of those, first released on or before the 'Previsão' day, and after it. */
  liberadosNoPrazo: n,
  liberadosComAtraso: n,
  /** Exam (the appointment's time) → first release, in hours to one decimal; null without a released laudo. */
  horasMediana: n.nullable(),
  horasP90: n.nullable(),
}

export const LinhaLaudos = z.object({ chave: z.string(), rotulo: z.string(), ...LaudoFigures })
export type LinhaLaudos = z.infer<typeof LinhaLaudos>

export const RelatorioLaudos = z.object({
  de: z.string(),
  ate: z.string(),
  totais: z.object(LaudoFigures),
  /** By the laudo's doctor (the appointment's when no laudo was opened), most laudos first. */
  porMedico: z.array(LinhaLaudos),
  /** By the exam's modality (the catalogue's), most laudos first. */
  porModalidade: z.array(LinhaLaudos),
})
export type RelatorioLaudos = z.infer<typeof RelatorioLaudos>
export type LaudoFiguresOf = RelatorioLaudos['totais']

/** Rows in the order every answer gives them: most laudos first, then by key (code-unit order). */
export function byLaudos(a: LinhaLaudos, b: LinhaLaudos): number {
  return b.laudos - a.laudos || (a.chave < b.chave ? -1 : a.chave > b.chave ? 1 : 0)
}

/**
 * PostgreSQL's percentile_cont over `values` (sorted here): the linear interpolation between the two nearest
 * ranks, as the server computes it, so the mock answers the same figure. Null for none.
 */
export function percentileCont(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = fraction * (sorted.length - 1)
  const low = Math.floor(rank)
  const high = Math.ceil(rank)
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low)
}

/** Minutes → hours to one decimal, as the answer gives them. */
export const hoursOf = (minutes: number | null) => (minutes === null ? null : Math.round(minutes / 6) / 10)

export const laudoReportCalls = {
  /** The range's laudo figures: ADMIN any range, everyone else only today's closing (reportRefusal). */
  relatorioLaudos: {
    method: 'POST',
    path: '/relatorio/laudos',
    body: RelatorioRequest,
    status: 200,
    access: 'user',
    response: RelatorioLaudos,
  },
} as const satisfies Record<string, ApiCall>
