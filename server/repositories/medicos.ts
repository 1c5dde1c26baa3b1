// Doctors: `{ id, nome }`, listed by name.
import { asc, eq, sql } from 'drizzle-orm'
import type { Medico } from '@contract'
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
