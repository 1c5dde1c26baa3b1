// The desk's paper and messages (docs/decisions.md "Messages and printouts"): the clinic's settings used on
// every printout and message, 'Confirmações de amanhã' with the record of each WhatsApp link opened
// ('aberto', never 'enviado': the app cannot know), and an appointment's receipt with the CPF partly hidden.
import { z } from 'zod'
import { Horario } from './weekly-hours'
import { Agendamento } from './entities'
import { idField, requiredError, requiredText } from './fields'
import { dayField } from './front-desk'
import { messages } from './messages'
import { DEFAULT_CLINIC_HOURS } from './opening-hours'
import { DEFAULT_MESSAGE_TEMPLATE, isValidCnpj, unknownPlaceholders } from './whatsapp'
import type { ApiCall } from './api-call'

/** The logo's file at most this many bytes (kept in the database, sent inside a 100 kB body). */
export const LOGO_MAX_BYTES = 48 * 1024
/** The server re-encodes the logo (server/clinic/logo-image.ts) to fit this many pixels a side… */
export const LOGO_MAX_SIDE = 512
/** …from an upload of at most this many pixels (decoding a bigger one is refused before it is decoded). */
export const LOGO_MAX_INPUT_PIXELS = 4000 * 4000
const LOGO_PATTERN = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/
/** A data URL's length for LOGO_MAX_BYTES of file: base64 is 4 characters per 3 bytes, plus the prefix. */
const LOGO_MAX_LENGTH = Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 30

/** The bytes a base64 data URL carries, exactly (its padding counted out); NaN when it is not whole base64. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1)
  if (base64.length % 4 !== 0) return Number.NaN
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return (base64.length / 4) * 3 - padding
}
export const TEMPLATE_MAX = 1000

export const ConfiguracoesClinica = z.object({
  nome: z.string(),
  endereco: z.string(),
  telefone: z.string(),
  /** 14 digits, or '' before ADMIN fills it in. */
  cnpj: z.string(),
  /** A data URL (PNG, JPEG or WebP), or null. */
  logo: z.string().nullable(),
  /** The WhatsApp message with its placeholders (whatsapp.ts MESSAGE_PLACEHOLDERS). */
  modeloMensagem: z.string(),
  /**
   * The clinic's opening hours per weekday (docs/decisions.md "Opening hours"): machines' and doctors' hours
   * are read inside them. DEFAULT_CLINIC_HOURS until ADMIN saves them.
   */
  horarios: z.array(Horario),
})
export type ConfiguracoesClinica = z.infer<typeof ConfiguracoesClinica>

/** What the settings read before ADMIN first saves them. */
export const DEFAULT_CONFIGURACOES: ConfiguracoesClinica = {
  nome: 'Clínica',
  endereco: '',
  telefone: '',
  cnpj: '',
  logo: null,
  modeloMensagem: DEFAULT_MESSAGE_TEMPLATE,
  horarios: [...DEFAULT_CLINIC_HOURS],
}

/** The clinic's opening hours (ADMIN): at least one period, periods of one weekday never overlapping. */
export const SalvarHorariosClinicaRequest = z.strictObject({
  horarios: z
    .array(Horario, requiredError)
    .min(1, { error: messages.clinicHoursRequired })
    .max(28, { error: messages.textTooLong })
    .refine(
      (list) =>
        list.every((a, i) => list.every((b, j) => j <= i || a.dia !== b.dia || a.fim <= b.inicio || b.fim <= a.inicio)),
      { error: messages.hoursOverlap },
    ),
})
export type SalvarHorariosClinicaRequest = z.input<typeof SalvarHorariosClinicaRequest>

/** Statuses 'Confirmações de amanhã' lists: still to confirm, or confirmed already. */
export const CONFIRMATION_STATUSES = ['agendado', 'confirmado'] as const

export const SalvarConfiguracoesRequest = z.strictObject({
  nome: requiredText(120),
  endereco: requiredText(200),
  telefone: requiredText(40),
  cnpj: z
    .string(requiredError)
    .trim()
    .min(1, { error: messages.required, abort: true })
    .transform((v) => v.replace(/[.\-/\s]/g, ''))
    .refine(isValidCnpj, { error: messages.cnpjInvalid }),
  logo: z
    .string({ error: messages.invalidRequest })
    .max(LOGO_MAX_LENGTH, { error: messages.logoTooLarge, abort: true })
    .regex(LOGO_PATTERN, { error: messages.logoInvalid, abort: true })
    .refine((url) => !Number.isNaN(dataUrlBytes(url)), { error: messages.logoInvalid, abort: true })
    // the exact cap, not the data URL's length: issue 35
    .refine((url) => dataUrlBytes(url) <= LOGO_MAX_BYTES, { error: messages.logoTooLarge })
    .nullable(),
  modeloMensagem: requiredText(TEMPLATE_MAX).superRefine((template, ctx) => {
    const unknown = unknownPlaceholders(template)
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: messages.templateUnknownPlaceholder.replace('{p}', unknown.join(', ')) })
  }),
})
export type SalvarConfiguracoesRequest = z.input<typeof SalvarConfiguracoesRequest>

/** Who opened a WhatsApp link for an appointment, and when (ISO instant). The latest one. */
export const WhatsappAberto = z.object({ por: z.object({ id: z.string(), nome: z.string() }), em: z.string() })
export type WhatsappAberto = z.infer<typeof WhatsappAberto>

/** One row of 'Confirmações de amanhã': the appointment, what the message needs of the patient, 'aberto'. */
export const Confirmacao = z.object({
  agendamento: Agendamento,
  paciente: z.object({ id: z.string(), nome: z.string(), telefone: z.number(), aceitaMensagens: z.boolean() }),
  aberto: WhatsappAberto.nullable(),
})
export type Confirmacao = z.infer<typeof Confirmacao>

export const ConfirmacoesRequest = z.strictObject({ dia: dayField })
export type ConfirmacoesRequest = z.input<typeof ConfirmacoesRequest>

/** The receipt: the appointment and the patient's name with the CPF partly hidden (nothing else of theirs). */
export const Comprovante = z.object({
  agendamento: Agendamento,
  paciente: z.object({ nome: z.string(), cpf: z.string() }),
})
export type Comprovante = z.infer<typeof Comprovante>

export const deskPaperCalls = {
  /** Every signed-in user reads them: printouts and messages carry them. */
  configuracoesClinica: {
    method: 'GET',
    path: '/clinica/configuracoes',
    status: 200,
    access: 'user',
    response: z.object({ configuracoes: ConfiguracoesClinica }),
  },
  salvarConfiguracoesClinica: {
    method: 'PUT',
    path: '/clinica/configuracoes',
    body: SalvarConfiguracoesRequest,
    status: 200,
    access: 'admin',
    response: z.object({ configuracoes: ConfiguracoesClinica }),
  },
  /** The clinic's opening hours (docs/decisions.md "Opening hours"); answers the settings with them. */
  salvarHorariosClinica: {
    method: 'PUT',
    path: '/clinica/horarios',
    body: SalvarHorariosClinicaRequest,
    status: 200,
    access: 'admin',
    response: z.object({ configuracoes: ConfiguracoesClinica }),
  },
  /** A day's appointments still to confirm ('agendado' or 'confirmado'), by time, with the patient's phone and consent. */
  listConfirmacoes: {
    method: 'POST',
    path: '/agendamento/confirmacoes',
    body: ConfirmacoesRequest,
    status: 200,
    access: 'user',
    response: z.object({ dia: z.string(), confirmacoes: z.array(Confirmacao) }),
  },
  /** Records that the signed-in user opened the appointment's WhatsApp link; refused without consent. */
  registrarWhatsappAberto: {
    method: 'POST',
    path: '/agendamento/whatsappAberto',
    body: z.strictObject({ id: idField }),
    status: 200,
    access: 'user',
    response: z.object({ aberto: WhatsappAberto }),
  },
  comprovanteAgendamento: {
    method: 'POST',
    path: '/agendamento/comprovante',
    body: z.strictObject({ id: idField }),
    status: 200,
    access: 'user',
    response: Comprovante,
  },
} as const satisfies Record<string, ApiCall>
