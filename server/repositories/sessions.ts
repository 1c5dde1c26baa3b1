// Sessions: one row per token handed out, named by the token's `jti`. Every authenticated request checks
// its row (not revoked, not expired), so a sign-out holds on every API process sharing the database. The
// clock is the database's.
import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import { sessions } from '../db/schema'
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
 * The check every authenticated request runs: built once per database handle and sent as a named
 * prepared statement (parsed and planned once per connection) — drizzle's query building alone was a
 * measurable share of every request (docs/performance.md, "Queries built once").
 */
function buildIsActive(db: Executor) {
  return db
    .select({ jti: sessions.jti })
    .from(sessions)
    .where(
      and(
        eq(sessions.jti, sql.placeholder('jti')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    )
    .limit(1)
    .prepare('sessions_is_active')
}

const isActiveQuery = perDatabase(buildIsActive)

/** True when the session exists for this user, is not revoked and has not expired. */
export async function isActive(db: Executor, jti: string, userId: string): Promise<boolean> {
  const [row] = await isActiveQuery(db).execute({ jti, userId })
  return row !== undefined
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
