// The exam catalogue, the convênios with their prices, and payments at the desk (docs/decisions.md, "Exam
// catalogue"; docs/product.md §20 fixes the words, money in cents and who may do what). ADMIN keeps the
// catalogue; every signed-in user reads it, books from it and records payments.
import { z } from 'zod'
import { Agendamento } from './entities'
import { addDays, clinicToday, isValidDate } from './clinic-time'
import { centsField, enumField, idField, optionalText, requiredError, requiredText } from './fields'
import { messages } from './messages'
import { uniqueNameKey } from './unique-name'
import type { ApiCall } from './api-call'
// one list of modalities for the catalogue's exams and the machines that serve them
import { MODALIDADES } from './modalities'

export const FORMAS_PAGAMENTO = ['dinheiro', 'debito', 'credito', 'pix', 'convenio'] as const
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number]
export const formaPagamentoLabels: Record<FormaPagamento, string> = {
  dinheiro: 'Dinheiro',
  debito: 'Cartão de débito',
  credito: 'Cartão de crédito',
  pix: 'PIX',
  convenio: 'Convênio',
}

/** 'Particular' always exists (the migration and the mock's store create it with this id); never removed. */
export const PARTICULAR_ID = '00000000-0000-4000-8000-000000000001'
export const PARTICULAR_NOME = 'Particular'
export const PREPARO_MAX = 1000
/** 'Prazo do laudo (dias úteis)' (issue 36): its bounds, as the database's exames_prazo_laudo_check, and default. */
export const PRAZO_LAUDO_MIN = 0
export const PRAZO_LAUDO_MAX = 60
export const PRAZO_LAUDO_DEFAULT = 2

// ---- entities ----

export const Exame = z.object({
  id: z.string(),
  nome: z.string(),
  modalidade: z.enum(MODALIDADES),
  /** Minutes. */
  duracao: z.number(),
  /** For the patient: 'Jejum de 8 horas…'; '' when none. */
  preparo: z.string(),
  /** Código TUSS, 8 digits, or null. */
  tuss: z.string().nullable(),
  ativo: z.boolean(),
  /** 'Prazo do laudo (dias úteis)': the laudo's due date is the exam's date plus these business days (issue 36). */
  prazoLaudoDias: z.number(),
})
export type Exame = z.infer<typeof Exame>

export const Convenio = z.object({
  id: z.string(),
  nome: z.string(),
  /** Registro ANS, 6 digits, or null (Particular has none). */
  ans: z.string().nullable(),
  ativo: z.boolean(),
})
export type Convenio = z.infer<typeof Convenio>

/** One exam's price on one convênio's table. */
export const Preco = z.object({ exameId: z.string(), convenioId: z.string(), valorIncents: z.number() })
export type Preco = z.infer<typeof Preco>

export const Pagamento = z.object({
  id: z.string(),
  agendamentoId: z.string(),
  forma: z.enum(FORMAS_PAGAMENTO),
  valorIncents: z.number(),
  /** The clinic day it was received, YYYY-MM-DD. */
  data: z.string(),
  user: z.object({ id: z.string(), nome: z.string() }).nullable(),
  /** When it was recorded (ISO instant). */
  at: z.string(),
})
export type Pagamento = z.infer<typeof Pagamento>

/** A catalogue exam as it was when the appointment was booked: a later change to the catalogue leaves it. */
export const ExameAgendado = z.object({
  exameId: z.string(),
  nome: z.string(),
  /** The convênio's price then, or null when it had none (Valor was typed). */
  valorIncents: z.number().nullable(),
  duracao: z.number(),
  preparo: z.string(),
})
export type ExameAgendado = z.infer<typeof ExameAgendado>

/** What the catalogue adds to an appointment (POST /agendamento/detalhes). */
export const AgendamentoDetalhes = z.object({
  convenioId: z.string().nullable(),
  carteirinha: z.string(),
  guia: z.string(),
  senhaAutorizacao: z.string(),
  exames: z.array(ExameAgendado),
  /** The sum of the snapshot's prices when every chosen exam had one, else null. */
  tabelaIncents: z.number().nullable(),
  pagamentos: z.array(Pagamento),
  pagoIncents: z.number(),
})
export type AgendamentoDetalhes = z.infer<typeof AgendamentoDetalhes>

// ---- requests ----

const tussField = z
  .string({ error: messages.invalidRequest })
  .trim()
  .regex(/^(\d{8})?$/, { error: messages.tussInvalid })
  .transform((v) => (v === '' ? null : v))
const ansField = z
  .string({ error: messages.invalidRequest })
  .trim()
  .regex(/^(\d{6})?$/, { error: messages.ansInvalid })
  .transform((v) => (v === '' ? null : v))

const exameFields = {
  nome: requiredText(120),
  modalidade: enumField(MODALIDADES),
  duracao: z
    .number(requiredError)
    .int({ error: messages.duracaoInvalid })
    .min(5, { error: messages.duracaoInvalid })
    .max(480, { error: messages.duracaoInvalid }),
  preparo: z
    .string({ error: messages.invalidRequest })
    .trim()
    .max(PREPARO_MAX, { error: messages.preparoTooLong })
    .default(''),
  tuss: tussField.nullable().default(null),
  ativo: z.boolean({ error: messages.invalidRequest }).default(true),
  // issue 36: optional, so clients written before it change nothing; absent on a new exam, the default of 2
  prazoLaudoDias: z
    .number({ error: messages.prazoLaudoInvalid })
    .int({ error: messages.prazoLaudoInvalid })
    .min(PRAZO_LAUDO_MIN, { error: messages.prazoLaudoInvalid })
    .max(PRAZO_LAUDO_MAX, { error: messages.prazoLaudoInvalid })
    .optional(),
}
export const RegisterExameRequest = z.strictObject(exameFields)
export type RegisterExameRequest = z.input<typeof RegisterExameRequest>
export const UpdateExameRequest = z.strictObject({ ...exameFields, id: idField })
export type UpdateExameRequest = z.input<typeof UpdateExameRequest>

const convenioFields = {
  nome: requiredText(120),
  ans: ansField.nullable().default(null),
  ativo: z.boolean({ error: messages.invalidRequest }).default(true),
}
export const RegisterConvenioRequest = z.strictObject(convenioFields)
export type RegisterConvenioRequest = z.input<typeof RegisterConvenioRequest>
export const UpdateConvenioRequest = z.strictObject({ ...convenioFields, id: idField })
export type UpdateConvenioRequest = z.input<typeof UpdateConvenioRequest>

/** Sets one price; `valorIncents: null` removes it (the exam is then booked there with a typed Valor). */
export const DefinirPrecoRequest = z.strictObject({
  exameId: idField,
  convenioId: idField,
  valorIncents: centsField.nullable(),
})
export type DefinirPrecoRequest = z.input<typeof DefinirPrecoRequest>

/** The price lookup: the chosen exams on one convênio. */
export const ConsultarPrecosRequest = z.strictObject({
  convenioId: idField,
  exameIds: z
    .array(idField, requiredError)
    .min(1, { error: messages.required })
    .max(30, { error: messages.textTooLong }),
})
export type ConsultarPrecosRequest = z.input<typeof ConsultarPrecosRequest>

// ---- a payment's limits (issue 35, docs/decisions.md "Closed doors") ----
/** A payment is dated at most this many days back (the request alone can tell). */
export const PAYMENT_MAX_AGE_DAYS = 366
/** …and at most this many days before the appointment was booked (a deposit taken before it was entered). */
export const PAYMENT_DAYS_BEFORE_BOOKING = 30

/** Cents as 'R$ 1.234,56', without Intl: the same text on the server, in the mock and on every device. */
export function formatCentsBrl(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(cents))
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${sign}R$ ${reais},${String(abs % 100).padStart(2, '0')}`
}

/** A payment above what is still to be paid (value minus the payments so far, never below zero). */
export function paymentAboveRemainingMessage(remainingIncents: number): string {
  return messages.paymentAboveRemaining.replace('{valor}', formatCentsBrl(Math.max(0, remainingIncents)))
}

/** The first clinic day a payment of an appointment booked at `createdAt` (ISO instant) may carry. */
export function firstPaymentDay(createdAt: string): string {
  return addDays(clinicToday(new Date(createdAt)), -PAYMENT_DAYS_BEFORE_BOOKING)
}

export const RegistrarPagamentoRequest = z.strictObject({
  agendamentoId: idField,
  forma: enumField(FORMAS_PAGAMENTO),
  valorIncents: centsField.refine((v) => v > 0, { error: messages.paymentAmountInvalid }),
  data: z
    .string(requiredError)
    .min(1, { error: messages.required, abort: true })
    .refine(isValidDate, { error: messages.invalidDateTime, abort: true })
    .refine((day) => day <= clinicToday(), { error: messages.paymentDateFuture })
    .refine((day) => day >= addDays(clinicToday(), -PAYMENT_MAX_AGE_DAYS), { error: messages.paymentDateTooOld }),
})
export type RegistrarPagamentoRequest = z.input<typeof RegistrarPagamentoRequest>

/** What booking from the catalogue adds to the specification's register and update bodies (requests.ts). */
export const agendamentoCatalogueFields = {
  /** Catalogue exams: their names join `exames`, and name, price, duration and preparo are copied onto the appointment. */
  exameIds: z
    .array(idField, { error: messages.invalidRequest })
    .max(30, { error: messages.textTooLong })
    .refine((ids) => new Set(ids).size === ids.length, { error: messages.examesRepeated })
    .optional(),
  /** A convênio of the list: its name becomes `convenio`, its table prices the exams. */
  convenioId: idField.optional(),
  carteirinha: optionalText(40).optional(),
  guia: optionalText(40).optional(),
  senhaAutorizacao: optionalText(40).optional(),
}

const byId = z.strictObject({ id: idField })

/** The calls of the catalogue; part of the contract's `api` table (api.ts). */
export const catalogueCalls = {
  /** Every exam, convênio and price, active or not (a few hundred rows): the PWA filters what it offers. */
  catalogo: {
    method: 'GET',
    path: '/catalogo',
    status: 200,
    access: 'user',
    response: z.object({ exames: z.array(Exame), convenios: z.array(Convenio), precos: z.array(Preco) }),
  },
  registerExame: {
    method: 'POST',
    path: '/exame/register',
    body: RegisterExameRequest,
    status: 201,
    access: 'admin',
    response: z.object({ exame: Exame }),
  },
  updateExame: {
    method: 'PUT',
    path: '/exame/update',
    body: UpdateExameRequest,
    status: 200,
    access: 'admin',
    response: z.object({ exame: Exame }),
  },
  /** Only an exam never booked; one in use is deactivated instead (409). */
  deleteExame: {
    method: 'DELETE',
    path: '/exame/delete',
    body: byId,
    status: 200,
    access: 'admin',
    response: z.object({ ok: z.literal(true) }),
  },
  registerConvenio: {
    method: 'POST',
    path: '/convenio/register',
    body: RegisterConvenioRequest,
    status: 201,
    access: 'admin',
    response: z.object({ convenio: Convenio }),
  },
  updateConvenio: {
    method: 'PUT',
    path: '/convenio/update',
    body: UpdateConvenioRequest,
    status: 200,
    access: 'admin',
    response: z.object({ convenio: Convenio }),
  },
  deleteConvenio: {
    method: 'DELETE',
    path: '/convenio/delete',
    body: byId,
    status: 200,
    access: 'admin',
    response: z.object({ ok: z.literal(true) }),
  },
  definirPreco: {
    method: 'PUT',
    path: '/preco/definir',
    body: DefinirPrecoRequest,
    status: 200,
    access: 'admin',
    response: z.object({ preco: Preco.nullable() }),
  },
  /** Each exam's price on the convênio (null when it has none) and their sum when every one has a price. */
  consultarPrecos: {
    method: 'POST',
    path: '/preco/consultar',
    body: ConsultarPrecosRequest,
    status: 200,
    access: 'user',
    response: z.object({
      precos: z.array(z.object({ exameId: z.string(), valorIncents: z.number().nullable() })),
      totalIncents: z.number().nullable(),
    }),
  },
  detalhesAgendamento: {
    method: 'POST',
    path: '/agendamento/detalhes',
    body: byId,
    status: 200,
    access: 'user',
    response: z.object({ detalhes: AgendamentoDetalhes }),
  },
  /** 'Registrar pagamento'; `estapago` becomes true once the payments cover the value. */
  registrarPagamento: {
    method: 'POST',
    path: '/pagamento/register',
    body: RegistrarPagamentoRequest,
    status: 201,
    access: 'user',
    response: z.object({ pagamento: Pagamento, agendamento: Agendamento }),
  },
} as const satisfies Record<string, ApiCall>

/** Names compared as the database's unique indexes compare them (uniqueNameKey, contract/unique-name.ts). */
export function catalogueNameKey(nome: string): string {
  return uniqueNameKey(nome)
}

/** The sum of the prices, or null when any exam has none (Valor is then typed by hand). */
export function sumPrices(values: (number | null)[]): number | null {
  if (values.length === 0 || values.some((v) => v === null)) return null
  return values.reduce<number>((sum, v) => sum + (v ?? 0), 0)
}
