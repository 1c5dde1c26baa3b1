// The msw handlers' in-memory database: users (plain passwords — a mock, never read back), doctors,
// patients (soft delete through `ativo`, lost-update guard through `versao`), appointments and failed
// sign-ins for the login throttle. Everything here is plain data so a test can look and poke. What a
// store starts from (the seed users, the demo clinic) is in seed.ts, re-exported here so that
// `@/mocks/store` stays the one import of the tests.
import {
  type DicomEvento,
  PARTICULAR_ID,
  PARTICULAR_NOME,
  type AgendamentoDetalhes,
  type Bloqueio,
  type ConfiguracoesClinica,
  type Convenio,
  type Equipamento,
  type Exame,
  type HistoricoAction,
  type Horario,
  type Medico,
  type MedicoDetalhes,
  type MotivoCancelamento,
  type Paciente,
  type Pagamento,
  type Preco,
  type Role,
  type Status,
} from '@contract'
import { demoSeed } from './seed'

export { demoSeed, SEED_ADMIN, SEED_CREDENTIALS, SEED_DOCTOR, SEED_IDS, SEED_STAFF, usersOnlySeed } from './seed'

export interface StoredUser {
  id: string
  nome: string
  /** Lowercased, as the server keeps it unique whatever its case. */
  email: string
  /** Plain text: this is a mock. Never leaves the store. */
  password: string
  role: Role
  /** The doctor this user is ('Minha agenda'), if any. */
  medicoId?: string | null
  /** false once ADMIN deactivated the user (absent: active). */
  ativo?: boolean
  /** true while the password is the one 'Redefinir senha' gave (issue 34). */
  senhaTemporaria?: boolean
}

export type StoredMedico = Medico

/** A patient as read back (`nome` lowercased, `ativo`, `versao`). */
export type StoredPaciente = Paciente

export interface StoredAgendamento {
  id: string
  /** Floating time (clinic wall clock written as UTC), ISO with milliseconds. */
  datahora: string
  anotacao: string
  convenio: string
  valorIncents: number
  estaPago: boolean
  exames: string[]
  userId: string
  pacienteId: string
  medicoId: string
  versao: number
  /** The day's status; absent means agendado. */
  status?: Status
  /** When the patient arrived (ISO instant). */
  chegada?: string
  /** The end (floating ISO); absent: the default, 15 minutes per exam (docs/decisions.md "Agenda and equipment"). */
  fim?: string
  equipamentoId?: string
  encaixe?: boolean
  /** ADMIN confirmed an overlap: left out of the overlap rule, as the server's constraints do. */
  sobreposto?: boolean
  /** When it was booked (ISO instant, the real time as the server's created_at); absent in the seed. */
  createdAt?: string
}

/** A status move or a move taken back (the server's agendamento_status). */
export interface StoredStatusMove {
  agendamentoId: string
  tipo: 'mover' | 'desfazer'
  de: Status
  para: Status
  motivo?: MotivoCancelamento
  texto?: string
  userId: string
  /** ISO instant. */
  at: string
  /** Set on a move taken back. */
  desfeito?: boolean
}

export interface LoginFailure {
  /** Lowercased e-mail. */
  email: string
  /** Epoch milliseconds. */
  at: number
}

/** One entry of the audit trail the mock keeps for /paciente/historico and /agendamento/historico. */
export interface StoredAuditEntry {
  /** ISO UTC. */
  at: string
  action: HistoricoAction
  entity: 'paciente' | 'agendamento'
  entityId: string
  userId: string
  /** Names of the fields written or changed. */
  fields: string[]
}

/** The first answer given under an Idempotency-Key (key: user id, call path and key). */
export interface StoredIdempotentAnswer {
  hash: string
  status: number
  body: unknown
}

export interface StoreData {
  users: StoredUser[]
  medicos: StoredMedico[]
  pacientes: StoredPaciente[]
  agendamentos: StoredAgendamento[]
  loginFailures: LoginFailure[]
  /** Who changed what (the server's audit trail, as the historico calls read it). */
  auditLog: StoredAuditEntry[]
  /** Every status move, oldest first. */
  statusMoves: StoredStatusMove[]
  /** Tokens signed out with POST /users/logout (a sign-in of that user makes its token valid again). */
  revokedTokens: string[]
  /** The clinic's settings once ADMIN saved them (null: the contract's defaults). */
  clinica: ConfiguracoesClinica | null
  /** Each WhatsApp link opened: which appointment, who, when (ISO instant). */
  whatsappAberturas: { agendamentoId: string; userId: string; at: string }[]
  idempotency: Record<string, StoredIdempotentAnswer>
  // the exam catalogue (docs/decisions.md, "Exam catalogue"); 'Particular' is always among the convênios
  exames: Exame[]
  convenios: Convenio[]
  precos: Preco[]
  /** What booking from the catalogue added to an appointment, by its id (payments kept apart). */
  agendamentoCatalogo: Record<string, Omit<AgendamentoDetalhes, 'pagamentos' | 'pagoIncents'>>
  /** Payments (kept when the appointment is deleted, as the server does); `user` holds the id only. */
  pagamentos: (Omit<Pagamento, 'user'> & { userId: string })[]
  /** A Valor that differs from the sum of the prices: the history's 'valor_alterado'. */
  valorChanges: { agendamentoId: string; tabelaIncents: number; valorIncents: number; userId: string; at: string }[]
  /** The agenda's machines, their blocks, and doctors' hours by doctor id (absent: none kept). */
  equipamentos: Equipamento[]
  bloqueios: Bloqueio[]
  medicoHorarios: Record<string, Horario[] | null>
  /** Doctors' tratamento, CRM and specialty by doctor id (absent: 'Dr.' and blanks), issue 14. */
  medicoDetalhes: Record<string, Omit<MedicoDetalhes, 'id' | 'nome'>>
  /** What the machines asked the DICOM service (issue 19): the mock has no DICOM side, tests seed it. */
  dicomEventos: DicomEvento[]
}

/** What a store starts from: any part may be left out (an empty store is `{}`). */
export type StoreSeed = Partial<StoreData>

export interface MockStore extends StoreData {
  /** Puts the store back to its seed (a seed function is evaluated again, so "today" stays today). */
  reset(): void
  /** Replaces the seed and resets to it. */
  reseed(seed: StoreSeed | (() => StoreSeed)): void
  /** The clock of the login throttle and the day's time rules (epoch ms); tests may replace it. */
  now: () => number
}

function cloneSeed(seed: StoreSeed): StoreData {
  return {
    users: (seed.users ?? []).map((u) => ({ ...u })),
    medicos: (seed.medicos ?? []).map((m) => ({ ...m })),
    pacientes: (seed.pacientes ?? []).map((p) => ({ ...p })),
    agendamentos: (seed.agendamentos ?? []).map((a) => ({ ...a, exames: [...a.exames] })),
    loginFailures: (seed.loginFailures ?? []).map((f) => ({ ...f })),
    auditLog: (seed.auditLog ?? []).map((e) => ({ ...e, fields: [...e.fields] })),
    statusMoves: (seed.statusMoves ?? []).map((m) => ({ ...m })),
    revokedTokens: [...(seed.revokedTokens ?? [])],
    clinica: seed.clinica ? { ...seed.clinica } : null,
    whatsappAberturas: (seed.whatsappAberturas ?? []).map((o) => ({ ...o })),
    idempotency: { ...seed.idempotency },
    exames: (seed.exames ?? []).map((e) => ({ ...e })),
    convenios: [
      // as the migration: 'Particular' exists whatever the seed says
      ...(seed.convenios?.some((c) => c.id === PARTICULAR_ID)
        ? []
        : [{ id: PARTICULAR_ID, nome: PARTICULAR_NOME, ans: null, ativo: true }]),
      ...(seed.convenios ?? []).map((c) => ({ ...c })),
    ],
    precos: (seed.precos ?? []).map((p) => ({ ...p })),
    agendamentoCatalogo: structuredClone(seed.agendamentoCatalogo ?? {}),
    pagamentos: (seed.pagamentos ?? []).map((p) => ({ ...p })),
    valorChanges: (seed.valorChanges ?? []).map((v) => ({ ...v })),
    equipamentos: (seed.equipamentos ?? []).map((e) => ({ ...e })),
    bloqueios: (seed.bloqueios ?? []).map((b) => ({ ...b })),
    medicoHorarios: { ...seed.medicoHorarios },
    medicoDetalhes: structuredClone(seed.medicoDetalhes ?? {}),
    dicomEventos: (seed.dicomEventos ?? []).map((e) => ({ ...e })),
  }
}

/**
 * A store over `seed` (default: the demo data; `{}` for an empty store, `usersOnlySeed()` for only the
 * two users). Pass a function to have the seed rebuilt on every reset.
 */
export function createStore(
  seed: StoreSeed | (() => StoreSeed) = () => demoSeed(),
  options: { now?: () => number } = {},
): MockStore {
  let source = seed
  const build = () => cloneSeed(typeof source === 'function' ? source() : source)
  const store: MockStore = {
    ...build(),
    now: options.now ?? (() => Date.now()),
    reset() {
      Object.assign(store, build())
    },
    reseed(next) {
      source = next
      store.reset()
    },
  }
  return store
}

/** Puts a store back to its seed (same as `store.reset()`). */
export function resetStore(store: MockStore): void {
  store.reset()
}

/** A new random id (UUID v4), as the database would give. */
export function newId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  const hex = () => Math.floor(Math.random() * 16).toString(16)
  const block = (n: number) => Array.from({ length: n }, hex).join('')
  return `${block(8)}-${block(4)}-4${block(3)}-${'89ab'[Math.floor(Math.random() * 4)]}${block(3)}-${block(12)}`
}

/** Lowercase without accents: what name search and patient order compare (the server's unaccent). */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
