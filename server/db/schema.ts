import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
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
    role: text('role', { enum: ['ADMIN', 'USER'] }).notNull().default('USER'),
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
    createdAt: createdAt(),
  },
  (t) => [index('medicos_nome_idx').on(t.nome)],
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ativo: boolean('ativo').notNull().default(true),
    versao: integer('versao').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // A CPF, and an RG, belong to one patient for good, active or not (DESIGN.md).
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
    /** The clinic's wall-clock time written as UTC (DESIGN.md §Time). */
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // one appointment per doctor and date-time: the booking race is decided here
    uniqueIndex('agendamentos_medico_datahora_unique').on(t.medicoId, t.datahora),
    index('agendamentos_datahora_idx').on(t.datahora, t.id),
    index('agendamentos_paciente_idx').on(t.pacienteId, t.datahora),
    check('agendamentos_valor_check', sql`${t.valorIncents} >= 0`),
  ],
)

/** Failed sign-ins, for the login throttle shared by every API process (DESIGN.md). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_lookup_idx').on(t.email, t.ip, t.attemptedAt)],
)

/** Small key/value settings shared by every API process on this database (e.g. the JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
