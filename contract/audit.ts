// The record of who changed what (the audit trail) as the PWA reads it, the patient export (LGPD), and
// the Idempotency-Key header of the register calls.
import { z } from 'zod'
import { Agendamento, Paciente } from './entities'
import { MOTIVOS_CANCELAMENTO, STATUSES } from './status'
import { FORMAS_PAGAMENTO } from './catalogue'

// ---- historico: "who changed what, when" ----

/** What happened to a record, as the audit trail names it. */
export const HISTORICO_ACTIONS = ['create', 'update', 'delete', 'reactivate', 'export'] as const
/** An appointment's history also lists its status moves and the moves taken back ('Desfazer'). */
export const STATUS_HISTORICO_ACTIONS = ['status', 'status_desfeito'] as const
/** …and its payments and a Valor changed from the sum of the catalogue's prices (docs/decisions.md, "Exam catalogue"). */
export const CATALOGUE_HISTORICO_ACTIONS = ['pagamento', 'valor_alterado'] as const
/** …and each call of the waiting patient to a room (issue 38, contract/waiting-room.ts). */
export const CHAMADA_HISTORICO_ACTIONS = ['chamada'] as const
export const HistoricoAction = z.enum([
  ...HISTORICO_ACTIONS,
  ...STATUS_HISTORICO_ACTIONS,
  ...CATALOGUE_HISTORICO_ACTIONS,
  ...CHAMADA_HISTORICO_ACTIONS,
])
export type HistoricoAction = z.infer<typeof HistoricoAction>

/** Portuguese labels of the actions, for the 'Saiba mais' panel. */
export const historicoActionLabels: Record<HistoricoAction, string> = {
  create: 'Criado',
  update: 'Alterado',
  delete: 'Excluído',
  reactivate: 'Reativado',
  export: 'Dados exportados',
  status: 'Status alterado',
  status_desfeito: 'Mudança de status desfeita',
  pagamento: 'Pagamento registrado',
  valor_alterado: 'Valor alterado',
  chamada: 'Paciente chamado',
}

/**
 * One entry, newest first in a list: when (ISO UTC), what, by whom (null when the user is unknown), and
 * the NAMES of the fields that changed (never their values). Field names are those of the entity as read
 * back (`Paciente`, `Agendamento`: e.g. `telefone`, `estapago`); `historicoFieldLabels` names them.
 */
export const HistoricoEntry = z.object({
  at: z.string(),
  action: HistoricoAction,
  user: z.object({ id: z.string(), nome: z.string() }).nullable(),
  /** A status move made by a machine through DICOM MPPS (issue 19): the machine, and `user` is null. */
  equipamento: z.object({ id: z.string(), nome: z.string() }).optional(),
  fields: z.array(z.string()),
  /**
   * A status move ('status': from `de` to `para`, with the cancellation's motivo and text) or a move taken
   * back ('status_desfeito': from `de` back to `para`). Only on those two actions.
   */
  status: z
    .object({
      de: z.enum(STATUSES),
      para: z.enum(STATUSES),
      motivo: z.enum(MOTIVOS_CANCELAMENTO).optional(),
      texto: z.string().optional(),
    })
    .optional(),
  /** A payment ('pagamento'): its forma and amount in cents. */
  pagamento: z.object({ forma: z.enum(FORMAS_PAGAMENTO), valorIncents: z.number() }).optional(),
  /** 'valor_alterado': the sum of the catalogue's prices and the value charged instead, in cents. */
  valor: z.object({ tabelaIncents: z.number(), valorIncents: z.number() }).optional(),
  /** 'chamada': the room the patient was called to. */
  sala: z.string().optional(),
})
export type HistoricoEntry = z.infer<typeof HistoricoEntry>

export const HistoricoAnswer = z.object({ historico: z.array(HistoricoEntry) })
export type HistoricoAnswer = z.infer<typeof HistoricoAnswer>

/** At most this many entries are answered (the most recent ones). */
export const HISTORICO_MAX_ENTRIES = 200

/**
 * An appointment's history: its audit entries and its status moves (each list newest first) in one list,
 * newest first, at most HISTORICO_MAX_ENTRIES. At the same instant a move counts as the newer: it always
 * follows the booking it moves (the server and the msw mock merge alike).
 */
export function mergeHistorico(changes: HistoricoEntry[], moves: HistoricoEntry[]): HistoricoEntry[] {
  const merged: HistoricoEntry[] = []
  let c = 0
  let m = 0
  while (merged.length < HISTORICO_MAX_ENTRIES && (c < changes.length || m < moves.length)) {
    const change = changes[c]
    const move = moves[m]
    if (move && (!change || Date.parse(move.at) >= Date.parse(change.at))) {
      merged.push(move)
      m++
    } else {
      merged.push(change!)
      c++
    }
  }
  return merged
}

/**
 * A patient's own fields (no ids, `ativo`, `versao`), in the wizard's order: what the wizard collects, what
 * a 'create' entry of the history names and what an update compares to name the fields it changed.
 */
export const PACIENTE_FIELDS = [
  'nome',
  'cpf',
  'rg',
  'datanascimento',
  'estadocivil',
  'sexo',
  'cor',
  'naturalidade',
  'profissao',
  'email',
  'telefone',
  'endereco',
  'numeroendereco',
  'bairro',
  'cidade',
  'estado',
  'cep',
  'complemento',
  'nomesocial',
] as const satisfies readonly (keyof Paciente)[]

/** What a patient's update compares: the wizard's fields and the consent to messages (docs/decisions.md "Messages and printouts"). */
export const PACIENTE_AUDITED_FIELDS = [
  ...PACIENTE_FIELDS,
  'aceitaMensagens',
] as const satisfies readonly (keyof Paciente)[]

/** An appointment's own fields as read back (`estapago`): what a 'create' entry names and an update compares. */
export const AGENDAMENTO_FIELDS = [
  'datahora',
  'anotacao',
  'convenio',
  'valorIncents',
  'estapago',
  'exames',
  'pacienteId',
  'medicoId',
] as const satisfies readonly (keyof Agendamento)[]

/** Portuguese labels of a patient's own fields: the wizard's labels and the history's. */
export const pacienteFieldLabels = {
  nome: 'Nome',
  cpf: 'CPF',
  rg: 'RG',
  datanascimento: 'Data de nascimento',
  estadocivil: 'Estado civil',
  sexo: 'Sexo',
  cor: 'Cor',
  naturalidade: 'Naturalidade',
  profissao: 'Profissão',
  email: 'E-mail',
  telefone: 'Telefone',
  endereco: 'Endereço',
  numeroendereco: 'Número',
  bairro: 'Bairro',
  cidade: 'Cidade',
  estado: 'Estado',
  cep: 'CEP',
  complemento: 'Complemento',
  nomesocial: 'Nome social',
} as const satisfies Record<(typeof PACIENTE_FIELDS)[number], string>

/** Portuguese labels of the field names that appear in `fields`. */
export const historicoFieldLabels: Record<string, string> = {
  // paciente
  ...pacienteFieldLabels,
  ativo: 'Situação (ativo/inativo)',
  aceitaMensagens: 'Aceita receber mensagens (WhatsApp)',
  // agendamento
  datahora: 'Data e horário',
  anotacao: 'Anotação',
  convenio: 'Convênio',
  valorIncents: 'Valor',
  estapago: 'Pago',
  exames: 'Exames',
  pacienteId: 'Paciente',
  medicoId: 'Doutor',
  status: 'Status',
  chegada: 'Chegada',
}

// ---- LGPD: everything kept about one patient ----

export const PacienteExport = z.object({
  paciente: Paciente,
  /** Every appointment of the patient, ascending by datahora. */
  agendamentos: z.array(Agendamento),
  /** The patient's historico, newest first (the export itself included). */
  historico: z.array(HistoricoEntry),
})
export type PacienteExport = z.infer<typeof PacienteExport>

// ---- retried writes ----

/**
 * Header of the register calls (`/paciente/register`, `/agendamento/register`, `/medico/register`,
 * `/users/register`): one new key per submitted form, the same key on every retry of that submission.
 * The same key again (same user, same call, same body) answers the first success again, status and body,
 * and creates nothing; the same key with another body → 422 `messages.idempotencyKeyReused`. 1 to 200
 * printable ASCII characters (a UUID is fine), otherwise 400 `messages.idempotencyKeyInvalid`. Kept by
 * the server for at least 24 hours. Optional: without it each request is a new one.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/**
 * JSON with object keys sorted at every depth and undefined members left out: what "the same body" of an
 * idempotent retry compares (the server hashes it, the msw mock keeps it).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** 1 to 200 printable ASCII characters (space to tilde), not only spaces. */
export const IDEMPOTENCY_KEY_PATTERN = /^(?=.*[^ ])[\x20-\x7E]{1,200}$/

export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key)
}

/** A replayed answer carries this header with the value `true`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed'
