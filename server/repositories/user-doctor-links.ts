// The link between a user and a doctor ('Minha agenda', docs/decisions.md "The front desk's day"): read
// with the doctor's name, listed for the administration, changed by ADMIN.
import { asc, eq, sql } from 'drizzle-orm'
import type { UsuarioComMedico } from '@contract'
import { medicos, users } from '../db/schema'
import { pageWindow, type Executor } from './executor'

const selection = {
  id: users.id,
  nome: users.nome,
  email: users.email,
  role: users.role,
  ativo: users.ativo,
  medicoId: users.medicoId,
  medicoNome: medicos.nome,
}

function joined(db: Executor) {
  return db.select(selection).from(users).leftJoin(medicos, eq(medicos.id, users.medicoId)).$dynamic()
}

type Row = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number]

function toUsuario(row: Row): UsuarioComMedico {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    role: row.role,
    ativo: row.ativo,
    medico: row.medicoId === null ? null : { id: row.medicoId, nome: row.medicoNome ?? '' },
  }
}

export async function findById(db: Executor, id: string): Promise<UsuarioComMedico | undefined> {
  const [row] = await joined(db).where(eq(users.id, id)).limit(1)
  return row ? toUsuario(row) : undefined
}

/** One page of users by name (code-point order, as every list), then id. */
export async function list(db: Executor, page: number): Promise<UsuarioComMedico[]> {
  const { limit, offset } = pageWindow(page)
  const rows = await joined(db)
    .orderBy(sql`${users.nome} collate "C"`, asc(users.id))
    .limit(limit)
    .offset(offset)
  return rows.map(toUsuario)
}

/** Links the user to a doctor (null unlinks). False when the user does not exist. */
export async function setMedico(db: Executor, id: string, medicoId: string | null): Promise<boolean> {
  const rows = await db.update(users).set({ medicoId }).where(eq(users.id, id)).returning({ id: users.id })
  return rows.length === 1
}
