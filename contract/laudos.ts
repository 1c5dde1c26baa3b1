// The laudo (issue 36, docs/decisions.md "The laudo"): what the clinic keeps for it — the responsável técnico,
// CNES, the PACS viewer's address and whether laudos are signed by hand — and the calls that read and save it.
import { z } from 'zod'
import { requiredError } from './fields'
import { UFS } from './forms'
import { messages } from './messages'
import type { ApiCall } from './api-call'

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
