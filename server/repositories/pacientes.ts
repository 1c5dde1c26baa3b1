// Patients. `nome` is stored lowercased (the contract lowercases it), `nome_busca` is the same name
// without accents: name search and the list order use it. Inactive patients (soft-deleted) leave every
// list and search but the admin's list of inactive patients; findById returns them (they carry `ativo`).
import { and, asc, eq, ilike, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Paciente, PacienteData } from '../../src/contract'
import { agendamentos, pacientes } from '../db/schema'
import { containsPattern, normalizeSearchText, pageWindow, type Executor } from './executor'

/** The patient's fields as the contract delivers them after validation (nome lowercased, e-mail too). */
export type PacienteInput = z.output<typeof PacienteData>

type PacienteRow = typeof pacientes.$inferSelect

/** `nome_busca` of a name: what name search matches against. */
export const toNomeBusca = normalizeSearchText

export function toPaciente(row: PacienteRow): Paciente {
  return {
    id: row.id,
    nome: row.nome,
    cpf: row.cpf,
    rg: row.rg,
    datanascimento: row.datanascimento.toISOString(),
    estadocivil: row.estadocivil as Paciente['estadocivil'],
    sexo: row.sexo as Paciente['sexo'],
    cor: row.cor as Paciente['cor'],
    naturalidade: row.naturalidade,
    profissao: row.profissao,
    email: row.email,
    telefone: row.telefone,
    endereco: row.endereco,
    numeroendereco: row.numeroendereco,
    bairro: row.bairro,
    cidade: row.cidade,
    estado: row.estado,
    userId: row.userId,
    ativo: row.ativo,
    versao: row.versao,
  }
}

function columns(input: PacienteInput) {
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
  }
}

// By name: the database has no locale collation, so the unaccented name first (C order), then the
// name itself and the id to make the order total (stable pages).
const byName = [sql`${pacientes.nomeBusca} collate "C"`, sql`${pacientes.nome} collate "C"`, asc(pacientes.id)]

async function listWhere(db: Executor, where: ReturnType<typeof and>, page: number): Promise<Paciente[]> {
  const { limit, offset } = pageWindow(page)
  const rows = await db
    .select()
    .from(pacientes)
    .where(where)
    .orderBy(...byName)
    .limit(limit)
    .offset(offset)
  return rows.map(toPaciente)
}

export function listActive(db: Executor, page: number): Promise<Paciente[]> {
  return listWhere(db, eq(pacientes.ativo, true), page)
}

export function listInactive(db: Executor, page: number): Promise<Paciente[]> {
  return listWhere(db, eq(pacientes.ativo, false), page)
}

/** Active patients whose name contains `term`, ignoring case and accents. */
export function searchByNome(db: Executor, term: string, page: number): Promise<Paciente[]> {
  return listWhere(db, and(eq(pacientes.ativo, true), ilike(pacientes.nomeBusca, containsPattern(term))), page)
}

async function findOne(db: Executor, where: ReturnType<typeof and>): Promise<Paciente | undefined> {
  const [row] = await db.select().from(pacientes).where(where).limit(1)
  return row ? toPaciente(row) : undefined
}

export function findActiveByCpf(db: Executor, cpf: string) {
  return findOne(db, and(eq(pacientes.cpf, cpf), eq(pacientes.ativo, true)))
}

export function findActiveByRg(db: Executor, rg: string) {
  return findOne(db, and(eq(pacientes.rg, rg), eq(pacientes.ativo, true)))
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
    .returning()
  return toPaciente(row!)
}

const INT4_MAX = 2_147_483_647

/** `versao = sent`; a number beyond the column's range can match no row (and must not reach PostgreSQL). */
function versionMatches(versao: number) {
  return versao > INT4_MAX ? sql`false` : eq(pacientes.versao, versao)
}

export type UpdateResult = { kind: 'ok'; paciente: Paciente } | { kind: 'notFound' } | { kind: 'stale' }

/**
 * Rewrites an active patient's fields and bumps `versao`. The lost-update guard is in the UPDATE's own
 * WHERE (`versao = sent`), so two editors cannot both win; when no row changed, a second read tells
 * "unknown or inactive" (404) from "changed meanwhile" (409).
 */
export async function update(db: Executor, id: string, input: PacienteInput, versao?: number): Promise<UpdateResult> {
  const [row] = await db
    .update(pacientes)
    .set({ ...columns(input), versao: sql`${pacientes.versao} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(pacientes.id, id),
        eq(pacientes.ativo, true),
        versao === undefined ? undefined : versionMatches(versao),
      ),
    )
    .returning()
  if (row) return { kind: 'ok', paciente: toPaciente(row) }
  const current = await findById(db, id)
  if (!current || !current.ativo) return { kind: 'notFound' }
  return { kind: 'stale' }
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
export async function deactivate(db: Executor, id: string): Promise<DeactivateResult> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ ativo: pacientes.ativo })
      .from(pacientes)
      .where(eq(pacientes.id, id))
      .for('update')
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
  })
}

/** Reactivates a patient; already active is fine. False when the id is unknown. */
export async function activate(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .update(pacientes)
    .set({
      ativo: true,
      versao: sql`case when ${pacientes.ativo} then ${pacientes.versao} else ${pacientes.versao} + 1 end`,
      updatedAt: sql`case when ${pacientes.ativo} then ${pacientes.updatedAt} else now() end`,
    })
    .where(eq(pacientes.id, id))
    .returning({ id: pacientes.id })
  return row !== undefined
}

/** Locks an active patient FOR SHARE inside a booking transaction; its name, or undefined. */
export async function lockActiveForBooking(tx: Executor, id: string): Promise<{ nome: string } | undefined> {
  const [row] = await tx
    .select({ nome: pacientes.nome })
    .from(pacientes)
    .where(and(eq(pacientes.id, id), eq(pacientes.ativo, true)))
    .for('share')
  return row
}
