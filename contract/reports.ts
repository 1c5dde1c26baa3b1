// Reports: the day's closing ('fechamento') and any range up to a year (docs/decisions.md, "Reports").
// The figures are PostgreSQL's aggregates on the server (server/repositories/reports.ts) and the store's on
// the msw mock (src/mocks/reports.ts); both answer the same shapes, checked by tests/contract/reports-suite.ts.
import { z } from 'zod'
import { FORMAS_PAGAMENTO } from './catalogue'
import { clinicToday } from './clinic-time'
import { dayField } from './front-desk'
import { messages } from './messages'
import { MODALIDADES } from './modalities'
import { STATUSES } from './status'
import type { ApiCall } from './api-call'

/** A range spans at most this many clinic days, both ends included (a leap year). */
export const REPORT_MAX_DAYS = 366
/** A cancellation less than this many hours before the appointment's time is late. */
export const LATE_CANCEL_HOURS = 24

/** Days from `de` to `ate`, both included. */
export const daysInRange = (de: string, ate: string) => Math.round((Date.parse(ate) - Date.parse(de)) / 86_400_000) + 1

export const RelatorioRequest = z.strictObject({ de: dayField, ate: dayField }).superRefine((v, ctx) => {
  if (v.ate < v.de) ctx.addIssue({ code: 'custom', path: ['ate'], message: messages.reportRangeOrder })
  else if (daysInRange(v.de, v.ate) > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['ate'], message: messages.reportRangeTooLong })
})
export type RelatorioRequest = z.input<typeof RelatorioRequest>

/** ADMIN reads any range; everyone else only today's closing. Undefined when allowed, else the refusal (403). */
export function reportRefusal(
  role: 'ADMIN' | 'USER',
  range: { de: string; ate: string },
  now: Date,
): string | undefined {
  if (role === 'ADMIN') return undefined
  const today = clinicToday(now)
  return range.de === today && range.ate === today ? undefined : messages.reportStaffTodayOnly
}

const n = z.number()
/** Counts and values of a set of appointments; values leave out cancelled ones (decisions: "Reports"). */
const Figures = {
  agendamentos: n,
  realizados: n,
  faltas: n,
  cancelados: n,
  valorAgendadoInCents: n,
  valorRecebidoInCents: n,
}
export const LinhaRelatorio = z.object({ chave: z.string(), rotulo: z.string(), ...Figures })
export type LinhaRelatorio = z.infer<typeof LinhaRelatorio>

/**
 * The breakdowns, each a list of LinhaRelatorio rows (docs/decisions.md, "Reports"): by convênio, exam text,
 * doctor, form of payment (#12's payments), catalogue modality (#12's exam copies) and machine (#13).
 */
export const REPORT_DIMENSIONS = ['convenio', 'exame', 'medico', 'formaPagamento', 'modalidade', 'equipamento'] as const
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number]
const linhas = z.array(LinhaRelatorio)

export const Relatorio = z.object({
  de: z.string(),
  ate: z.string(),
  totais: z.object({
    ...Figures,
    cancelamentosTardios: n,
    /** Faltou / (Realizado + Faltou); null when both are 0. */
    taxaFaltas: n.nullable(),
    /** Arrival → start ('Iniciar atendimento'), in whole minutes; null when no appointment started. */
    esperaMediaMinutos: n.nullable(),
    atendimentosComEspera: n,
  }),
  porStatus: z.array(z.object({ status: z.enum(STATUSES), agendamentos: n })),
  por: z.object({
    convenio: linhas,
    exame: linhas,
    medico: linhas,
    /** Keyed by FormaPagamento; '' holds what is marked paid with no payment recorded. */
    formaPagamento: linhas,
    /** Keyed by Modalidade, valued by the exam copies' prices; '' holds appointments without catalogue exams. */
    modalidade: linhas,
    /** Keyed by the machine's id; '' holds appointments without one. */
    equipamento: linhas,
  }),
  /** Appointments not cancelled by weekday (0 = domingo) and hour of the clinic's wall clock; zeros left out. */
  horarios: z.array(z.object({ diaSemana: n, hora: n, agendamentos: n })),
})
export type Relatorio = z.infer<typeof Relatorio>

/** One appointment of the range, as the spreadsheet lists it. */
export const LinhaPlanilha = z.object({
  id: z.string(),
  datahora: z.string(),
  paciente: z.string(),
  medico: z.string(),
  convenio: z.string(),
  exames: z.array(z.string()),
  status: z.enum(STATUSES),
  valorIncents: n,
  estapago: z.boolean(),
  /** Received: the sum of its payments when it has any, else its value when marked paid, else 0. */
  recebidoIncents: n,
  /** The forms of its payments, each once, in the order first paid. */
  formasPagamento: z.array(z.enum(FORMAS_PAGAMENTO)),
  /** The modalities of its catalogue exams, each once, in the exams' order. */
  modalidades: z.array(z.enum(MODALIDADES)),
  equipamento: z.string().nullable(),
  /** Real instants (ISO): the arrival and the start of the service. */
  chegada: z.string().nullable(),
  inicio: z.string().nullable(),
  cancelamentoTardio: z.boolean(),
})
export type LinhaPlanilha = z.infer<typeof LinhaPlanilha>

/** Breakdown rows in the order every answer gives them: most appointments first, then by key. */
export function byVolume(a: LinhaRelatorio, b: LinhaRelatorio): number {
  return b.agendamentos - a.agendamentos || (a.chave < b.chave ? -1 : a.chave > b.chave ? 1 : 0)
}

export const noShowRate = (realizados: number, faltas: number) =>
  realizados + faltas === 0 ? null : faltas / (realizados + faltas)

/** The labels of the breakdowns' '' rows. */
export const SEM_CONVENIO = 'Sem convênio'
export const SEM_FORMA = 'Pago sem forma registrada'
export const SEM_MODALIDADE = 'Sem modalidade'
export const SEM_EQUIPAMENTO = 'Sem equipamento'

/** An appointment's received value (docs/decisions.md, "Reports"): its payments when any, else `estapago`. */
export const receivedOf = (valorIncents: number, estapago: boolean, payments: number[]) =>
  payments.length > 0 ? payments.reduce((s, v) => s + v, 0) : estapago ? valorIncents : 0

export const reportCalls = {
  /** The figures of a range of clinic days (ADMIN; others only today's closing). */
  relatorio: {
    method: 'POST',
    path: '/relatorio/resumo',
    body: RelatorioRequest,
    status: 200,
    access: 'user',
    response: Relatorio,
  },
  /** Every appointment of the range, by datahora: what 'Exportar planilha' writes. */
  relatorioAgendamentos: {
    method: 'POST',
    path: '/relatorio/agendamentos',
    body: RelatorioRequest,
    status: 200,
    access: 'user',
    response: z.object({ linhas: z.array(LinhaPlanilha) }),
  },
} as const satisfies Record<string, ApiCall>
