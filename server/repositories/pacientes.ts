// Patients. `nome` is stored lowercased (the contract lowercases it), `nome_busca` is the same name
// without accents: name search and the list order use it. Inactive patients (soft-deleted) leave every
// list and search but the admin's list of inactive patients; findById returns them (they carry `ativo`).
// Writes that lock rows (update, deactivate, activate) take `tx`: they run inside the caller's transaction,
// the one that also writes the change's audit row (server/routes), and their locks last until it ends.
import { and, asc, eq, like, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { PACIENTE_AUDITED_FIELDS, type Paciente, type PacienteData } from '@contract'
import { agendamentos, pacientes } from '../db/schema'
import { arrayQuery, type ArrayQuery } from './array-rows'
import { changedFields } from './audit'
import { containsPattern, normalizeSearchText, pageWindow, perDatabase, type Executor } from './executor'
import { arrayRowsInSession, sessionRoleColumn, type SessionInStatement } from './sessions'

/** The patient's fields as the contract delivers them after validation (nome lowercased, e-mail too). */
export type PacienteInput = z.output<typeof PacienteData>
/** An update may leave the consent out: it then stays as it was. */
export type PacienteUpdateInput = Omit<PacienteInput, 'aceitaMensagens'> & { aceitaMensagens?: boolean | undefined }

/** `nome_busca` of a name: what name search matches against. */
export const toNomeBusca = normalizeSearchText

/**
 * The patient's answer as PostgreSQL writes it (migration 0030, paciente_json(): the one writer of the contract's
 * Paciente, kept in the row as `paciente_json` by its trigger), read into the object the routes answer and audit.
 * Node never maps a patient's row: a field added to the contract is added to that function
 * (tests/server/paciente-json.test.ts holds it against the contract's schema).
 */
const parsed = (text: string) => JSON.parse(text) as Paciente

function columns(input: PacienteUpdateInput) {
  const nome = input.nome.toLowerCase()
  return {
    nome,
    nomeBusca: toNomeBusca(nome),
    cpf: input.cpf,
    rg: input.rg,
    datanascimento: new Date(input.datanascimento),
    estadocivil: input.estadocivil,
    sexo: input.sexo,
    cor: input.cor,
    naturalidade: input.naturalidade,
    profissao: input.profissao,
    email: input.email,
    telefone: input.telefone,
    endereco: input.endereco,
    numeroendereco: input.numeroendereco,
    bairro: input.bairro,
    cidade: input.cidade,
    estado: input.estado,
    ...(input.aceitaMensagens === undefined ? {} : { aceitaMensagens: input.aceitaMensagens }),
    // optional (issue 14): left out of an update, they keep their value; the columns default to ''
    ...(input.cep === undefined ? {} : { cep: input.cep }),
    ...(input.complemento === undefined ? {} : { complemento: input.complemento }),
    ...(input.nomesocial === undefined ? {} : { nomesocial: input.nomesocial }),
  }
}

// By name: the database has no locale collation, so the unaccented name first (C order), then the
// name itself and the id to make the order total (stable pages).
const byName = [sql`${pacientes.nomeBusca} collate "C"`, sql`${pacientes.nome} collate "C"`, asc(pacientes.id)]

/**
 * One page in name order, as a "deferred join": the page's ids come from an index-only scan of
 * pacientes_ativo_order_idx (ativo, nome_busca, nome, id) — the rows a deep page skips, and the rows a name
 * search tests (`nome_busca LIKE …` is evaluated on the index entry), are never fetched from the table — then
 * only the page's 20 rows are read
 * (bench/journal/2026-11-22-first-day.md, "Deep pages without reading what they skip").
 *
 * Built once per database handle and run with placeholders (building it with drizzle at every call costs CPU:
 * bench/journal/2026-11-22-first-day.md, "Queries built once"). Unnamed statements (`.prepare('')`): PostgreSQL
 * plans each call with its values — a search's plan depends on its pattern (trigram index from 3 letters), and a
 * page's on its offset (a generic plan, made without LIMIT/OFFSET values, joins by hashing the whole table:
 * tests/perf).
 */
function pageQuery(db: Executor, where: SQL | undefined) {
  const ids = db
    .select({ id: pacientes.id })
    .from(pacientes)
    .where(where)
    .orderBy(...byName)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids')
  // run in array mode (array-rows.ts), unnamed: page 1 is one of the hot reads
  // the session's role as the last column (sessions.arrayRowsInSession): the call's only round trip
  return arrayQuery(
    db
      .select({ json: pacientes.pacienteJson, sessionRole: sessionRoleColumn })
      .from(pacientes)
      .innerJoin(ids, eq(pacientes.id, ids.id))
      .orderBy(...byName),
  )
}

function buildPageQueries(db: Executor) {
  return {
    active: pageQuery(db, eq(pacientes.ativo, true)),
    inactive: pageQuery(db, eq(pacientes.ativo, false)),
    search: pageQuery(db, and(eq(pacientes.ativo, true), like(pacientes.nomeBusca, sql.placeholder('pattern')))),
  }
}

const queriesFor = perDatabase(buildPageQueries)

/**
 * A page's patients as the items' JSON texts the answers splice (serializer.ts, answerWithJsonLists), once the
 * session its statement read is settled (plugins/session-check.ts): each row's `paciente_json`, written by
 * PostgreSQL when the patient changed (migrations 0014 and 0030), in order — no row is parsed, built or serialized here
 * (bench/journal/2026-11-26-patient-written-answer.md, "A patient's written answer").
 */
async function pageInSession(
  db: Executor,
  query: ArrayQuery,
  values: Record<string, unknown>,
  session: SessionInStatement,
): Promise<string[]> {
  const rows = await arrayRowsInSession(db, query, values, session)
  return rows.map((r) => r[0] as string)
}

export function listActive(db: Executor, page: number, session: SessionInStatement): Promise<string[]> {
  return pageInSession(db, queriesFor(db).active, pageWindow(page), session)
}

export function listInactive(db: Executor, page: number, session: SessionInStatement): Promise<string[]> {
  return pageInSession(db, queriesFor(db).inactive, pageWindow(page), session)
}

/**
 * Active patients whose name contains `term`, ignoring case and accents. Both sides are already
 * unaccented and lowercased (nome_busca and containsPattern use normalizeSearchText), so a plain LIKE is
 * exact and cheaper per row than ILIKE. From 3 characters the trigram index can serve it; with 1–2
 * characters no trigram exists and the page comes from the ordered index-only scan
 * (bench/journal/2026-11-22-first-day.md, "Short terms: a documented limit").
 */
export function searchByNome(db: Executor, term: string, page: number, session: SessionInStatement): Promise<string[]> {
  return pageInSession(db, queriesFor(db).search, { ...pageWindow(page), pattern: containsPattern(term) }, session)
}

async function findOne(db: Executor, where: ReturnType<typeof and>): Promise<Paciente | undefined> {
  const [row] = await db.select({ json: pacientes.pacienteJson }).from(pacientes).where(where).limit(1)
  return row ? parsed(row.json) : undefined
}

export function findActiveByCpf(db: Executor, cpf: string) {
  return findOne(db, and(eq(pacientes.cpf, cpf), eq(pacientes.ativo, true)))
}

export function findActiveByRg(db: Executor, rg: string) {
  return findOne(db, and(eq(pacientes.rg, rg), eq(pacientes.ativo, true)))
}

/** Whoever has this CPF, active or not (the wizard's early duplicate check, issue 14). */
export function findAnyByCpf(db: Executor, cpf: string) {
  return findOne(db, eq(pacientes.cpf, cpf))
}

/** Whatever `ativo`: the answer carries it. */
export function findById(db: Executor, id: string) {
  return findOne(db, eq(pacientes.id, id))
}

/**
 * Inserts a patient. A CPF or RG used by any patient, active or not, fails on the unique indexes
 * (23505 pacientes_cpf_unique / pacientes_rg_unique → 409): no check-then-insert race.
 */
export async function create(db: Executor, input: PacienteInput, userId: string): Promise<Paciente> {
  const [row] = await db
    .insert(pacientes)
    .values({ ...columns(input), userId })
    .returning({ json: pacientes.pacienteJson })
  return parsed(row!.json)
}

export type UpdateResult =
  { kind: 'ok'; paciente: Paciente; changed: string[] } | { kind: 'notFound' } | { kind: 'stale' }

/**
 * Rewrites an active patient's fields and bumps `versao`. The row is locked first (FOR UPDATE), so the
 * version check and the write see one state: of two editors who read the same `versao`, the second waits,
 * then finds the new `versao` and is refused (stale). Answers the names of the fields that changed.
 */
export async function update(
  tx: Executor,
  id: string,
  input: PacienteUpdateInput,
  versao?: number,
): Promise<UpdateResult> {
  const [current] = await tx
    .select({ ativo: pacientes.ativo, versao: pacientes.versao, json: pacientes.pacienteJson })
    .from(pacientes)
    .where(eq(pacientes.id, id))
    .for('update')
  if (!current || !current.ativo) return { kind: 'notFound' } as const
  if (versao !== undefined && versao !== current.versao) return { kind: 'stale' } as const
  const [row] = await tx
    .update(pacientes)
    .set({ ...columns(input), versao: sql`${pacientes.versao} + 1`, updatedAt: sql`now()` })
    .where(eq(pacientes.id, id))
    .returning({ json: pacientes.pacienteJson })
  // the fields changed, compared on the answer before and after (the kept texts)
  const before = parsed(current.json)
  const paciente = parsed(row!.json)
  return { kind: 'ok', paciente, changed: changedFields(before, paciente, PACIENTE_AUDITED_FIELDS) } as const
}

export type DeactivateResult = 'ok' | 'notFound' | 'hasAppointments'

/**
 * Soft delete. Race-safe against a concurrent booking: this transaction locks the patient row FOR UPDATE
 * first; a booking holds it FOR SHARE while it inserts. Whichever comes second waits for the other to
 * commit, and (READ COMMITTED) each later statement here sees what it committed — so either the booking
 * lands and the delete answers 409, or the delete lands and the booking finds no active patient (404).
 * A single `UPDATE … WHERE NOT EXISTS (…)` is not enough: its subquery keeps the snapshot taken before
 * the lock wait and would miss an appointment committed meanwhile.
 */
export async function deactivate(tx: Executor, id: string): Promise<DeactivateResult> {
  const [locked] = await tx.select({ ativo: pacientes.ativo }).from(pacientes).where(eq(pacientes.id, id)).for('update')
  if (!locked || !locked.ativo) return 'notFound'
  const [row] = await tx
    .update(pacientes)
    .set({ ativo: false, versao: sql`${pacientes.versao} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(pacientes.id, id),
        sql`not exists (select 1 from ${agendamentos} where ${agendamentos.pacienteId} = ${id})`,
      ),
    )
    .returning({ id: pacientes.id })
  return row ? 'ok' : 'hasAppointments'
}

export type ActivateResult = 'activated' | 'alreadyActive' | 'notFound'

/** Reactivates a patient; already active is fine (nothing changes). */
export async function activate(tx: Executor, id: string): Promise<ActivateResult> {
  const [row] = await tx.select({ ativo: pacientes.ativo }).from(pacientes).where(eq(pacientes.id, id)).for('update')
  if (!row) return 'notFound'
  if (row.ativo) return 'alreadyActive'
  await tx
    .update(pacientes)
    .set({ ativo: true, versao: sql`${pacientes.versao} + 1`, updatedAt: sql`now()` })
    .where(eq(pacientes.id, id))
  return 'activated'
}

let lockInSessionQuery: ArrayQuery | undefined

/**
 * Locks an active patient FOR SHARE inside a booking transaction; its name, or undefined. With `session`, the
 * session's role is read by the same statement and settled (plugins/session-check.ts): the booking's first
 * statement checks its session, before anything is written.
 */
export async function lockActiveForBooking(
  tx: Executor,
  id: string,
  session?: SessionInStatement,
): Promise<{ nome: string } | undefined> {
  if (session) {
    // built once for all handles (a transaction is a new handle each time), named, in array mode
    lockInSessionQuery ??= arrayQuery(
      tx
        .select({ nome: pacientes.nome, role: sessionRoleColumn })
        .from(pacientes)
        .where(and(eq(pacientes.id, sql.placeholder('id')), eq(pacientes.ativo, true)))
        .for('share'),
      'pacientes_lock_booking',
    )
    const [row] = await arrayRowsInSession(tx, lockInSessionQuery, { id }, session)
    return row ? { nome: row[0] as string } : undefined
  }
  const [row] = await tx
    .select({ nome: pacientes.nome })
    .from(pacientes)
    .where(and(eq(pacientes.id, id), eq(pacientes.ativo, true)))
    .for('share')
  return row
}
