// The laudo (issue 36, docs/decisions.md "The laudo"): what the clinic keeps for it — the responsável técnico,
// CNES, the PACS viewer's address and whether laudos are signed by hand — and the calls that read and save it.
import { z } from 'zod'
import { requiredError } from './fields'
import { UFS } from './forms'
import { messages } from './messages'
import type { ApiCall } from './api-call'
import { idField } from './fields'
import { dayField } from './front-desk'
import { LaudoTexto } from './laudo-text'
import { MODALIDADES } from './modality-names'

/** The placeholders of the PACS viewer's address, filled from the appointment's DICOM identifiers. */
export const PACS_PLACEHOLDERS = ['{StudyInstanceUID}', '{AccessionNumber}'] as const
export const PACS_URL_MAX = 500

const crmDigits = z
  .string({ error: messages.invalidRequest })
  .trim()
  .regex(/^(\d{4,7})?$/, { error: messages.crmInvalid })
const crmUfField = z.union([z.enum(UFS), z.literal('')], { error: messages.crmUfInvalid })

/** The clinic's settings of the laudo ('' where not kept). */
export const ConfiguracoesLaudo = z.object({
  /** The responsável técnico: name, CRM and its UF. */
  rtNome: z.string(),
  rtCrm: z.string(),
  rtCrmUf: z.string(),
  /** Cadastro Nacional de Estabelecimentos de Saúde: 7 digits. */
  cnes: z.string(),
  /** 'Endereço do visualizador de imagens (PACS)', with PACS_PLACEHOLDERS. */
  pacsUrl: z.string(),
  /** 'Liberar para assinatura manual': the released laudo carries a signature line, not a digital signature. */
  assinaturaManual: z.boolean(),
})
export type ConfiguracoesLaudo = z.infer<typeof ConfiguracoesLaudo>

export const DEFAULT_CONFIGURACOES_LAUDO: ConfiguracoesLaudo = {
  rtNome: '',
  rtCrm: '',
  rtCrmUf: '',
  cnes: '',
  pacsUrl: '',
  assinaturaManual: false,
}

/** The {placeholders} of a PACS address that are not PACS_PLACEHOLDERS. */
export function unknownPacsPlaceholders(url: string): string[] {
  return (url.match(/\{[^}]*\}/g) ?? []).filter((p) => !(PACS_PLACEHOLDERS as readonly string[]).includes(p))
}

/** The viewer's address of one study; null when the clinic has none or the study lacks what it needs. */
export function pacsViewerUrl(
  template: string,
  study: { studyInstanceUid: string | null; accessionNumber: string | null },
): string | null {
  if (!template) return null
  if (template.includes('{StudyInstanceUID}') && !study.studyInstanceUid) return null
  if (template.includes('{AccessionNumber}') && !study.accessionNumber) return null
  return template
    .replaceAll('{StudyInstanceUID}', encodeURIComponent(study.studyInstanceUid ?? ''))
    .replaceAll('{AccessionNumber}', encodeURIComponent(study.accessionNumber ?? ''))
}

export const SalvarConfiguracoesLaudoRequest = z
  .strictObject({
    rtNome: z.string(requiredError).trim().max(120, { error: messages.textTooLong }),
    rtCrm: crmDigits,
    rtCrmUf: crmUfField,
    cnes: z
      .string(requiredError)
      .trim()
      .regex(/^(\d{7})?$/, { error: messages.cnesInvalid }),
    pacsUrl: z
      .string(requiredError)
      .trim()
      .max(PACS_URL_MAX, { error: messages.textTooLong, abort: true })
      .refine((url) => url === '' || /^https?:\/\/[^\s]+$/.test(url), { error: messages.pacsUrlInvalid, abort: true })
      .refine((url) => unknownPacsPlaceholders(url).length === 0, {
        error: messages.pacsUrlUnknownPlaceholder,
        abort: true,
      })
      .refine((url) => url === '' || PACS_PLACEHOLDERS.some((p) => url.includes(p)), {
        error: messages.pacsUrlNoPlaceholder,
      }),
    assinaturaManual: z.boolean(requiredError),
  })
  .refine((c) => (c.rtCrm === '') === (c.rtCrmUf === ''), { path: ['rtCrmUf'], error: messages.crmUfInvalid })
export type SalvarConfiguracoesLaudoRequest = z.input<typeof SalvarConfiguracoesLaudoRequest>

export const laudoCalls = {
  /** Every signed-in user reads them: the editor's 'Ver imagens' needs the PACS address. */
  configuracoesLaudo: {
    method: 'GET',
    path: '/clinica/laudo',
    status: 200,
    access: 'user',
    response: z.object({ configuracoes: ConfiguracoesLaudo }),
  },
  salvarConfiguracoesLaudo: {
    method: 'PUT',
    path: '/clinica/laudo',
    body: SalvarConfiguracoesLaudoRequest,
    status: 200,
    access: 'admin',
    response: z.object({ configuracoes: ConfiguracoesLaudo }),
  },
} as const satisfies Record<string, ApiCall>

// ---- The worklist and the editor (issue 36 points 3, 4 and 10; docs/decisions.md "The laudo's worklist") ----

export const LAUDO_ESTADOS = ['Pendente', 'Em edição', 'Liberado', 'Entregue'] as const
export const LaudoEstado = z.enum(LAUDO_ESTADOS)
export type LaudoEstado = z.infer<typeof LaudoEstado>

/**
 * The Study Instance UID of an appointment, for the DICOM worklist and the PACS link alike: the UUID-derived
 * form of DICOM PS3.5 §B.2 — `2.25.` and the appointment's UUID as one decimal number. Needs no registered
 * root, is unique and never changes.
 */
export function studyInstanceUidOf(agendamentoId: string): string {
  return `2.25.${BigInt(`0x${agendamentoId.replace(/-/g, '')}`).toString(10)}`
}

/** One exam of an appointment 'Em atendimento' or 'Realizado' whose laudo is not released (its row or not yet). */
export const LaudoPendente = z.object({
  agendamentoId: z.string(),
  exameId: z.string(),
  /** null until a doctor first opens it. */
  laudoId: z.string().nullable(),
  /** The patient's name as the laudo prints it (the social name first). */
  paciente: z.string(),
  exame: z.string(),
  modalidade: z.enum(MODALIDADES),
  equipamento: z.object({ id: z.string(), nome: z.string() }).nullable(),
  medico: z.object({ id: z.string(), nome: z.string() }),
  /** The exam's clinic day, YYYY-MM-DD. */
  dataExame: z.string(),
  /** 'Previsão': the exam's day plus the exam's prazo in business days (laudoDueDate). */
  previsao: z.string(),
  /** 'Atrasado': the clinic's today is past `previsao`. */
  atrasado: z.boolean(),
  estado: LaudoEstado,
})
export type LaudoPendente = z.infer<typeof LaudoPendente>

/** The worklist's page: oldest exam first, then 'Carregar mais' (docs/decisions.md "The laudo's worklist"). */
export const LAUDO_WORKLIST_PAGE_SIZE = 50

/** Where a worklist page ends: the last row's exam instant, appointment and exam (the list's order). */
export interface LaudoWorklistKey {
  /** ISO instant, milliseconds or microseconds. */
  datahora: string
  agendamentoId: string
  exameId: string
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const CURSOR = new RegExp(
  `^((?:19|2\\d)\\d{2}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,6})?Z)_(${UUID})_(${UUID})$`,
)

/**
 * The cursor the answer's `proximo` carries and the next request's `depois` sends back: opaque to clients,
 * a keyset of the list's order (not an offset), so that a later page costs what the first does.
 */
export function laudoWorklistCursor(key: LaudoWorklistKey): string {
  return `${key.datahora}_${key.agendamentoId}_${key.exameId}`
}

/** The key of a cursor, or null when it is not one (its instant a real one of years 1900–2999). */
export function parseLaudoWorklistCursor(cursor: string): LaudoWorklistKey | null {
  const match = CURSOR.exec(cursor)
  if (!match) return null
  const [, datahora, agendamentoId, exameId] = match as unknown as [string, string, string, string]
  const date = new Date(`${datahora.slice(0, 19)}Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== datahora.slice(0, 19)) return null
  return { datahora, agendamentoId, exameId }
}

/**
 * 'Meus' (the signed-in doctor's appointments) or all; one modality; one machine; `depois`: the previous
 * page's `proximo` (absent or null: the first page).
 */
export const LaudosPendentesRequest = z.strictObject({
  meus: z.boolean(requiredError),
  modalidade: z.enum(MODALIDADES, { error: messages.modalityInvalid }).nullable(),
  equipamentoId: idField.nullable(),
  depois: z
    .string({ error: messages.laudoWorklistCursorInvalid })
    .refine((c) => parseLaudoWorklistCursor(c) !== null, { error: messages.laudoWorklistCursorInvalid })
    .nullable()
    .optional(),
})
export type LaudosPendentesRequest = z.infer<typeof LaudosPendentesRequest>
/** The filters alone: what the worklist's pages share (the PWA's query key). */
export type LaudosPendentesFiltros = Omit<LaudosPendentesRequest, 'depois'>

/** The draft: the laudo's highest version not released, and `revisao`, the count of its saves. */
export const LaudoRascunho = z.object({
  versao: z.number(),
  revisao: z.number(),
  tecnica: z.string(),
  relatorio: z.string(),
  impressao: z.string(),
  birads: z.number().nullable(),
  /** ISO instant of the last save (of the creation before any). */
  salvoEm: z.string(),
})
export type LaudoRascunho = z.infer<typeof LaudoRascunho>

/** A laudo as the editor opens it. */
export const Laudo = LaudoPendente.omit({ laudoId: true }).extend({
  id: z.string(),
  /** For the PACS viewer's address (pacsViewerUrl). */
  studyInstanceUid: z.string(),
  accessionNumber: z.string(),
  /** null when every version is released. */
  rascunho: LaudoRascunho.nullable(),
  /** The newest released version's text, read-only in the editor; null until the first release (issue 36 point 6). */
  liberado: z
    .object({
      versao: z.number(),
      tecnica: z.string(),
      relatorio: z.string(),
      impressao: z.string(),
      birads: z.number().nullable(),
      /** ISO instant. */
      liberadoEm: z.string(),
    })
    .nullable(),
})
export type Laudo = z.infer<typeof Laudo>

export const AbrirLaudoRequest = z.strictObject({ agendamentoId: idField, exameId: idField })

/** A save names the revisao it started from; another one in the database is a 409 (LaudoConflito). */
export const SalvarLaudoRequest = LaudoTexto.extend({
  id: idField,
  revisao: z.number({ error: messages.invalidRequest }).int({ error: messages.invalidRequest }).min(0, {
    error: messages.invalidRequest,
  }),
})
export type SalvarLaudoRequest = z.infer<typeof SalvarLaudoRequest>

/** The 409 of a save from an old revisao: the sentence and the laudo as the server has it now. */
export const LaudoConflito = z.object({ error: z.string(), laudo: Laudo })
export type LaudoConflito = z.infer<typeof LaudoConflito>

/** The day board's laudo states: one per appointment exam of the day that has a laudo, and the late count. */
export const LaudosDoDia = z.object({
  dia: z.string(),
  laudos: z.array(
    z.object({
      agendamentoId: z.string(),
      exameId: z.string(),
      estado: LaudoEstado,
      /** For 'Entregar laudo', 'Imprimir laudo' and 'Baixar PDF' from the board's panel (issue 36 point 7). */
      laudoId: z.string(),
      /** The exam's name as booked, to tell an appointment's laudos apart. */
      exame: z.string(),
      /** 'Atrasado': not released and past its 'Previsão' (as the worklist says). */
      atrasado: z.boolean(),
    }),
  ),
  /** Laudos past their 'Previsão' and not released, the whole clinic's. */
  atrasados: z.number(),
})
export type LaudosDoDia = z.infer<typeof LaudosDoDia>

export const laudoWorkCalls = {
  /** The worklist, a page at a time. Doctor-linked users and ADMIN; 403 (laudoNotDoctor) for anyone else. */
  laudosPendentes: {
    method: 'POST',
    path: '/laudo/pendentes',
    body: LaudosPendentesRequest,
    status: 200,
    access: 'user',
    /** A page of LAUDO_WORKLIST_PAGE_SIZE rows at most; `proximo`: the next page's cursor, null on the last. */
    response: z.object({ laudos: z.array(LaudoPendente), proximo: z.string().nullable() }),
  },
  /** Opens the exam's laudo, creating it (and its first draft from the exam's template) on the first open. */
  abrirLaudo: {
    method: 'POST',
    path: '/laudo/abrir',
    body: AbrirLaudoRequest,
    status: 200,
    access: 'user',
    response: z.object({ laudo: Laudo, criado: z.boolean() }),
  },
  laudo: {
    method: 'POST',
    path: '/laudo/findbyid',
    body: z.strictObject({ id: idField }),
    status: 200,
    access: 'user',
    response: z.object({ laudo: Laudo }),
  },
  /** Saves the draft; 409 LaudoConflito when another save came first. */
  salvarLaudo: {
    method: 'PUT',
    path: '/laudo/rascunho',
    body: SalvarLaudoRequest,
    status: 200,
    access: 'user',
    response: z.object({ laudo: Laudo }),
  },
  /** Every signed-in user: the front desk's board. */
  laudosDoDia: {
    method: 'POST',
    path: '/laudo/dia',
    body: z.strictObject({ dia: dayField }),
    status: 200,
    access: 'user',
    response: LaudosDoDia,
  },
} as const satisfies Record<string, ApiCall>
