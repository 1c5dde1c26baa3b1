// The login throttle's memory, in the database so that every API process behind a load balancer shares
// it (docs/product.md §15). Failed sign-ins are rows (e-mail lowercased, client address, time); the clock is the
// database's, the same for every process.
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from '@contract'
import { sql } from 'drizzle-orm'
import { loginAttempts } from '../db/schema'
import type { Executor } from './executor'

const window = sql.raw(`interval '${LOGIN_WINDOW_SECONDS} seconds'`)

/**
 * Serialises sign-ins of one e-mail from one address until the transaction ends (an advisory lock), so
 * concurrent guesses cannot all slip past the count.
 */
export async function lockKey(tx: Executor, email: string, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${ip}:${email}`}, 0))`)
}

/**
 * Seconds until this e-mail+address may try again, or null when it is not blocked. Blocked when the
 * window holds LOGIN_MAX_FAILURES failures or more; it frees when the oldest of the last
 * LOGIN_MAX_FAILURES leaves the window.
 */
export async function retryAfterSeconds(tx: Executor, email: string, ip: string): Promise<number | null> {
  const result = await tx.execute<{ retry: number }>(sql`
    select greatest(1, ceil(extract(epoch from (${loginAttempts.attemptedAt} + ${window} - now()))))::int as retry
    from ${loginAttempts}
    where ${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip}
      and ${loginAttempts.attemptedAt} > now() - ${window}
    order by ${loginAttempts.attemptedAt} desc
    offset ${LOGIN_MAX_FAILURES - 1} limit 1`)
  const row = result.rows[0]
  return row ? Number(row.retry) : null
}

/** Records a failed sign-in and forgets this key's failures that have left the window. */
export async function recordFailure(tx: Executor, email: string, ip: string): Promise<void> {
  await tx.execute(sql`
    delete from ${loginAttempts}
    where ${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip}
      and ${loginAttempts.attemptedAt} <= now() - ${window}`)
  await tx.insert(loginAttempts).values({ email, ip })
}

/** A successful sign-in clears this e-mail+address's failures. */
export async function clear(tx: Executor, email: string, ip: string): Promise<void> {
  await tx.execute(
    sql`delete from ${loginAttempts} where ${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip}`,
  )
}
