// The laudo's templates and stock phrases (issue 36 point 2, docs/decisions.md "Laudo templates and stock
// phrases"): one template per catalogue exam ('Técnica', 'Relatório', 'Impressão diagnóstica' with the
// placeholders of laudo-text.ts) and phrases per modality typed by a short code ('.normal'). Every signed-in
// user reads them; ADMIN and users linked to a doctor (the radiologists who own the wording) write them.
import { z } from 'zod'
import { OkBody } from './entities'
import { idField, requiredError } from './fields'
import { LAUDO_PLACEHOLDERS, LAUDO_SECTION_MAX, unknownLaudoPlaceholders } from './laudo-text'
import { messages } from './messages'
import { MODALIDADES, modalidadeLabels, type Modalidade } from './modality-names'
import type { ApiCall } from './api-call'

export const FRASE_TEXTO_MAX = 2_000
export const FRASE_CODIGO_MAX = 12

export const templateMessages = {
  forbidden: messages.laudoTemplateForbidden,
  unknownPlaceholder: (placeholder: string) =>
    messages.laudoTemplateUnknownPlaceholder
      .replace('{marcador}', placeholder)
      .replace('{marcadores}', Object.keys(LAUDO_PLACEHOLDERS).join(', ')),
  codigoInvalid: messages.fraseCodigoInvalid,
  codigoTaken: (modalidade: Modalidade, codigo: string) =>
    messages.fraseCodigoTaken.replace('{codigo}', codigo).replace('{modalidade}', modalidadeLabels[modalidade]),
  fraseNotFound: messages.fraseNotFound,
  fraseTextoTooLong: messages.fraseTextoTooLong,
  modeloSaved: messages.laudoTemplateSaved,
  modeloSaveFailed: messages.laudoTemplateSaveFailed,
  fraseSaved: messages.fraseSaved,
  fraseSaveFailed: messages.fraseSaveFailed,
  fraseDeleted: messages.fraseDeleted,
  fraseDeleteFailed: messages.fraseDeleteFailed,
} as const

// ---- entities ----

export const ModeloLaudo = z.object({
  exameId: z.string(),
  tecnica: z.string(),
  relatorio: z.string(),
  impressao: z.string(),
  /** ISO instant of the last save; null while the exam has no template (the sections are then ''). */
  atualizadoEm: z.string().nullable(),
})
export type ModeloLaudo = z.infer<typeof ModeloLaudo>

export const FrasePronta = z.object({
  id: z.string(),
  modalidade: z.enum(MODALIDADES),
  /** Typed as '.codigo' in the editor: lowercase letters and digits. */
  codigo: z.string(),
  texto: z.string(),
})
export type FrasePronta = z.infer<typeof FrasePronta>

/** The template's sections, in the order the editor and the laudo show them. */
export const MODELO_SECOES = [
  { campo: 'tecnica', titulo: 'Técnica' },
  { campo: 'relatorio', titulo: 'Relatório' },
  { campo: 'impressao', titulo: 'Impressão diagnóstica' },
] as const
export type ModeloSecao = (typeof MODELO_SECOES)[number]['campo']

// ---- requests ----

const templateSection = z
  .string({ error: messages.invalidRequest })
  .max(LAUDO_SECTION_MAX, { error: messages.textTooLong, abort: true })
  .superRefine((text, ctx) => {
    const [unknown] = unknownLaudoPlaceholders(text)
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: templateMessages.unknownPlaceholder(unknown) })
  })

export const ModeloLaudoRequest = z.strictObject({ exameId: idField })
export type ModeloLaudoRequest = z.input<typeof ModeloLaudoRequest>

export const SalvarModeloLaudoRequest = z.strictObject({
  exameId: idField,
  tecnica: templateSection,
  relatorio: templateSection,
  impressao: templateSection,
})
export type SalvarModeloLaudoRequest = z.input<typeof SalvarModeloLaudoRequest>

/** A code as typed: spaces around and a leading '.' are dropped, letters lowered. */
const codigoField = z
  .string(requiredError)
  .trim()
  .transform((codigo) => codigo.replace(/^\./, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: messages.required, abort: true })
      .regex(new RegExp(`^[a-z0-9]{1,${FRASE_CODIGO_MAX}}$`), { error: templateMessages.codigoInvalid }),
  )

const fraseFields = {
  modalidade: z.enum(MODALIDADES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? messages.required : messages.modalityInvalid),
  }),
  codigo: codigoField,
  texto: z
    .string(requiredError)
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(FRASE_TEXTO_MAX, { error: templateMessages.fraseTextoTooLong }),
}
export const RegisterFraseRequest = z.strictObject(fraseFields)
export type RegisterFraseRequest = z.input<typeof RegisterFraseRequest>
export const UpdateFraseRequest = z.strictObject({ ...fraseFields, id: idField })
export type UpdateFraseRequest = z.input<typeof UpdateFraseRequest>

export const laudoTemplateCalls = {
  /** An exam's template; empty sections (atualizadoEm null) while none was saved. 404 for an unknown exam. */
  modeloLaudo: {
    method: 'POST',
    path: '/laudo/modelo',
    body: ModeloLaudoRequest,
    status: 200,
    access: 'user',
    response: z.object({ modelo: ModeloLaudo }),
  },
  /** ADMIN or a doctor-linked user; an unknown {placeholder} is a 400 naming it. */
  salvarModeloLaudo: {
    method: 'PUT',
    path: '/laudo/modelo',
    body: SalvarModeloLaudoRequest,
    status: 200,
    access: 'user',
    response: z.object({ modelo: ModeloLaudo }),
  },
  /** Every stock phrase of every modality (a few dozen per modality), by modality and code. */
  frasesProntas: {
    method: 'GET',
    path: '/laudo/frases',
    status: 200,
    access: 'user',
    response: z.object({ frases: z.array(FrasePronta) }),
  },
  /** ADMIN or a doctor-linked user; a code taken in the modality is a 409. */
  registerFrase: {
    method: 'POST',
    path: '/laudo/frase/register',
    body: RegisterFraseRequest,
    status: 201,
    access: 'user',
    response: z.object({ frase: FrasePronta }),
  },
  updateFrase: {
    method: 'PUT',
    path: '/laudo/frase/update',
    body: UpdateFraseRequest,
    status: 200,
    access: 'user',
    response: z.object({ frase: FrasePronta }),
  },
  deleteFrase: {
    method: 'DELETE',
    path: '/laudo/frase/delete',
    body: z.strictObject({ id: idField }),
    status: 200,
    access: 'user',
    response: OkBody,
  },
} as const satisfies Record<string, ApiCall>

// ---- the short code ----

/** Phrases sorted as every list shows them: by modality's order, then code. */
export function sortFrases<T extends Pick<FrasePronta, 'modalidade' | 'codigo'>>(frases: readonly T[]): T[] {
  return [...frases].sort(
    (a, b) =>
      MODALIDADES.indexOf(a.modalidade) - MODALIDADES.indexOf(b.modalidade) ||
      (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : 0),
  )
}

/**
 * The text with a short code typed at its end ('… .normal', at the start or after a space or a line break)
 * replaced by the phrase of that code among `frases` (the laudo's modality's); null when the text does not
 * end with a known code, so the editor leaves the typing alone.
 */
export function expandPhraseCode(
  text: string,
  frases: readonly Pick<FrasePronta, 'codigo' | 'texto'>[],
): string | null {
  const match = /(^|\s)\.([a-z0-9]{1,12})$/i.exec(text)
  if (!match) return null
  const codigo = match[2]!.toLowerCase()
  const frase = frases.find((f) => f.codigo === codigo)
  if (!frase) return null
  return text.slice(0, text.length - codigo.length - 1) + frase.texto
}
