// The waiting room's TV panel (issue 38, docs/decisions.md "The waiting room's panel"): ADMIN creates a
// panel and gets a one-time code; the TV opens /painel, types it and gets a device credential that can only
// read its panel's feed (access 'painel'); ADMIN lists and revokes panels and chooses how a panel names the
// called patient.
import { z } from 'zod'
import { idField, requiredText } from './fields'
import { messages } from './messages'
import { PAINEL_EXIBICOES } from './waiting-room'
import type { ApiCall } from './api-call'

/** The pairing code: digits only (typed on a TV remote), shown as two groups of four. */
export const PAINEL_CODIGO_DIGITS = 8
/** How long a pairing code can be typed. */
export const PAINEL_CODIGO_MINUTES = 15
/** A panel's device credential starts with this: the API tells it from a person's token before checking it. */
export const PAINEL_CREDENCIAL_PREFIX = 'painel.'
/** At most this many characters in a panel's name. */
export const PAINEL_NOME_MAX = 60
/** The feed's calls: the current one and the four before it. */
export const PAINEL_CHAMADAS = 5
/** The live feed: GET, Server-Sent Events, each `data:` a PainelFeed (outside the `api` table: it streams). */
export const PAINEL_EVENTOS_PATH = '/painel/eventos'

export const painelExibicaoLabels: Record<(typeof PAINEL_EXIBICOES)[number], string> = {
  nome_inicial: 'Primeiro nome e inicial do sobrenome',
  senha: 'Número da senha de chegada',
  nome_completo: 'Nome completo',
}

export const Painel = z.object({
  id: z.string(),
  nome: z.string(),
  criadoEm: z.string(),
  /** The last time the TV read its feed (ISO instant); null before it is paired. */
  ultimoAcesso: z.string().nullable(),
  /** Whether a TV holds a credential now. */
  pareado: z.boolean(),
  /** Until when the current pairing code can be typed; null without one. */
  codigoExpiraEm: z.string().nullable(),
  revogadoEm: z.string().nullable(),
})
export type Painel = z.infer<typeof Painel>

/** A new one-time code: answered once, kept only as a hash. */
export const PainelCodigo = z.object({ painel: Painel, codigo: z.string(), expiraEm: z.string() })
export type PainelCodigo = z.infer<typeof PainelCodigo>

export const CriarPainelRequest = z.strictObject({
  nome: requiredText(PAINEL_NOME_MAX).refine((nome) => nome.length > 0, { error: messages.panelNameRequired }),
})
export type CriarPainelRequest = z.input<typeof CriarPainelRequest>

export const PainelIdRequest = z.strictObject({ id: idField })

/** Spaces and hyphens typed between the digits are dropped. */
export const ParearPainelRequest = z.strictObject({
  codigo: z
    .string({ error: messages.panelCodeInvalid })
    .transform((codigo) => codigo.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${PAINEL_CODIGO_DIGITS}}$`), { error: messages.panelCodeInvalid })),
})
export type ParearPainelRequest = z.input<typeof ParearPainelRequest>

export const SalvarExibicaoPainelRequest = z.strictObject({
  exibicao: z.enum(PAINEL_EXIBICOES, { error: messages.invalidRequest }),
})

/** One call as a panel shows it: the display name the clinic chose (never a CPF), the room, when. */
export const PainelChamada = z.object({ id: z.string(), nome: z.string(), sala: z.string(), chamadoEm: z.string() })
export type PainelChamada = z.infer<typeof PainelChamada>

/** What a panel shows: its name and the day's last calls, newest first. */
export const PainelFeed = z.object({
  painel: z.object({ id: z.string(), nome: z.string() }),
  chamadas: z.array(PainelChamada).max(PAINEL_CHAMADAS),
})
export type PainelFeed = z.infer<typeof PainelFeed>

/** A code as typed on the TV: '1234 5678'. */
export function formatPainelCodigo(codigo: string): string {
  return codigo.length === PAINEL_CODIGO_DIGITS ? `${codigo.slice(0, 4)} ${codigo.slice(4)}` : codigo
}

export const painelCalls = {
  /** The panels, newest first, and how they name the called patient. */
  paineis: {
    method: 'GET',
    path: '/paineis',
    status: 200,
    access: 'admin',
    response: z.object({ paineis: z.array(Painel), exibicao: z.enum(PAINEL_EXIBICOES) }),
  },
  /** A new panel and its first one-time code. */
  criarPainel: {
    method: 'POST',
    path: '/paineis',
    body: CriarPainelRequest,
    status: 201,
    access: 'admin',
    response: PainelCodigo,
    missingMessage: messages.panelNameRequired,
  },
  /** A new one-time code for a panel (a new TV); pairing with it replaces the TV paired before. */
  codigoPainel: {
    method: 'POST',
    path: '/paineis/codigo',
    body: PainelIdRequest,
    status: 200,
    access: 'admin',
    response: PainelCodigo,
  },
  /** Revokes a panel for good: its credential and code stop at once, its open feed closes. */
  revogarPainel: {
    method: 'POST',
    path: '/paineis/revogar',
    body: PainelIdRequest,
    status: 200,
    access: 'admin',
    response: z.object({ painel: Painel }),
  },
  /** How every panel names the called patient (clinica_configuracoes.painel_exibicao). */
  salvarExibicaoPainel: {
    method: 'PUT',
    path: '/paineis/exibicao',
    body: SalvarExibicaoPainelRequest,
    status: 200,
    access: 'admin',
    response: z.object({ exibicao: z.enum(PAINEL_EXIBICOES) }),
  },
  /** The TV types its code: the answer's credential reads this panel's feed, and nothing else. */
  parearPainel: {
    method: 'POST',
    path: '/painel/parear',
    body: ParearPainelRequest,
    status: 200,
    access: 'public',
    response: z.object({ credencial: z.string(), painel: z.object({ id: z.string(), nome: z.string() }) }),
  },
  /** The panel's feed once (the live one is PAINEL_EVENTOS_PATH); only with the panel's credential. */
  painelChamadas: {
    method: 'GET',
    path: '/painel/chamadas',
    status: 200,
    access: 'painel',
    response: PainelFeed,
  },
} as const satisfies Record<string, ApiCall>
