// The login throttle's memory, in the database so that every API process behind a load balancer shares
// it (docs/product.md §15). Failed sign-ins are rows (e-mail lowercased, client address, time); the clock is the
// database's, the same for every process. Three limits read them (docs/decisions.md, "Reliability"):
// per e-mail and address (docs/product.md §4: 5 in 60 s), per address across e-mails (password spraying) and a
// global ceiling (a spray from many addresses).
import {
  LOGIN_ADDRESS_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_GLOBAL,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_SECONDS,
} from '@contract'
import { sql, type SQL } from 'drizzle-orm'
import { loginAttempts } from '../db/schema'
import type { Executor } from './executor'

const window = sql.raw(`interval '${LOGIN_WINDOW_SECONDS} seconds'`)
const addressWindow = sql.raw(`interval '${LOGIN_ADDRESS_WINDOW_SECONDS} seconds'`)

/** Failed sign-ins are kept a day: far longer than any window reads, short enough to stay small. */
export const LOGIN_ATTEMPTS_KEEP_HOURS = 24

export type ThrottleScope = 'email' | 'address' | 'global'

/**
 * Serialises sign-ins from one address until the transaction ends (an advisory lock), so concurrent
 * guesses — on one e-mail or across e-mails — cannot all slip past the counts.
 */
export async function lockKey(tx: Executor, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${ip}`}, 0))`)
}

/**
 * Seconds until the `limit`-th most recent failure matching `where` leaves its window, or null when
 * fewer than `limit` failures are in the window.
 */
async function blockedFor(tx: Executor, where: SQL, windowSql: SQL, limit: number): Promise<number | null> {
  const result = await tx.execute<{ retry: number }>(sql`
    select greatest(1, ceil(extract(epoch from (${loginAttempts.attemptedAt} + ${windowSql} - now()))))::int as retry
    from ${loginAttempts}
    where ${where} and ${loginAttempts.attemptedAt} > now() - ${windowSql}
    order by ${loginAttempts.attemptedAt} desc
    offset ${limit - 1} limit 1`)
  const row = result.rows[0]
  return row ? Number(row.retry) : null
}

/**
 * Which limit blocks this sign-in and for how many seconds, or null. The e-mail's own rule comes first
 * (its message is docs/product.md §8's), then the address's, then the global ceiling.
 */
export async function throttled(
  tx: Executor,
  email: string,
  ip: string,
): Promise<{ scope: ThrottleScope; retryAfterSeconds: number } | null> {
  const byEmail = await blockedFor(
    tx,
    sql`${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip}`,
    window,
    LOGIN_MAX_FAILURES,
  )
  if (byEmail !== null) return { scope: 'email', retryAfterSeconds: byEmail }
  const byAddress = await blockedFor(
    tx,
    sql`${loginAttempts.ip} = ${ip}`,
    addressWindow,
    LOGIN_MAX_FAILURES_PER_ADDRESS,
  )
  if (byAddress !== null) return { scope: 'address', retryAfterSeconds: byAddress }
  const global = await blockedFor(tx, sql`true`, window, LOGIN_MAX_FAILURES_GLOBAL)
  if (global !== null) return { scope: 'global', retryAfterSeconds: global }
  return null
}

/** Records a failed sign-in. */
export async function recordFailure(tx: Executor, email: string, ip: string): Promise<void> {
  await tx.insert(loginAttempts).values({ email, ip })
}

/** A successful sign-in clears this e-mail+address's failures. */
export async function clear(tx: Executor, email: string, ip: string): Promise<void> {
  await tx.execute(
    sql`delete from ${loginAttempts} where ${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip}`,
  )
}

/** Forgets failures older than LOGIN_ATTEMPTS_KEEP_HOURS, unknown e-mails included (maintenance). */
export async function purgeOld(db: Executor, keepHours = LOGIN_ATTEMPTS_KEEP_HOURS): Promise<number> {
  const result = await db.execute(
    sql`delete from ${loginAttempts} where ${loginAttempts.attemptedAt} < now() - make_interval(hours => ${keepHours})`,
  )
  return result.rowCount ?? 0
}
