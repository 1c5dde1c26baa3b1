// TISS data entry (issue 37 points 1–3, docs/decisions.md "TISS data"): what a convênio's batch needs beyond
// the catalogue — the provider's code at the operadora, the TISS version, guias per batch and the exams that
// need an authorisation; each patient's cards; the reusable list of requesting doctors; and each convênio
// appointment's guia (senha dates, the operadora's and our guia number, solicitante, caráter, indicação).
// Separate calls: the specification's calls and the catalogue's stay exactly as they are.
import { z } from 'zod'
import { datePart, formatDate, isValidDate } from './clinic-time'
import { idField, optionalText, requiredError, requiredText } from './fields'
import { UFS } from './forms'
import { messages } from './messages'
import type { ApiCall } from './api-call'
import { TISS_CONSELHOS, type TissConselho } from './tiss-batch'

export const VERSOES_TISS = ['04.03.00'] as const
export const GUIAS_POR_LOTE_MAX = 100

/**
 * The councils of TISS's table 26 (conselho profissional) by their initials, in the order the lists offer them;
 * their TISS codes are the batch's table (TISS_CONSELHOS, contract/tiss-batch.ts), the one table of both.
 */
export const CONSELHOS = [
  'CRM',
  'CRO',
  'CRP',
  'CRN',
  'CRF',
  'CRFA',
  'COREN',
  'CREFITO',
  'CRAS',
  'CRBIO',
  'CRBM',
  'CREF',
  'CRMV',
  'CRTR',
  'OUTROS',
] as const satisfies readonly TissConselho[]
export type Conselho = (typeof CONSELHOS)[number]
// every council of the table is offered: this fails to compile when one is left out
const _everyConselho: Record<Exclude<TissConselho, Conselho>, never> = {}
void _everyConselho
export const conselhoTissCodes: Record<Conselho, string> = TISS_CONSELHOS

/** Caráter do atendimento: TISS's table 23 codes. */
export const CARATERES = ['1', '2'] as const
export type Carater = (typeof CARATERES)[number]
export const caraterLabels: Record<Carater, string> = { '1': 'Eletivo', '2': 'Urgência/Emergência' }

// ---- entities ----

/** A convênio's TISS settings; a convênio never set answers the defaults (codigoPrestador ''). */
export const ConvenioTiss = z.object({
  convenioId: z.string(),
  /** 'Código do prestador na operadora' ('' when not yet given). */
  codigoPrestador: z.string(),
  versaoTiss: z.enum(VERSOES_TISS),
  /** 'Guias por lote', 1 to 100. */
  guiasPorLote: z.number(),
  /** The catalogue exams this convênio authorises beforehand ('Exige autorização'). */
  examesComAutorizacao: z.array(z.string()),
})
export type ConvenioTiss = z.infer<typeof ConvenioTiss>

export function defaultConvenioTiss(convenioId: string): ConvenioTiss {
  return {
    convenioId,
    codigoPrestador: '',
    versaoTiss: '04.03.00',
    guiasPorLote: GUIAS_POR_LOTE_MAX,
    examesComAutorizacao: [],
  }
}

/** A patient's card on one convênio (one per patient and convênio). */
export const Carteirinha = z.object({
  id: z.string(),
  pacienteId: z.string(),
  convenioId: z.string(),
  numero: z.string(),
  plano: z.string(),
  /** 'Validade da carteirinha', YYYY-MM-DD, or null when the card has none. */
  validade: z.string().nullable(),
})
export type Carteirinha = z.infer<typeof Carteirinha>

/** A requesting doctor ('Médico solicitante'), usually from outside the clinic. */
export const MedicoSolicitante = z.object({
  id: z.string(),
  nome: z.string(),
  conselho: z.enum(CONSELHOS),
  numero: z.string(),
  uf: z.enum(UFS),
  /** CBO, 6 digits. */
  cbo: z.string(),
})
export type MedicoSolicitante = z.infer<typeof MedicoSolicitante>

/** A convênio appointment's guia data. Senha and the operadora's number are the appointment's own fields. */
export const GuiaTiss = z.object({
  agendamentoId: z.string(),
  convenioId: z.string(),
  /** Our guia number: sequential per convênio, given when the guia is first saved. */
  numeroGuiaPrestador: z.number(),
  /** The operadora's guia number ('' when it gives none). */
  numeroGuiaOperadora: z.string(),
  senhaAutorizacao: z.string(),
  /** The senha's date and 'Validade da senha', YYYY-MM-DD or null. */
  dataAutorizacao: z.string().nullable(),
  validadeSenha: z.string().nullable(),
  solicitante: MedicoSolicitante.nullable(),
  carater: z.enum(CARATERES),
  indicacaoClinica: z.string(),
  /**
   * The executing part, as the batch sends it ('' where nothing is kept): the clinic's CNES (contratado
   * executante) and the appointment's doctor's CRM and its UF (profissional executante; CBO_RADIOLOGISTA).
   */
  executante: z.object({ cnes: z.string(), crm: z.string(), crmUf: z.string() }),
})
export type GuiaTiss = z.infer<typeof GuiaTiss>

// ---- requests ----

const optionalDate = z
  .string({ error: messages.invalidRequest })
  .trim()
  .refine((v) => v === '' || isValidDate(v), { error: messages.invalidDateTime })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .default(null)

export const DefinirConvenioTissRequest = z.strictObject({
  convenioId: idField,
  codigoPrestador: z
    .string({ error: messages.invalidRequest })
    .trim()
    .regex(/^[0-9A-Za-z]{0,14}$/, { error: messages.tissCodigoPrestadorInvalid }),
  versaoTiss: z.enum(VERSOES_TISS, { error: messages.tissVersaoInvalid }).default('04.03.00'),
  guiasPorLote: z
    .number(requiredError)
    .int({ error: messages.tissGuiasPorLoteInvalid })
    .min(1, { error: messages.tissGuiasPorLoteInvalid })
    .max(GUIAS_POR_LOTE_MAX, { error: messages.tissGuiasPorLoteInvalid })
    .default(GUIAS_POR_LOTE_MAX),
  examesComAutorizacao: z
    .array(idField, { error: messages.invalidRequest })
    .max(500, { error: messages.textTooLong })
    .default([]),
})
export type DefinirConvenioTissRequest = z.input<typeof DefinirConvenioTissRequest>

export const DefinirCarteirinhaRequest = z.strictObject({
  pacienteId: idField,
  convenioId: idField,
  numero: requiredText(30).regex(/^[0-9A-Za-z.\- ]+$/, { error: messages.tissCarteirinhaInvalid }),
  plano: optionalText(60).default(''),
  validade: optionalDate,
})
export type DefinirCarteirinhaRequest = z.input<typeof DefinirCarteirinhaRequest>

const solicitanteFields = {
  nome: requiredText(70),
  conselho: z.enum(CONSELHOS, { error: messages.tissConselhoInvalid }),
  numero: requiredText(15).regex(/^\d+$/, { error: messages.tissConselhoNumeroInvalid }),
  uf: z.enum(UFS, { error: messages.crmUfInvalid }),
  cbo: requiredText(6).regex(/^\d{6}$/, { error: messages.tissCboInvalid }),
}
export const RegisterSolicitanteRequest = z.strictObject(solicitanteFields)
export type RegisterSolicitanteRequest = z.input<typeof RegisterSolicitanteRequest>
export const UpdateSolicitanteRequest = z.strictObject({ ...solicitanteFields, id: idField })
export type UpdateSolicitanteRequest = z.input<typeof UpdateSolicitanteRequest>

export const DefinirGuiaTissRequest = z
  .strictObject({
    agendamentoId: idField,
    senhaAutorizacao: optionalText(20).default(''),
    dataAutorizacao: optionalDate,
    validadeSenha: optionalDate,
    numeroGuiaOperadora: optionalText(20)
      .regex(/^[0-9A-Za-z]*$/, { error: messages.tissGuiaInvalid })
      .default(''),
    solicitanteId: idField.nullable().default(null),
    carater: z.enum(CARATERES, { error: messages.tissCaraterInvalid }).default('1'),
    indicacaoClinica: optionalText(500).default(''),
  })
  .refine((g) => !g.validadeSenha || !g.dataAutorizacao || g.validadeSenha >= g.dataAutorizacao, {
    error: messages.tissValidadeAntesDaData,
    path: ['validadeSenha'],
  })
export type DefinirGuiaTissRequest = z.input<typeof DefinirGuiaTissRequest>

// ---- warnings the booking shows ----

/** The warnings of an appointment on `datahora` (floating): the card or the senha expires before it. */
export function tissAvisos(
  datahora: string,
  carteirinhaValidade: string | null,
  validadeSenha: string | null,
): string[] {
  const day = datePart(datahora)
  const avisos: string[] = []
  if (carteirinhaValidade && carteirinhaValidade < day)
    avisos.push(messages.tissCarteirinhaVencida.replace('{data}', formatDate(carteirinhaValidade)))
  if (validadeSenha && validadeSenha < day)
    avisos.push(messages.tissSenhaVencida.replace('{data}', formatDate(validadeSenha)))
  return avisos
}

// ---- calls ----

const byId = z.strictObject({ id: idField })

export const tissCalls = {
  /** Every convênio's TISS settings (defaults for a convênio never set). */
  tissConvenios: {
    method: 'GET',
    path: '/tiss/convenios',
    status: 200,
    access: 'user',
    response: z.object({ convenios: z.array(ConvenioTiss) }),
  },
  definirConvenioTiss: {
    method: 'PUT',
    path: '/tiss/convenio',
    body: DefinirConvenioTissRequest,
    status: 200,
    access: 'admin',
    response: z.object({ convenio: ConvenioTiss }),
  },
  /** One patient's cards, by convênio. */
  carteirinhasPaciente: {
    method: 'POST',
    path: '/tiss/carteirinhas',
    body: z.strictObject({ pacienteId: idField }),
    status: 200,
    access: 'user',
    response: z.object({ carteirinhas: z.array(Carteirinha) }),
  },
  /** Saves the patient's card on that convênio (replacing the one there was). */
  definirCarteirinha: {
    method: 'PUT',
    path: '/tiss/carteirinha',
    body: DefinirCarteirinhaRequest,
    status: 200,
    access: 'user',
    response: z.object({ carteirinha: Carteirinha }),
  },
  removerCarteirinha: {
    method: 'DELETE',
    path: '/tiss/carteirinha',
    body: byId,
    status: 200,
    access: 'user',
    response: z.object({ ok: z.literal(true) }),
  },
  solicitantes: {
    method: 'GET',
    path: '/tiss/solicitantes',
    status: 200,
    access: 'user',
    response: z.object({ solicitantes: z.array(MedicoSolicitante) }),
  },
  registerSolicitante: {
    method: 'POST',
    path: '/tiss/solicitante/register',
    body: RegisterSolicitanteRequest,
    status: 201,
    access: 'user',
    response: z.object({ solicitante: MedicoSolicitante }),
  },
  updateSolicitante: {
    method: 'PUT',
    path: '/tiss/solicitante/update',
    body: UpdateSolicitanteRequest,
    status: 200,
    access: 'user',
    response: z.object({ solicitante: MedicoSolicitante }),
  },
  /** A convênio appointment's guia (null while never saved) and the booking's warnings. */
  guiaTiss: {
    method: 'POST',
    path: '/tiss/guia',
    body: z.strictObject({ agendamentoId: idField }),
    status: 200,
    access: 'user',
    response: z.object({ guia: GuiaTiss.nullable(), avisos: z.array(z.string()) }),
  },
  /** Saves it; the first save gives our guia number. Only an appointment booked on a convênio (not Particular). */
  definirGuiaTiss: {
    method: 'PUT',
    path: '/tiss/guia',
    body: DefinirGuiaTissRequest,
    status: 200,
    access: 'user',
    response: z.object({ guia: GuiaTiss, avisos: z.array(z.string()) }),
  },
} as const satisfies Record<string, ApiCall>
