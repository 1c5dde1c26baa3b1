// TISS in the reports (issue 37 point 5; docs/tiss.md "In the reports"): per convênio and month (competência,
// the appointment's month), what was booked beside what went into batches, what the operadora paid and what
// it glossed ('Particular', paid at the desk, is left out). PostgreSQL computes it on the server (server/repositories/tiss-report.ts), the store on the msw
// mock (src/mocks/tiss-report.ts); tests/contract/tiss-report-suite.ts holds both to the same numbers.
import { z } from 'zod'
import { RelatorioRequest } from './reports'
import type { ApiCall } from './api-call'

const cents = z.number().int()

export const LinhaFaturamento = z.object({
  convenioId: z.string(),
  convenio: z.string(),
  /** The appointments' month, YYYY-MM: the batch's competência. */
  competencia: z.string(),
  /** Appointments with this convênio in the month, cancelled ones left out (as in the reports), and their value. */
  agendamentos: z.number().int(),
  agendadoInCents: cents,
  /** Of those (any status), the ones in a batch ('Gerar lote'), and the guias' value (the exams' prices at booking). */
  guias: z.number().int(),
  faturadoInCents: cents,
  /** What the operadora paid: 'Pago' guias and the paid part of 'Glosado' (and 'Recurso') ones. */
  recebidoInCents: cents,
  /** What it glossed: a 'Glosado' (or 'Recurso') guia's value less what was paid of it. */
  glosadoInCents: cents,
  /** Guias whose return ('Pago' or 'Glosado') has not come yet. */
  aguardando: z.number().int(),
})
export type LinhaFaturamento = z.infer<typeof LinhaFaturamento>

export const RelatorioFaturamento = z.object({
  de: z.string(),
  ate: z.string(),
  /** By convênio name, then competência (oldest first). */
  linhas: z.array(LinhaFaturamento),
})
export type RelatorioFaturamento = z.infer<typeof RelatorioFaturamento>

/** Rows in the order every answer gives them: convênio name, its id, then competência (code-unit order). */
export function byConvenioMonth(a: LinhaFaturamento, b: LinhaFaturamento): number {
  const key = (l: LinhaFaturamento) => [l.convenio, l.convenioId, l.competencia]
  const [x, y] = [key(a), key(b)]
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1
  return 0
}

export const tissReportCalls = {
  /** Booked, billed, received and glossed per convênio and month: ADMIN any range, others only today. */
  relatorioFaturamento: {
    method: 'POST',
    path: '/relatorio/faturamento',
    body: RelatorioRequest,
    status: 200,
    access: 'user',
    response: RelatorioFaturamento,
  },
} as const satisfies Record<string, ApiCall>
