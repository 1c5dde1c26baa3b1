// The shapes the msw store keeps (store.ts), apart from the store itself so that its seed (seed.ts), which
// store.ts loads, can name them without importing store.ts back. store.ts re-exports them.
import type {
  AgendamentoDetalhes,
  Bloqueio,
  ConfiguracoesClinica,
  ConfiguracoesLaudo,
  FrasePronta,
  ModeloLaudo,
  Convenio,
  DicomEvento,
  Equipamento,
  Exame,
  HistoricoAction,
  Horario,
  Medico,
  MedicoDetalhes,
  MotivoCancelamento,
  Paciente,
  Pagamento,
  Preco,
  Prioridade,
  Role,
  Status,
} from '@contract'
import type { PainelExibicao } from '@contract'
import type { EntregaLaudo } from '@contract'

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
  /** The legal priority declared at arrival (issue 38 point 4); forgotten with the arrival. */
  prioridade?: Prioridade
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
  /** The waiting room's calls (issue 38), oldest first; kept when the appointment is deleted, as the server. */
  chamadas: { id: string; agendamentoId: string; sala: string; userId: string; at: string }[]
  /** The clinic's settings of the laudo once ADMIN saved them (null: the contract's defaults), issue 36. */
  laudoConfiguracoes: ConfiguracoesLaudo | null
  /** TISS data entry (issue 37): convênio settings, cards, solicitantes, guias and the guia counters. */
  tiss: StoredTiss
  /** The laudos (issue 36), one per appointment exam, with their versions (the last not released: the draft). */
  laudos: StoredLaudo[]
  /** The waiting room's TV panels (issue 38); the mock keeps the code and credential as they are. */
  paineis: StoredPainel[]
  /** How the panels name the called patient (absent: 'nome_inicial'). */
  painelExibicao: PainelExibicao
  /** The laudo's templates by exam id, and the stock phrases (issue 36 point 2). */
  modelosLaudo: Record<string, ModeloLaudo>
  frasesProntas: FrasePronta[]
  /** The 'protocolo de retirada' by appointment id, and the last number given (issue 36 point 7). */
  laudoProtocolos: { porAgendamento: Record<string, { numero: string; emitidoEm: string }>; ultimo: number }
  /** The TISS batches (issue 37), each with its file's text (Latin-1 characters, one byte each). */
  lotesTiss: (Omit<import('@contract').LoteTiss, 'valorIncents'> & { xml: string })[]
}

/** A laudo as the server's laudos and laudo_versoes rows keep it. */
export interface StoredLaudo {
  id: string
  agendamentoId: string
  exameId: string
  medicoId: string
  estado: 'Pendente' | 'Em edição' | 'Liberado' | 'Entregue'
  versoes: {
    versao: number
    tecnica: string
    relatorio: string
    impressao: string
    birads: number | null
    revisao: number
    /** ISO instants. */
    salvoEm: string
    liberadoEm: string | null
    /** The release's and retification's (issue 36 points 5–7; absent: not released, version 1, no delivery). */
    sha256?: string | null
    codigoVerificacao?: string | null
    motivoRetificacao?: string | null
    criadoEm?: string
    pdf?: Uint8Array<ArrayBuffer> | null
    entregas?: EntregaLaudo[]
  }[]
}

/** A TV panel of the mock (the server keeps hashes of the code and credential). */
export interface StoredPainel {
  id: string
  nome: string
  criadoEm: string
  ultimoAcesso: string | null
  codigo: string | null
  codigoExpiraEm: string | null
  credencial: string | null
  revogadoEm: string | null
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

/** TISS data entry (issue 37 points 1–3), as the server's tables (migration 0028) keep it. */
export interface StoredTiss {
  /** By convênio id; absent: the defaults. */
  convenios: Record<string, Omit<import('@contract').ConvenioTiss, 'convenioId'>>
  carteirinhas: import('@contract').Carteirinha[]
  solicitantes: import('@contract').MedicoSolicitante[]
  /** By appointment id; senha and the operadora's guia number stay on agendamentoCatalogo. */
  guias: Record<
    string,
    {
      convenioId: string
      numeroGuiaPrestador: number
      dataAutorizacao: string | null
      validadeSenha: string | null
      solicitanteId: string | null
      carater: import('@contract').Carater
      indicacaoClinica: string
    }
  >
  /** The last guia number given, by convênio id. */
  contador: Record<string, number>
}
