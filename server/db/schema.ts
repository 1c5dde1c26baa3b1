import { sql } from 'drizzle-orm'
import { FORMAS_PAGAMENTO, MODALIDADES, MOTIVOS_CANCELAMENTO, PAINEL_EXIBICOES, PRIORIDADES, STATUSES } from '@contract'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['ADMIN', 'USER'] })
      .notNull()
      .default('USER'),
    /** The doctor this user is, if any: a linked user opens on 'Minha agenda' (docs/decisions.md). */
    medicoId: uuid('medico_id').references((): AnyPgColumn => medicos.id),
    /** false: the user cannot sign in and every session of theirs is refused (ADMIN deactivated them). */
    ativo: boolean('ativo').notNull().default(true),
    /** The password is the one 'Redefinir senha' gave (issue 34): every call but its change is refused. */
    senhaTemporaria: boolean('senha_temporaria').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // one user per e-mail, whatever its case
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('ADMIN', 'USER')`),
  ],
)

export const medicos = pgTable(
  'medicos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    // issue 14 (docs/decisions.md, "Brazilian forms"): how the doctor is addressed, their CRM and specialty
    tratamento: text('tratamento').notNull().default('Dr.'),
    crm: text('crm').notNull().default(''),
    crmUf: text('crm_uf').notNull().default(''),
    especialidade: text('especialidade').notNull().default(''),
    /** Registro de Qualificação de Especialista (issue 36, migration 0020); '' when not kept. */
    rqe: text('rqe').notNull().default(''),
    /** The doctor's hours per weekday (contract/agenda.ts Horario[]); null: no hours kept, any time. */
    horarios: jsonb('horarios').$type<{ dia: number; inicio: string; fim: string }[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('medicos_nome_idx').on(t.nome)],
)

/** Equipment and rooms (docs/decisions.md "Agenda and equipment"), kept by ADMIN. */
export const equipamentos = pgTable(
  'equipamentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    /** The modality codes it serves (contract/modalities.ts). */
    modalidades: text('modalidades').array().notNull(),
    /** Opening hours per weekday (contract/agenda.ts Horario[]); empty: no hours kept, any time. */
    horarios: jsonb('horarios').$type<{ dia: number; inicio: string; fim: string }[]>().notNull(),
    /** Its DICOM AE title (issue 19, docs/dicom.md): who it is when it asks for its worklist; null: none. */
    aeTitle: text('ae_title'),
    /** Whether its worklist query may name another machine's Scheduled Station AE Title (issue 35; ADMIN sets it). */
    leOutrasWorklists: boolean('le_outras_worklists').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // one key for every unique name (migration 0016, docs/decisions.md "Closed doors")
    uniqueIndex('equipamentos_nome_unique').on(sql`clinica_nome_chave(${t.nome})`),
    uniqueIndex('equipamentos_ae_title_unique').on(sql`clinica_nome_chave(${t.aeTitle})`),
    index('equipamentos_ae_title_idx').on(t.aeTitle),
    // DICOM AE rules (PS3.5 §6.2): 1 to 16 characters, no backslash, no control characters, not all spaces
    check(
      'equipamentos_ae_title_check',
      sql`${t.aeTitle} is null or (char_length(${t.aeTitle}) between 1 and 16 and strpos(${t.aeTitle}, chr(92)) = 0 and ${t.aeTitle} !~ '[[:cntrl:]]' and btrim(${t.aeTitle}) <> '')`,
    ),
  ],
)

/** A period in which a piece of equipment is not available, with its reason ('Manutenção'). */
export const bloqueios = pgTable(
  'bloqueios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    equipamentoId: uuid('equipamento_id')
      .notNull()
      .references(() => equipamentos.id, { onDelete: 'cascade' }),
    /** Floating clinic time (docs/product.md §12), like datahora. */
    inicio: timestamp('inicio', { withTimezone: true, mode: 'date' }).notNull(),
    fim: timestamp('fim', { withTimezone: true, mode: 'date' }).notNull(),
    motivo: text('motivo').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('bloqueios_equipamento_idx').on(t.equipamentoId, t.fim),
    check('bloqueios_periodo_check', sql`${t.fim} > ${t.inicio}`),
  ],
)

export const pacientes = pgTable(
  'pacientes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    /** nome without accents, lowercased: what name search matches against. */
    nomeBusca: text('nome_busca').notNull(),
    cpf: text('cpf').notNull(),
    rg: text('rg').notNull(),
    datanascimento: timestamp('datanascimento', { withTimezone: true, mode: 'date' }).notNull(),
    estadocivil: text('estadocivil').notNull(),
    sexo: text('sexo').notNull(),
    cor: text('cor').notNull(),
    naturalidade: text('naturalidade').notNull(),
    profissao: text('profissao').notNull(),
    email: text('email').notNull(),
    telefone: bigint('telefone', { mode: 'number' }).notNull(),
    endereco: text('endereco').notNull(),
    numeroendereco: integer('numeroendereco').notNull(),
    bairro: text('bairro').notNull(),
    cidade: text('cidade').notNull(),
    estado: text('estado').notNull(),
    // issue 14 (docs/decisions.md, "Brazilian forms"): optional, '' when not given
    cep: text('cep').notNull().default(''),
    complemento: text('complemento').notNull().default(''),
    nomesocial: text('nomesocial').notNull().default(''),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ativo: boolean('ativo').notNull().default(true),
    /** 'Aceita receber mensagens (WhatsApp)' (docs/decisions.md, "Messages and printouts"). */
    aceitaMensagens: boolean('aceita_mensagens').notNull().default(true),
    versao: integer('versao').notNull().default(1),
    /** The stable Patient ID the DICOM worklist gives (issue 19): a number, never the CPF. */
    numero: bigint('numero', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    /**
     * The patient as every call answers it (the contract's Paciente as JSON text), written by PostgreSQL's
     * trigger at every insert and update (migration 0014) with paciente_json() (migration 0030, its one writer):
     * a page is its rows' texts joined.
     */
    pacienteJson: text('paciente_json').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pacientes_numero_unique').on(t.numero),
    // A CPF, and an RG, belong to one patient for good, active or not (docs/product.md §10.4).
    uniqueIndex('pacientes_cpf_unique').on(t.cpf),
    uniqueIndex('pacientes_rg_unique').on(t.rg),
    // the order of every patient list (repositories/pacientes.ts): ativo, then name without accents
    index('pacientes_ativo_order_idx').on(t.ativo, sql`${t.nomeBusca} collate "C"`, sql`${t.nome} collate "C"`, t.id),
    index('pacientes_nome_busca_trgm_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
  ],
)

export const agendamentos = pgTable(
  'agendamentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The clinic's wall-clock time written as UTC (docs/product.md §12). */
    datahora: timestamp('datahora', { withTimezone: true, mode: 'date' }).notNull(),
    anotacao: text('anotacao').notNull().default(''),
    convenio: text('convenio').notNull().default(''),
    valorIncents: integer('valor_in_cents').notNull(),
    estaPago: boolean('esta_pago').notNull().default(false),
    exames: text('exames').array().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id),
    medicoId: uuid('medico_id')
      .notNull()
      .references(() => medicos.id),
    versao: integer('versao').notNull().default(1),
    /** The day's status (contract/status.ts); moves go through repositories/status.ts. */
    status: text('status', { enum: STATUSES }).notNull().default('agendado'),
    /** When the patient arrived ('Registrar chegada'), a real instant. */
    chegada: timestamp('chegada', { withTimezone: true, mode: 'date' }),
    /** The end, floating clinic time: [datahora, fim) is what the overlap constraints compare (migration 0009). */
    fim: timestamp('fim', { withTimezone: true, mode: 'date' }).notNull(),
    /** The machine or room booked, if any. */
    equipamentoId: uuid('equipamento_id').references(() => equipamentos.id),
    /** Booked outside hours or inside a block because ADMIN pressed 'Encaixar mesmo assim'. */
    encaixe: boolean('encaixe').notNull().default(false),
    /** ADMIN explicitly confirmed an overlap too: left out of the exclusion constraints. */
    sobreposto: boolean('sobreposto').notNull().default(false),
    /** The DICOM Accession Number (issue 19): unique, stable; the Study Instance UID derives from `id`. */
    acesso: bigint('acesso', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The appointment as the agenda shows it (contract's AgendaItem), JSON text with the names: written by
     * PostgreSQL's triggers with agenda_item_json() on every change of what it shows, renames included
     * (migrations 0012, 0019), so that a day's agenda is its items joined and not 280 records written at each
     * read. Never set by the server.
     */
    agendaItem: text('agenda_item').notNull().default(''),
    /**
     * The appointment as the specification's calls answer it (contract's Agendamento), JSON text written by
     * the same triggers with agendamento_json() (migrations 0013, 0019): every answer is this text, a day's list
     * its rows' texts joined. Never set by the server.
     */
    agendamentoJson: text('agendamento_json').notNull().default(''),
    /** The legal priority declared at arrival (migration 0022; contract/waiting-room.ts); pessoa idosa is computed. */
    prioridade: text('prioridade', { enum: PRIORIDADES }),
  },
  (t) => [
    uniqueIndex('agendamentos_acesso_unique').on(t.acesso),
    // one live appointment per doctor and date-time: the booking race is decided here; a cancelled or
    // missed appointment frees its time for another booking
    uniqueIndex('agendamentos_medico_datahora_unique')
      .on(t.medicoId, t.datahora)
      .where(sql`${t.status} not in ('faltou', 'cancelado') and not ${t.sobreposto}`),
    // one doctor's list (listByMedico, the doctor filter) in datahora order, whatever the status: the
    // partial unique index above cannot serve a query that does not exclude those statuses
    index('agendamentos_medico_datahora_idx').on(t.medicoId, t.datahora),
    check('agendamentos_status_check', sql`${t.status} in (${sql.raw(STATUSES.map((v) => `'${v}'`).join(', '))})`),
    index('agendamentos_datahora_idx').on(t.datahora, t.id),
    index('agendamentos_paciente_idx').on(t.pacienteId, t.datahora),
    // one machine's day on the agenda and in the free-time search
    index('agendamentos_equipamento_datahora_idx').on(t.equipamentoId, t.datahora),
    // the laudo's worklist (migration 0023): only the appointments whose exams await a laudo
    index('agendamentos_laudo_trabalho_idx')
      .on(t.datahora)
      .where(sql`${t.status} in ('em_atendimento', 'realizado')`),
    check('agendamentos_fim_check', sql`${t.fim} > ${t.datahora}`),
    check('agendamentos_valor_check', sql`${t.valorIncents} >= 0`),
    check(
      'agendamentos_prioridade_check',
      sql`${t.prioridade} is null or ${t.prioridade} in (${sql.raw(PRIORIDADES.map((v) => `'${v}'`).join(', '))})`,
    ),
  ],
)

/** Failed sign-ins, for the login throttle shared by every API process (docs/product.md §15). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_lookup_idx').on(t.email, t.ip, t.attemptedAt),
    // the per-address limit (across e-mails), the global ceiling and the purge
    index('login_attempts_ip_idx').on(t.ip, t.attemptedAt),
    index('login_attempts_at_idx').on(t.attemptedAt),
  ],
)

/** Small key/value settings shared by every API process on this database (e.g. the JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/**
 * The audit trail (Lei 13.787/2018, LGPD arts. 37 and 46): who (user id, or null), what (action), on which
 * record (entity kind and id), when, from which address, and the NAMES of the fields that changed — never
 * their values, never documents, names or e-mails. Written in the same transaction as the change it
 * records. Append-only: a trigger (migration 0002) raises on UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: uuid('entity_id'),
    ip: text('ip'),
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The call refused (401/403): its path, e.g. `/paciente/register`. */
    call: text('call'),
    /** The status of a refused call (401, 403). */
    status: smallint('status'),
    /** Failed sign-in: a keyed hash (HMAC) of the e-mail tried, to correlate attempts; never the e-mail. */
    subjectHash: text('subject_hash'),
    /**
     * Anonymous failures (a failed sign-in, a request without a valid token) are aggregated: one row per
     * minute (`bucket`), address, action, call and e-mail hash, whose `count` rises (migration 0004's
     * trigger allows that one change). Null on every other row.
     */
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at, t.id),
    index('audit_log_at_idx').on(t.at),
    uniqueIndex('audit_log_bucket_unique')
      .on(
        t.bucket,
        sql`coalesce(${t.ip}, '')`,
        t.action,
        sql`coalesce(${t.call}, '')`,
        sql`coalesce(${t.subjectHash}, '')`,
      )
      .where(sql`${t.bucket} is not null`),
    check(
      'audit_log_action_check',
      sql`${t.action} in ('create', 'update', 'delete', 'reactivate', 'export', 'status', 'status_desfeito', 'login', 'login_failed', 'logout', 'access_denied', 'view')`,
    ),
  ],
)

/**
 * Sessions: one row per token handed out (its `jti`). Checked on every authenticated request, so a
 * sign-out (revoked_at) holds on every API process on this database.
 */
export const sessions = pgTable(
  'sessions',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
)

/**
 * Idempotency keys of the register calls: the first successful answer to (user, call, key), replayed to a
 * retry. The primary key decides a race between two requests with one key (the second waits for the
 * first's transaction, then replays its answer). Kept at least 24 hours (purged after 48).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    call: text('call').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the validated body (canonical JSON). */
    requestHash: text('request_hash').notNull(),
    /** The answer, set in the same transaction as the insert (never seen unset by another transaction). */
    status: smallint('status'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.call, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/**
 * Every status move of an appointment and every move taken back ('Desfazer'): who, when, from, to, and a
 * cancellation's motivo and text. `desfeito_em` marks a move taken back. Kept when the appointment is
 * deleted, like its audit trail (the history of an appointment outlives it).
 */
export const agendamentoStatus = pgTable(
  'agendamento_status',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agendamentoId: uuid('agendamento_id').notNull(),
    /** 'mover' (a move) or 'desfazer' (a move taken back: `de` is the status left, `para` the one restored). */
    tipo: text('tipo', { enum: ['mover', 'desfazer'] }).notNull(),
    de: text('de', { enum: STATUSES }).notNull(),
    para: text('para', { enum: STATUSES }).notNull(),
    motivo: text('motivo', { enum: MOTIVOS_CANCELAMENTO }),
    texto: text('texto'),
    /** Who moved: a user, or (issue 19) a machine through DICOM MPPS — exactly one of the two. */
    userId: uuid('user_id').references(() => users.id),
    equipamentoId: uuid('equipamento_id').references(() => equipamentos.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    desfeitoEm: timestamp('desfeito_em', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('agendamento_status_agendamento_idx').on(t.agendamentoId, t.id),
    // the reports' look-up of an appointment's start and cancellation still in effect (repositories/
    // reports.ts): an index-only scan of one small entry per appointment (docs/decisions.md, "Reports")
    index('agendamento_status_relatorio_idx')
      .on(t.agendamentoId, t.para, t.id, t.at)
      .where(sql`${t.tipo} = 'mover' and ${t.desfeitoEm} is null and ${t.para} in ('em_atendimento', 'cancelado')`),
    check('agendamento_status_tipo_check', sql`${t.tipo} in ('mover', 'desfazer')`),
    check('agendamento_status_ator_check', sql`num_nonnulls(${t.userId}, ${t.equipamentoId}) = 1`),
  ],
)

/**
 * What the DICOM service answered (issue 19, docs/decisions.md "DICOM worklist"): each worklist query and
 * procedure step received, and each association refused — time, calling AE title, the machine when known,
 * how many answers, the outcome, the accession number of a step. No personal data: no name, no query text.
 * ADMIN reads the latest per machine to help a technician set it up.
 */
export const dicomEventos = pgTable(
  'dicom_eventos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    aeTitle: text('ae_title').notNull(),
    equipamentoId: uuid('equipamento_id').references(() => equipamentos.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['worklist', 'mpps', 'associacao'] }).notNull(),
    respostas: integer('respostas').notNull().default(0),
    /** 'ok', or what went wrong in a few words (no personal data). */
    resultado: text('resultado').notNull(),
    acesso: bigint('acesso', { mode: 'number' }),
    /** An MPPS step's state (IN PROGRESS, COMPLETED, DISCONTINUED) and a discontinuation's reason code meaning. */
    detalhe: text('detalhe'),
    /** An MPPS step's SOP Instance UID: an N-SET names only it, so the step's N-CREATE row gives its accession. */
    instancia: text('instancia'),
    /** A refused association (issue 35): the address; refusals are one row per minute (`bucket`), address, AE title and reason, whose `count` rises. */
    ip: text('ip'),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    index('dicom_eventos_equipamento_idx').on(t.equipamentoId, t.at),
    uniqueIndex('dicom_eventos_bucket_unique')
      .on(t.bucket, sql`coalesce(${t.ip}, '')`, t.aeTitle, t.resultado)
      .where(sql`${t.bucket} is not null`),
    index('dicom_eventos_instancia_idx')
      .on(t.instancia)
      .where(sql`${t.instancia} is not null`),
    check('dicom_eventos_tipo_check', sql`${t.tipo} in ('worklist', 'mpps', 'associacao')`),
  ],
)

/**
 * One number per clinic day, bumped by a trigger (migration 0003) whenever an appointment of that day is
 * inserted, changed or deleted: what open boards poll (POST /agendamento/versaoDia) to know when to reload.
 */
export const agendaVersoes = pgTable('agenda_versoes', {
  dia: date('dia', { mode: 'string' }).primaryKey(),
  versao: bigint('versao', { mode: 'number' }).notNull(),
})

/**
 * What the token-signing secret is derived with (one row, or none). `npm run restore` writes a new value
 * unless told otherwise, so that no token issued before a restore is accepted after it — the dump carries
 * app_settings, and with it the secret (docs/decisions.md, "Reliability").
 */
export const signingEpoch = pgTable(
  'signing_epoch',
  {
    id: boolean('id').primaryKey().default(true),
    epoch: text('epoch').notNull(),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('signing_epoch_single_row', sql`${t.id}`)],
)

/**
 * The clinic's settings (docs/decisions.md, "Messages and printouts"): one row (id 1), written by ADMIN;
 * read by every printout and message. The logo is a small data URL (at most 48 KB of image).
 */
export const clinicaConfiguracoes = pgTable(
  'clinica_configuracoes',
  {
    id: smallint('id').primaryKey().default(1),
    nome: text('nome').notNull(),
    endereco: text('endereco').notNull(),
    telefone: text('telefone').notNull(),
    cnpj: text('cnpj').notNull(),
    logo: text('logo'),
    modeloMensagem: text('modelo_mensagem').notNull(),
    /** The clinic's opening hours (migration 0017); null: never saved, DEFAULT_CLINIC_HOURS. */
    horarios: jsonb('horarios').$type<{ dia: number; inicio: string; fim: string }[]>(),
    /** How a TV panel names the called patient (migration 0022, contract/waiting-room.ts). */
    painelExibicao: text('painel_exibicao', { enum: PAINEL_EXIBICOES }).notNull().default('nome_inicial'),
    // the laudo (issue 36, migration 0020): the responsável técnico, CNES, the PACS viewer's URL template, and
    // whether laudos are released for a handwritten signature
    rtNome: text('rt_nome').notNull().default(''),
    rtCrm: text('rt_crm').notNull().default(''),
    rtCrmUf: text('rt_crm_uf').notNull().default(''),
    cnes: text('cnes').notNull().default(''),
    pacsUrl: text('pacs_url').notNull().default(''),
    assinaturaManual: boolean('assinatura_manual').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('clinica_configuracoes_one_row', sql`${t.id} = 1`),
    check('clinica_configuracoes_logo_size', sql`${t.logo} is null or length(${t.logo}) <= 70000`),
    check(
      'clinica_configuracoes_painel_exibicao_check',
      sql`${t.painelExibicao} in (${sql.raw(PAINEL_EXIBICOES.map((v) => `'${v}'`).join(', '))})`,
    ),
    check('clinica_configuracoes_horarios_array', sql`${t.horarios} is null or jsonb_typeof(${t.horarios}) = 'array'`),
  ],
)

/**
 * Each time someone opened an appointment's WhatsApp link ('aberto': the app cannot know whether the
 * message was sent). Who and when; the list shows the latest. Goes with its appointment.
 */
export const whatsappAberturas = pgTable(
  'whatsapp_aberturas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agendamentoId: uuid('agendamento_id')
      .notNull()
      .references(() => agendamentos.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_aberturas_agendamento_idx').on(t.agendamentoId, t.at)],
)

// ---- the exam catalogue, convênios, prices and payments (docs/decisions.md, "Exam catalogue") ----
// Names are unique whatever their case and accents: expression indexes over clinica_nome_chave() (an
// immutable wrapper of the unaccent extension), written by hand at the end of migration 0008.

export const exames = pgTable(
  'exames',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    modalidade: text('modalidade', { enum: MODALIDADES }).notNull(),
    /** Minutes. */
    duracao: integer('duracao').notNull(),
    preparo: text('preparo').notNull().default(''),
    tuss: text('tuss'),
    ativo: boolean('ativo').notNull().default(true),
    /** Business days from the exam to its laudo's due date (issue 36, migration 0020). */
    prazoLaudoDias: smallint('prazo_laudo_dias').notNull().default(2),
    createdAt: createdAt(),
  },
  (t) => [
    check('exames_prazo_laudo_check', sql`${t.prazoLaudoDias} between 0 and 60`),
    check('exames_modalidade_check', sql`${t.modalidade} in (${sql.raw(MODALIDADES.map((v) => `'${v}'`).join(', '))})`),
    check('exames_duracao_check', sql`${t.duracao} between 5 and 480`),
    check('exames_tuss_check', sql`${t.tuss} ~ '^[0-9]{8}$'`),
    check('exames_preparo_check', sql`char_length(${t.preparo}) <= 1000`),
  ],
)

export const convenios = pgTable(
  'convenios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    ans: text('ans'),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('convenios_ans_check', sql`${t.ans} ~ '^[0-9]{6}$'`)],
)

/** One price per exam and convênio; removed with either. */
export const precos = pgTable(
  'precos',
  {
    exameId: uuid('exame_id')
      .notNull()
      .references(() => exames.id, { onDelete: 'cascade' }),
    convenioId: uuid('convenio_id')
      .notNull()
      .references(() => convenios.id, { onDelete: 'cascade' }),
    valorIncents: integer('valor_in_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'precos_pkey', columns: [t.exameId, t.convenioId] }),
    index('precos_convenio_idx').on(t.convenioId),
    check('precos_valor_check', sql`${t.valorIncents} >= 0`),
  ],
)

/**
 * What booking from the catalogue adds to an appointment: the convênio chosen (a convênio in use cannot be
 * deleted: the foreign key refuses), its card, guide and authorisation, and the sum of the prices then.
 */
export const agendamentoCatalogo = pgTable('agendamento_catalogo', {
  agendamentoId: uuid('agendamento_id')
    .primaryKey()
    .references(() => agendamentos.id, { onDelete: 'cascade' }),
  convenioId: uuid('convenio_id').references(() => convenios.id),
  carteirinha: text('carteirinha').notNull().default(''),
  guia: text('guia').notNull().default(''),
  senhaAutorizacao: text('senha_autorizacao').notNull().default(''),
  tabelaIncents: integer('tabela_in_cents'),
})

/** Each catalogue exam of an appointment as it was when booked (name, price, duration, preparo). */
export const agendamentoExames = pgTable(
  'agendamento_exames',
  {
    agendamentoId: uuid('agendamento_id')
      .notNull()
      .references(() => agendamentos.id, { onDelete: 'cascade' }),
    posicao: smallint('posicao').notNull(),
    // no cascade: an exam that was booked is deactivated, never deleted
    exameId: uuid('exame_id')
      .notNull()
      .references(() => exames.id),
    nome: text('nome').notNull(),
    valorIncents: integer('valor_in_cents'),
    duracao: integer('duracao').notNull(),
    preparo: text('preparo').notNull(),
  },
  (t) => [
    primaryKey({ name: 'agendamento_exames_pkey', columns: [t.agendamentoId, t.posicao] }),
    index('agendamento_exames_exame_idx').on(t.exameId),
  ],
)

/**
 * Payments at the desk. Like the status moves, kept when the appointment is deleted (its history outlives
 * it), so no foreign key to agendamentos.
 */
export const pagamentos = pgTable(
  'pagamentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agendamentoId: uuid('agendamento_id').notNull(),
    forma: text('forma', { enum: FORMAS_PAGAMENTO }).notNull(),
    valorIncents: integer('valor_in_cents').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('pagamentos_agendamento_idx').on(t.agendamentoId, t.at),
    check('pagamentos_valor_check', sql`${t.valorIncents} > 0`),
    check('pagamentos_forma_check', sql`${t.forma} in (${sql.raw(FORMAS_PAGAMENTO.map((v) => `'${v}'`).join(', '))})`),
  ],
)
// Migration 0016 (issue 35) adds triggers drizzle does not describe: pagamentos_within_value (a payment at most
// what remains to be paid, dated no earlier than 30 days before the booking) and agendamentos_keep_received
// (an appointment with money received or 'Realizado' is never deleted).

/** Names that migration 0016 found clashing under clinica_nome_chave, and how each was settled. */
export const nomesEmConflito = pgTable('nomes_em_conflito', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tabela: text('tabela').notNull(),
  coluna: text('coluna').notNull(),
  registroId: uuid('registro_id').notNull(),
  valorAntigo: text('valor_antigo').notNull(),
  /** The name it was given (null: the AE title was taken away). */
  valorNovo: text('valor_novo'),
  mantidoId: uuid('mantido_id').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/** A Valor that differs from the sum of the catalogue's prices: who set it, when, both amounts (history). */
export const agendamentoValores = pgTable(
  'agendamento_valores',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agendamentoId: uuid('agendamento_id').notNull(),
    tabelaIncents: integer('tabela_in_cents').notNull(),
    valorIncents: integer('valor_in_cents').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('agendamento_valores_agendamento_idx').on(t.agendamentoId, t.id)],
)

/**
 * The waiting room (issue 38, migration 0022): each call of a waiting patient to a room, by whom and when.
 * Kept when the appointment is deleted, like its status moves (the history of an appointment outlives it).
 */
export const chamadas = pgTable(
  'chamadas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agendamentoId: uuid('agendamento_id').notNull(),
    sala: text('sala').notNull(),
    chamadoPor: uuid('chamado_por')
      .notNull()
      .references(() => users.id),
    chamadoEm: timestamp('chamado_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('chamadas_agendamento_idx').on(t.agendamentoId, t.chamadoEm),
    index('chamadas_chamado_em_idx').on(t.chamadoEm, t.id),
    check('chamadas_sala_check', sql`char_length(btrim(${t.sala})) between 1 and 60`),
  ],
)

/** A TV panel (issue 38): paired with a one-time code, then read with a device credential; both kept hashed. */
export const paineis = pgTable(
  'paineis',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    codigoPareamentoHash: text('codigo_pareamento_hash'),
    codigoExpiraEm: timestamp('codigo_expira_em', { withTimezone: true, mode: 'date' }),
    credencialHash: text('credencial_hash'),
    criadoEm: timestamp('criado_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revogadoEm: timestamp('revogado_em', { withTimezone: true, mode: 'date' }),
    ultimoAcesso: timestamp('ultimo_acesso', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('paineis_codigo_unique')
      .on(t.codigoPareamentoHash)
      .where(sql`${t.codigoPareamentoHash} is not null`),
    uniqueIndex('paineis_credencial_unique')
      .on(t.credencialHash)
      .where(sql`${t.credencialHash} is not null`),
    check('paineis_nome_check', sql`char_length(btrim(${t.nome})) between 1 and 60`),
    check('paineis_codigo_check', sql`(${t.codigoPareamentoHash} is null) = (${t.codigoExpiraEm} is null)`),
  ],
)

// drizzle 0.45 has no bytea column: the signed PDF's bytes as a Buffer
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/** A laudo's template per catalogue exam (issue 36): its three sections, with placeholders. */
export const modelosLaudo = pgTable('modelos_laudo', {
  exameId: uuid('exame_id')
    .primaryKey()
    .references(() => exames.id, { onDelete: 'cascade' }),
  tecnica: text('tecnica').notNull().default(''),
  relatorio: text('relatorio').notNull().default(''),
  impressao: text('impressao').notNull().default(''),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/** Stock phrases per modality, inserted by their short code (issue 36). */
export const frasesProntas = pgTable(
  'frases_prontas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modalidade: text('modalidade', { enum: MODALIDADES }).notNull(),
    codigo: text('codigo').notNull(),
    texto: text('texto').notNull(),
  },
  (t) => [
    uniqueIndex('frases_prontas_codigo_unique').on(t.modalidade, t.codigo),
    check('frases_prontas_codigo_check', sql`${t.codigo} ~ '^[a-z0-9]{1,12}$'`),
    check(
      'frases_prontas_modalidade_check',
      sql`${t.modalidade} in (${sql.raw(MODALIDADES.map((v) => `'${v}'`).join(', '))})`,
    ),
  ],
)

/** One laudo per appointment exam (issue 36); no cascade from the appointment: a laudo is a medical record. */
export const laudos = pgTable(
  'laudos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agendamentoId: uuid('agendamento_id')
      .notNull()
      .references(() => agendamentos.id),
    exameId: uuid('exame_id')
      .notNull()
      .references(() => exames.id),
    medicoId: uuid('medico_id').references(() => medicos.id),
    estado: text('estado').notNull().default('Pendente'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('laudos_agendamento_exame_unique').on(t.agendamentoId, t.exameId),
    check('laudos_estado_check', sql`${t.estado} in ('Pendente', 'Em edição', 'Liberado', 'Entregue')`),
  ],
)

/**
 * A laudo's versions: the draft's text with its revision (the autosave's optimistic lock); once released
 * (liberado_em set) the database refuses any UPDATE or DELETE of the row (trigger of migration 0020).
 */
export const laudoVersoes = pgTable(
  'laudo_versoes',
  {
    laudoId: uuid('laudo_id')
      .notNull()
      .references(() => laudos.id),
    versao: integer('versao').notNull(),
    tecnica: text('tecnica').notNull().default(''),
    relatorio: text('relatorio').notNull().default(''),
    impressao: text('impressao').notNull().default(''),
    birads: smallint('birads'),
    revisao: integer('revisao').notNull().default(0),
    salvoPor: uuid('salvo_por').references(() => users.id),
    salvoEm: timestamp('salvo_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    liberadoEm: timestamp('liberado_em', { withTimezone: true, mode: 'date' }),
    pdf: bytea('pdf'),
    sha256: text('sha256'),
    motivoRetificacao: text('motivo_retificacao'),
    codigoVerificacao: text('codigo_verificacao'),
    /** When the version was opened (migration 0024): the previous version's 'Retificado em'. */
    criadoEm: timestamp('criado_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'laudo_versoes_pkey', columns: [t.laudoId, t.versao] }),
    uniqueIndex('laudo_versoes_codigo_unique').on(t.codigoVerificacao),
    check('laudo_versoes_birads_check', sql`${t.birads} between 0 and 6`),
  ],
)
/** A doctor's A1 certificate (issue 36 point 5): the PKCS#12 bytes and what 'Certificado digital' shows. */
export const medicoCertificados = pgTable('medico_certificados', {
  medicoId: uuid('medico_id')
    .primaryKey()
    .references(() => medicos.id, { onDelete: 'cascade' }),
  p12: bytea('p12').notNull(),
  titular: text('titular').notNull(),
  emissor: text('emissor').notNull(),
  validoAte: timestamp('valido_ate', { withTimezone: true, mode: 'date' }).notNull(),
  serial: text('serial').notNull(),
  enviadoEm: timestamp('enviado_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/** A TISS batch (issue 37, migration 0029): its file's bytes, kept, and its number, sequential per convênio. */
export const tissLotes = pgTable(
  'tiss_lotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    convenioId: uuid('convenio_id')
      .notNull()
      .references(() => convenios.id),
    numero: integer('numero').notNull(),
    competencia: text('competencia').notNull(),
    situacao: text('situacao', { enum: ['gerado', 'enviado'] })
      .notNull()
      .default('gerado'),
    xml: bytea('xml').notNull(),
    hash: text('hash').notNull(),
    geradoEm: timestamp('gerado_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    geradoPor: uuid('gerado_por')
      .notNull()
      .references(() => users.id),
    enviadoEm: date('enviado_em', { mode: 'string' }),
    protocolo: text('protocolo'),
  },
  (t) => [uniqueIndex('tiss_lotes_convenio_numero_unique').on(t.convenioId, t.numero)],
)

/** A guia of a TISS batch: one per appointment, ever; its return from the operadora ('Pago', 'Glosado', 'Recurso'). */
export const tissLoteGuias = pgTable(
  'tiss_lote_guias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loteId: uuid('lote_id')
      .notNull()
      .references(() => tissLotes.id, { onDelete: 'cascade' }),
    convenioId: uuid('convenio_id')
      .notNull()
      .references(() => convenios.id),
    agendamentoId: uuid('agendamento_id')
      .notNull()
      .references(() => agendamentos.id),
    numeroGuia: text('numero_guia').notNull(),
    paciente: text('paciente').notNull(),
    valorIncents: integer('valor_in_cents').notNull(),
    situacao: text('situacao', { enum: ['aguardando', 'pago', 'glosado', 'recurso'] })
      .notNull()
      .default('aguardando'),
    valorPagoIncents: integer('valor_pago_in_cents'),
    glosaCodigo: text('glosa_codigo'),
    glosaMotivo: text('glosa_motivo'),
    recursoTexto: text('recurso_texto'),
    recursoData: date('recurso_data', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('tiss_lote_guias_agendamento_unique').on(t.agendamentoId),
    uniqueIndex('tiss_lote_guias_convenio_numero_unique').on(t.convenioId, t.numeroGuia),
    index('tiss_lote_guias_lote_idx').on(t.loteId),
  ],
)

// ---- TISS data (issue 37 points 1–3, migration 0028; docs/decisions.md "TISS data") ----

/** A convênio's TISS settings; a convênio without a row has the defaults. */
export const convenioTiss = pgTable(
  'convenio_tiss',
  {
    convenioId: uuid('convenio_id')
      .primaryKey()
      .references(() => convenios.id, { onDelete: 'cascade' }),
    codigoPrestador: text('codigo_prestador').notNull().default(''),
    versaoTiss: text('versao_tiss').notNull().default('04.03.00'),
    guiasPorLote: smallint('guias_por_lote').notNull().default(100),
  },
  (t) => [
    check('convenio_tiss_codigo_check', sql`${t.codigoPrestador} ~ '^[0-9A-Za-z]{0,14}$'`),
    check('convenio_tiss_versao_check', sql`${t.versaoTiss} in ('04.03.00')`),
    check('convenio_tiss_guias_check', sql`${t.guiasPorLote} between 1 and 100`),
  ],
)

/** 'Exige autorização': the exams a convênio authorises beforehand. */
export const convenioExameAutorizacao = pgTable(
  'convenio_exame_autorizacao',
  {
    convenioId: uuid('convenio_id')
      .notNull()
      .references(() => convenios.id, { onDelete: 'cascade' }),
    exameId: uuid('exame_id')
      .notNull()
      .references(() => exames.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'convenio_exame_autorizacao_pkey', columns: [t.convenioId, t.exameId] })],
)

/** A patient's card on one convênio: one per patient and convênio. */
export const carteirinhas = pgTable(
  'carteirinhas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id, { onDelete: 'cascade' }),
    convenioId: uuid('convenio_id')
      .notNull()
      .references(() => convenios.id, { onDelete: 'cascade' }),
    numero: text('numero').notNull(),
    plano: text('plano').notNull().default(''),
    validade: date('validade', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('carteirinhas_paciente_convenio_unique').on(t.pacienteId, t.convenioId),
    index('carteirinhas_convenio_idx').on(t.convenioId),
    check('carteirinhas_numero_check', sql`char_length(btrim(${t.numero})) between 1 and 30`),
  ],
)

/** The requesting doctors ('Médico solicitante'), one per council registration. */
export const medicosSolicitantes = pgTable(
  'medicos_solicitantes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    conselho: text('conselho').notNull(),
    numero: text('numero').notNull(),
    uf: text('uf').notNull(),
    cbo: text('cbo').notNull(),
  },
  (t) => [
    uniqueIndex('medicos_solicitantes_registro_unique').on(t.conselho, t.numero, t.uf),
    check('medicos_solicitantes_cbo_check', sql`${t.cbo} ~ '^[0-9]{6}$'`),
    check('medicos_solicitantes_numero_check', sql`${t.numero} ~ '^[0-9]{1,15}$'`),
  ],
)

/** The last guia number given per convênio (updated in the transaction that gives the next one). */
export const tissGuiaContador = pgTable('tiss_guia_contador', {
  convenioId: uuid('convenio_id')
    .primaryKey()
    .references(() => convenios.id, { onDelete: 'cascade' }),
  ultimo: integer('ultimo').notNull(),
})

/** A convênio appointment's guia; senha and the operadora's number stay on agendamento_catalogo. */
export const tissGuias = pgTable(
  'tiss_guias',
  {
    agendamentoId: uuid('agendamento_id')
      .primaryKey()
      .references(() => agendamentos.id, { onDelete: 'cascade' }),
    convenioId: uuid('convenio_id')
      .notNull()
      .references(() => convenios.id),
    numeroGuiaPrestador: integer('numero_guia_prestador').notNull(),
    dataAutorizacao: date('data_autorizacao', { mode: 'string' }),
    validadeSenha: date('validade_senha', { mode: 'string' }),
    solicitanteId: uuid('solicitante_id').references(() => medicosSolicitantes.id),
    carater: text('carater').notNull().default('1'),
    indicacaoClinica: text('indicacao_clinica').notNull().default(''),
  },
  (t) => [
    uniqueIndex('tiss_guias_convenio_numero_unique').on(t.convenioId, t.numeroGuiaPrestador),
    index('tiss_guias_solicitante_idx').on(t.solicitanteId),
    check('tiss_guias_carater_check', sql`${t.carater} in ('1', '2')`),
    check('tiss_guias_numero_check', sql`${t.numeroGuiaPrestador} > 0`),
  ],
)

/** 'Entregar laudo' (issue 36 point 7, migration 0024): who took which released version, and when. */
export const laudoEntregas = pgTable(
  'laudo_entregas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    laudoId: uuid('laudo_id').notNull(),
    versao: integer('versao').notNull(),
    recebedor: text('recebedor', { enum: ['paciente', 'terceiro'] }).notNull(),
    nome: text('nome').notNull().default(''),
    /** A third party's CPF; never answered, never logged. */
    cpf: text('cpf'),
    entregueEm: timestamp('entregue_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    entreguePor: uuid('entregue_por').references(() => users.id),
  },
  (t) => [
    index('laudo_entregas_laudo').on(t.laudoId, t.versao),
    // the desk's list of deliveries by day (migration 0033)
    index('laudo_entregas_entregue_em').on(t.entregueEm),
  ],
)

/** The 'protocolo de retirada' (issue 36 point 7, migration 0033): given once per appointment at the arrival. */
export const laudoProtocolos = pgTable(
  'laudo_protocolos',
  {
    agendamentoId: uuid('agendamento_id')
      .primaryKey()
      .references(() => agendamentos.id, { onDelete: 'cascade' }),
    /** '2026-000042': the year and the sequence laudo_protocolo_seq. */
    numero: text('numero').notNull(),
    emitidoEm: timestamp('emitido_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('laudo_protocolos_numero_unique').on(t.numero),
    check('laudo_protocolos_numero_check', sql`${t.numero} ~ '^\\d{4}-\\d{6,}$'`),
  ],
)
