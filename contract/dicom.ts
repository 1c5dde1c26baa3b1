// The DICOM side of the equipment (issue 19, docs/decisions.md "DICOM worklist"): each machine's AE title,
// and what ADMIN reads of the worklist queries and procedure steps it sent. Pure: the server, the PWA and
// the msw mock share it.
import { z } from 'zod'
import type { ApiCall } from './api-call'
import { messages } from './messages'

/** At most 16 characters (DICOM PS3.5 §6.2, VR AE). */
export const AE_TITLE_MAX = 16

/**
 * Why `value` is not a DICOM AE title, or undefined when it is one: 1 to 16 characters of the default
 * character set, no backslash, no control characters, not only spaces (leading and trailing spaces are
 * not significant, so they are refused rather than kept).
 */
export function aeTitleProblem(value: string): string | undefined {
  const ok =
    value.length >= 1 &&
    value.length <= AE_TITLE_MAX &&
    value.trim() === value &&
    // printable ASCII without the backslash (the DICOM default repertoire)
    /^[\x20-\x5b\x5d-\x7e]+$/.test(value)
  return ok ? undefined : messages.aeTitleInvalid
}

/** An equipment's AE title as ADMIN types it: trimmed; empty means none (null). */
export const aeTitleField = z
  .string({ error: messages.aeTitleInvalid })
  .trim()
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || aeTitleProblem(value) === undefined, { error: messages.aeTitleInvalid })
  .nullable()

export const DICOM_EVENT_KINDS = ['worklist', 'mpps', 'associacao'] as const
export const dicomEventKindLabels: Record<(typeof DICOM_EVENT_KINDS)[number], string> = {
  worklist: 'Consulta da worklist',
  mpps: 'Etapa do procedimento (MPPS)',
  associacao: 'Conexão recusada',
}

/** One thing the DICOM service answered a machine: no personal data (docs/decisions.md, "DICOM worklist"). */
export const DicomEvento = z.object({
  equipamentoId: z.string(),
  at: z.string(),
  aeTitle: z.string(),
  tipo: z.enum(DICOM_EVENT_KINDS),
  /** How many worklist entries were answered. */
  respostas: z.number(),
  /** 'ok', or what went wrong in a few words. */
  resultado: z.string(),
  /** A procedure step's accession number. */
  acesso: z.string().nullable(),
  /** A procedure step's state (IN PROGRESS, COMPLETED, DISCONTINUED) and a discontinuation's reason. */
  detalhe: z.string().nullable(),
})
export type DicomEvento = z.infer<typeof DicomEvento>

/** At most this many of each machine's latest events are answered. */
export const DICOM_EVENTS_MAX = 10

/** Each machine's latest events, newest first (refused associations have no machine: not listed). */
export const DicomEventosAnswer = z.object({ eventos: z.array(DicomEvento) })
export type DicomEventosAnswer = z.infer<typeof DicomEventosAnswer>

export const dicomCalls = {
  /** ADMIN: what each machine asked the DICOM service lately, to help a technician set it up. */
  dicomEventos: {
    method: 'GET',
    path: '/equipamento/dicomEventos',
    status: 200,
    access: 'admin',
    response: DicomEventosAnswer,
  },
} as const satisfies Record<string, ApiCall>
