// Doctors: `{ id, nome }`, listed by name; with tratamento, CRM and specialty for ADMIN (issue 14).
import { asc, eq, sql } from 'drizzle-orm'
import type { Medico, MedicoDetalhes, MedicoTratamento, UpdateMedicoRequest } from '@contract'
import { medicos } from '../db/schema'
import { perDatabase, type Executor } from './executor'

const selection = { id: medicos.id, nome: medicos.nome }

// every screen with a doctor filter or field asks for this list: a named prepared statement
const listAllQuery = perDatabase((db) =>
  db
    .select(selection)
    .from(medicos)
    .orderBy(sql`${medicos.nome} collate "C"`, asc(medicos.id))
    .prepare('medicos_list_all'),
)

/** Every doctor by name (code-point order, the same on any server collation), then id. */
export function listAll(db: Executor): Promise<Medico[]> {
  return listAllQuery(db).execute()
}

export async function findById(db: Executor, id: string): Promise<Medico | undefined> {
  const [row] = await db.select(selection).from(medicos).where(eq(medicos.id, id)).limit(1)
  return row
}

export async function create(db: Executor, nome: string): Promise<Medico> {
  const [row] = await db.insert(medicos).values({ nome }).returning(selection)
  return row!
}

const detalhes = {
  ...selection,
  tratamento: medicos.tratamento,
  crm: medicos.crm,
  crmUf: medicos.crmUf,
  especialidade: medicos.especialidade,
  rqe: medicos.rqe,
}

// the column is text with a default: read back as the contract's 'Dr.' | 'Dra.' (the route writes only these)
const asDetalhes = (row: Omit<MedicoDetalhes, 'tratamento'> & { tratamento: string }): MedicoDetalhes => ({
  ...row,
  tratamento: row.tratamento === 'Dra.' ? 'Dra.' : 'Dr.',
})

/** Every doctor by name with what ADMIN keeps about them (docs/product.md §19). */
export async function listDetalhes(db: Executor): Promise<MedicoDetalhes[]> {
  const rows = await db
    .select(detalhes)
    .from(medicos)
    .orderBy(sql`${medicos.nome} collate "C"`, asc(medicos.id))
  return rows.map(asDetalhes)
}

/** Each doctor's tratamento, in the order of the names (issue 14: 'Dra.' wherever a name is shown). */
export async function listTratamentos(db: Executor): Promise<MedicoTratamento[]> {
  const rows = await db
    .select({ id: medicos.id, tratamento: medicos.tratamento })
    .from(medicos)
    .orderBy(sql`${medicos.nome} collate "C"`, asc(medicos.id))
  return rows.map((row) => ({ id: row.id, tratamento: row.tratamento === 'Dra.' ? 'Dra.' : 'Dr.' }))
}

/** Sets tratamento, CRM, specialty and RQE (kept when absent); undefined when there is no such doctor. */
export async function updateDetalhes(
  db: Executor,
  { id, ...fields }: UpdateMedicoRequest,
): Promise<MedicoDetalhes | undefined> {
  const [row] = await db.update(medicos).set(fields).where(eq(medicos.id, id)).returning(detalhes)
  return row && asDetalhes(row)
}
