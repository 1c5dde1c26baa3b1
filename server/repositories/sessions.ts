// Sessions: one row per token handed out, named by the token's `jti`. Every authenticated request checks
// its row (not revoked, not expired), so a sign-out holds on every API process sharing the database. The
// clock is the database's.
import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Role } from '@contract'
import { sessions, users } from '../db/schema'
import { arrayRows, type ArrayQuery } from './array-rows'
import { perDatabase, type Executor } from './executor'

/** Creates the session of a new token; its id goes into the token as `jti`. */
export async function create(db: Executor, userId: string, ttlSeconds: number): Promise<{ jti: string }> {
  const jti = randomUUID()
  await db.insert(sessions).values({
    jti,
    userId,
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  })
  return { jti }
}

/**
 * The check every authenticated request runs: the session is live (not revoked, not expired) and its user is
 * active; answers the user's role as the database has it now, so a demoted ADMIN loses the rights on their next
 * call, whatever their token says. Built once per database handle and sent as a named prepared statement (parsed
 * and planned once per connection) — drizzle's query building alone was a measurable share of every request
 * (bench/journal/2026-11-22-first-day.md, "Queries built once"); the join on the users' primary key adds no round
 * trip.
 */
function buildActiveRole(db: Executor) {
  return db
    .select({ role: users.role, senhaTemporaria: users.senhaTemporaria })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.jti, sql.placeholder('jti')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        eq(users.ativo, true),
      ),
    )
    .limit(1)
    .prepare('sessions_active_role')
}

const activeRoleQuery = perDatabase(buildActiveRole)

/** The values of sessionRoleColumn's placeholders (SessionCheck's `values`). */
export interface SessionValues {
  sessionJti: string
  sessionUserId: string
}

/**
 * What a repository is handed to check the session with its own first statement (plugins/session-check.ts,
 * SessionCheck): the placeholders' values, and `settle` with the role that statement read — null when it
 * read none, undefined when no row came back to carry it (the check's own query then runs on `executor`).
 * `settle` throws the refusal (401/403).
 */
export interface SessionInStatement {
  readonly values: SessionValues
  settle(role: SessionRole | null | undefined, executor?: Executor): Promise<Role>
}

/**
 * What sessionRoleColumn reads: the role, or TEMPORARY_PASSWORD when the user still has the password 'Redefinir
 * senha' gave (issue 34) — refused by every hot call, none of which such a user may make.
 */
export const TEMPORARY_PASSWORD = 'SENHA_TEMPORARIA'
export type SessionRole = Role | typeof TEMPORARY_PASSWORD

/**
 * The same check as a column of another statement (plugins/session-check.ts): the role of the session's
 * user, or null when the session is not live or the user inactive. Its placeholders are `sessionJti` and
 * `sessionUserId` (SessionCheck's `values`); PostgreSQL runs it once per statement (an InitPlan over the
 * two primary keys), so a hot call checks its session without a round trip of its own. It is the
 * statement's last column, where `arrayRowsInSession` reads it.
 */
export const sessionRoleColumn = sql<SessionRole | null>`(select case when u.senha_temporaria then ${sql.raw(`'${TEMPORARY_PASSWORD}'`)} else u.role end from ${sessions} s
  join ${users} u on u.id = s.user_id
  where s.jti = ${sql.placeholder('sessionJti')} and s.user_id = ${sql.placeholder('sessionUserId')}
    and s.revoked_at is null and s.expires_at > now() and u.ativo)`

/**
 * Runs a statement whose last column is sessionRoleColumn, with the session's values beside `values`, and
 * settles the session with the role its first row carries (no row: the check's own query, on `db`) before
 * the rows are handed back. Throws the refusal (401/403).
 */
export async function arrayRowsInSession(
  db: Executor,
  query: ArrayQuery,
  values: Record<string, unknown>,
  session: SessionInStatement,
): Promise<unknown[][]> {
  const rows = await arrayRows(db, query, { ...values, ...session.values })
  const first = rows[0]
  await session.settle(first === undefined ? undefined : (first[first.length - 1] as SessionRole | null), db)
  return rows
}

/** The role of the session's user when the session is live and the user active; otherwise undefined. */
export async function activeRole(db: Executor, jti: string, userId: string): Promise<Role | undefined> {
  return (await activeSession(db, jti, userId))?.role
}

/** The same check with whether the user's password is a temporary one (issue 34). */
export async function activeSession(
  db: Executor,
  jti: string,
  userId: string,
): Promise<{ role: Role; senhaTemporaria: boolean } | undefined> {
  const [row] = await activeRoleQuery(db).execute({ jti, userId })
  return row
}

/** True when the session exists for this user, is not revoked, has not expired, and the user is active. */
export async function isActive(db: Executor, jti: string, userId: string): Promise<boolean> {
  return (await activeRole(db, jti, userId)) !== undefined
}

/** Ends every live session of a user (deactivated, role changed); answers how many. */
export async function revokeAllOf(db: Executor, userId: string, exceptJti?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptJti === undefined ? undefined : ne(sessions.jti, exceptJti),
      ),
    )
    .returning({ jti: sessions.jti })
  return rows.length
}

/** Revokes a session (sign-out). False when it was not active. */
export async function revoke(db: Executor, jti: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)))
    .returning({ jti: sessions.jti })
  return rows.length > 0
}

/** Forgets sessions that expired more than `keepDays` ago (their tokens are refused by exp anyway). */
export async function purgeExpired(db: Executor, keepDays = 7): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now() - make_interval(days => ${keepDays})`))
    .returning({ jti: sessions.jti })
  return rows.length
}
