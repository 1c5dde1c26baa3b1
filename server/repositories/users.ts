// Users (staff who sign in). Never answered with the password hash: routes map to the contract's
// `Usuario` / `SessionUser`.
import { eq, sql } from 'drizzle-orm'
import type { Role, Usuario } from '@contract'
import { users } from '../db/schema'
import type { Executor } from './executor'

export type UserRow = typeof users.$inferSelect

/** The user with this e-mail, whatever its case (the unique index is on lower(email)). */
export async function findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return row
}

export async function findById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/**
 * Inserts a user. An e-mail already used in any case fails on `users_email_unique` (→ 409 emailTaken).
 */
export async function create(
  db: Executor,
  input: { nome: string; email: string; passwordHash: string; role?: Role; medicoId?: string | null },
): Promise<Usuario> {
  const [row] = await db
    .insert(users)
    .values({
      nome: input.nome,
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      role: input.role ?? 'USER',
      medicoId: input.medicoId ?? null,
    })
    .returning()
  return toUsuario(row!)
}

/** A new hash; `temporaria` (issue 34): true for 'Redefinir senha', false for the user's own change, absent: kept. */
export async function setPasswordHash(
  db: Executor,
  id: string,
  passwordHash: string,
  temporaria?: boolean,
): Promise<void> {
  await db
    .update(users)
    .set(temporaria === undefined ? { passwordHash } : { passwordHash, senhaTemporaria: temporaria })
    .where(eq(users.id, id))
}

/** The user, locked until the transaction ends (a deactivation and a role change cannot interleave). */
export async function lockById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update')
  return row
}

export async function setAtivo(db: Executor, id: string, ativo: boolean): Promise<void> {
  await db.update(users).set({ ativo }).where(eq(users.id, id))
}

export async function setRole(db: Executor, id: string, role: Role): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, id))
}

export function toUsuario(row: UserRow): Usuario {
  return { id: row.id, nome: row.nome, email: row.email, role: row.role }
}
