// The laudo's release, retification, delivery and verification (issue 36 points 5–8, docs/decisions.md
// "The laudo"): 'Assinar e liberar' signs the draft (or prints a signature line when the clinic signs by
// hand), 'Retificar' opens version N+1, 'Entregar laudo' records who took it, and 'Verificar laudo' is the
// public check of the code printed on the PDF — which answers the initials, never the name.
import { z } from 'zod'
import { cpfField, idField, requiredError } from './fields'
import { messages } from './messages'
import type { ApiCall } from './api-call'

/** The code's alphabet: no 0/O, 1/I/L, so it can be read aloud and typed from paper. */
export const VERIFICATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
/** Three groups of four: 31^12 codes, beyond guessing even without the rate limit. */
export const VERIFICATION_CODE = /^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/

/** A typed code as the server keeps it: upper case, groups joined by '-', spaces and other dashes dropped. */
export function normalizeVerificationCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[^A-Z0-9]/g, '')
  return plain.length === 12 ? `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}` : typed.trim()
}

/** A person's initials as the verification page shows them: 'Maria da Silva' → 'M. S.'. */
export function nameInitials(nome: string): string {
  const small = new Set(['da', 'de', 'do', 'das', 'dos', 'e'])
  return nome
    .trim()
    .split(/\s+/)
    .filter((word) => word && !small.has(word.toLowerCase()))
    .map((word) => `${word[0]!.toUpperCase()}.`)
    .join(' ')
}

export const releaseMessages = {
  notFound: messages.laudoReleaseNotFound,
  notYourLaudo: messages.laudoReleaseNotYours,
  noDraft: messages.laudoReleaseNoDraft,
  noCertificate: messages.laudoReleaseNoCertificate,
  passwordRequired: messages.laudoReleasePasswordRequired,
  released: messages.laudoReleaseReleased,
  releaseFailed: messages.laudoReleaseReleaseFailed,
  versionNotReleased: messages.laudoReleaseVersionNotReleased,
  retifyNotReleased: messages.laudoReleaseRetifyNotReleased,
  retifyReasonRequired: messages.laudoReleaseRetifyReasonRequired,
  retified: messages.laudoReleaseRetified,
  retifyFailed: messages.laudoReleaseRetifyFailed,
  deliverNotReleased: messages.laudoReleaseDeliverNotReleased,
  deliverNameRequired: messages.laudoReleaseDeliverNameRequired,
  delivered: messages.laudoReleaseDelivered,
  deliverFailed: messages.laudoReleaseDeliverFailed,
  codeInvalid: messages.laudoReleaseCodeInvalid,
  codeNotFound: messages.laudoReleaseCodeNotFound,
  pdfFailed: messages.laudoReleasePdfFailed,
} as const

/** Who took the laudo at the desk: the patient, or a third party with name and CPF. */
export const RECEBEDORES = ['paciente', 'terceiro'] as const

export const EntregaLaudo = z.object({
  /** ISO instant. */
  entregueEm: z.string(),
  recebedor: z.enum(RECEBEDORES),
  /** The third party's name ('' for the patient). Their CPF is kept, never answered. */
  nome: z.string(),
  entreguePor: z.string(),
})
export type EntregaLaudo = z.infer<typeof EntregaLaudo>

/** One version of a laudo as the screens list it. */
export const VersaoLaudo = z.object({
  versao: z.number().int().min(1),
  /** ISO instant; null for the draft. */
  liberadoEm: z.string().nullable(),
  sha256: z.string().nullable(),
  codigoVerificacao: z.string().nullable(),
  /** Why this version exists (a retification of the previous one); null for version 1. */
  motivoRetificacao: z.string().nullable(),
  /** This version was replaced: 'Retificado em … — motivo' (the next version's opening and reason). */
  retificacao: z.object({ em: z.string(), motivo: z.string() }).nullable(),
  /** Deliveries of this version, oldest first. */
  entregas: z.array(EntregaLaudo),
  /** Delivered, then retified: 'Retificado após a entrega' (the clinic calls the patient). */
  retificadoAposEntrega: z.boolean(),
})
export type VersaoLaudo = z.infer<typeof VersaoLaudo>

export const ESTADOS_LAUDO = ['Pendente', 'Em edição', 'Liberado', 'Entregue'] as const

export const SituacaoLaudo = z.object({
  laudoId: z.string(),
  estado: z.enum(ESTADOS_LAUDO),
  /** Newest first. */
  versoes: z.array(VersaoLaudo),
})
export type SituacaoLaudo = z.infer<typeof SituacaoLaudo>

export const LiberarLaudoRequest = z.strictObject({
  laudoId: idField,
  /** Not needed with the clinic's manual signature, or with a password kept for 8 h in this session. */
  senha: z.string({ error: messages.invalidRequest }).max(200, { error: messages.textTooLong }).optional(),
  /** 'Lembrar por 8 horas': keep the password in the server's memory for this session. */
  lembrarSenha: z.boolean({ error: messages.invalidRequest }).default(false),
})
export type LiberarLaudoRequest = z.input<typeof LiberarLaudoRequest>

export const LaudoIdRequest = z.strictObject({ laudoId: idField })

export const PdfLaudoRequest = z.strictObject({
  laudoId: idField,
  versao: z.number({ error: messages.invalidRequest }).int({ error: messages.invalidRequest }).min(1).max(1000),
})
export type PdfLaudoRequest = z.infer<typeof PdfLaudoRequest>

export const RetificarLaudoRequest = z.strictObject({
  laudoId: idField,
  motivo: z
    .string(requiredError)
    .trim()
    .min(1, { error: releaseMessages.retifyReasonRequired })
    .max(500, { error: messages.textTooLong }),
})
export type RetificarLaudoRequest = z.input<typeof RetificarLaudoRequest>

export const EntregarLaudoRequest = z.discriminatedUnion(
  'recebedor',
  [
    z.strictObject({ laudoId: idField, recebedor: z.literal('paciente') }),
    z.strictObject({
      laudoId: idField,
      recebedor: z.literal('terceiro'),
      nome: z
        .string(requiredError)
        .trim()
        .min(1, { error: releaseMessages.deliverNameRequired })
        .max(120, { error: messages.textTooLong }),
      cpf: cpfField,
    }),
  ],
  { error: messages.invalidRequest },
)
export type EntregarLaudoRequest = z.input<typeof EntregarLaudoRequest>

export const VerificarLaudoRequest = z.strictObject({
  codigo: z
    .string(requiredError)
    .max(40, { error: releaseMessages.codeInvalid })
    .transform(normalizeVerificationCode)
    .pipe(z.string().regex(VERIFICATION_CODE, { error: releaseMessages.codeInvalid })),
})

/** What the public verification shows: nothing that names the patient beyond initials. */
export const LaudoVerificado = z.object({
  iniciais: z.string(),
  exame: z.string(),
  /** The exam's date, YYYY-MM-DD. */
  dataExame: z.string(),
  medico: z.string(),
  versao: z.number().int(),
  /** ISO instant. */
  liberadoEm: z.string(),
  /** A later version replaced this one. */
  retificado: z.boolean(),
})
export type LaudoVerificado = z.infer<typeof LaudoVerificado>

const situacao = z.object({ laudo: SituacaoLaudo })

export const laudoReleaseCalls = {
  /** 'Assinar e liberar': the laudo's doctor signs the draft; 400 with the reason when it is not ready. */
  liberarLaudo: {
    method: 'POST',
    path: '/laudos/liberar',
    body: LiberarLaudoRequest,
    status: 200,
    access: 'user',
    response: situacao,
  },
  /** The laudo's state and versions (any signed-in user: the desk delivers it). */
  versoesLaudo: {
    method: 'POST',
    path: '/laudos/versoes',
    body: LaudoIdRequest,
    status: 200,
    access: 'user',
    response: situacao,
  },
  /** 'Baixar PDF' / 'Imprimir laudo': the released version's bytes as stored, `application/pdf`. */
  pdfLaudo: {
    method: 'POST',
    path: '/laudos/pdf',
    body: PdfLaudoRequest,
    status: 200,
    access: 'user',
    response: z.instanceof(Uint8Array),
  },
  /** 'Retificar': version N+1 from version N's text, with the reason; the laudo's doctor only. */
  retificarLaudo: {
    method: 'POST',
    path: '/laudos/retificar',
    body: RetificarLaudoRequest,
    status: 200,
    access: 'user',
    response: situacao,
  },
  /** 'Entregar laudo': any signed-in user at the desk records who took it. */
  entregarLaudo: {
    method: 'POST',
    path: '/laudos/entregar',
    body: EntregarLaudoRequest,
    status: 200,
    access: 'user',
    response: situacao,
  },
  /** 'Verificar laudo': public; 404 'não encontrado' for an unknown code. */
  verificarLaudo: {
    method: 'POST',
    path: '/laudos/verificar',
    body: VerificarLaudoRequest,
    status: 200,
    access: 'public',
    response: z.object({ laudo: LaudoVerificado }),
  },
} as const satisfies Record<string, ApiCall>
