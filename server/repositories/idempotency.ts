// Idempotency keys of the register calls. The primary key (user, call, key) decides: the first request
// inserts its row and, in the same transaction, creates the record and stores its answer; a concurrent
// request with the same key waits on the primary key until that transaction ends, then finds the row and
// replays the answer (or, if the first failed and rolled back, goes ahead itself).
import { createHash } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { canonicalJson } from '@contract'
import { idempotencyKeys } from '../db/schema'
import type { Executor } from './executor'

/** How long a key is kept: at least the 24 hours promised to clients. */
export const IDEMPOTENCY_KEEP_HOURS = 48

export interface KeyRef {
  userId: string
  call: string
  key: string
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: string } | { kind: 'mismatch' }

/** SHA-256 of a value as canonical JSON (object keys sorted at every depth). */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex')
}

const where = (ref: KeyRef) =>
  and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.call, ref.call), eq(idempotencyKeys.key, ref.key))

/**
 * Inside the write's transaction: claims the key, or tells what was answered under it. Blocks while
 * another transaction holds the same key uncommitted.
 */
export async function claim(tx: Executor, ref: KeyRef, hash: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ ...ref, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (inserted.length > 0) return { kind: 'claimed' }
    const [row] = await tx
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(where(ref))
    // purged between the two statements: claim again
    if (!row) continue
    if (row.requestHash !== hash) return { kind: 'mismatch' }
    if (row.status === null || row.response === null) throw new Error('idempotency key committed without its answer')
    return { kind: 'replay', status: row.status, body: row.response }
  }
  throw new Error('idempotency key could not be claimed')
}

/** Stores the answer of a claimed key (same transaction as the claim and the write). */
export async function complete(tx: Executor, ref: KeyRef, status: number, body: string): Promise<void> {
  await tx.update(idempotencyKeys).set({ status, response: body }).where(where(ref))
}

/** Forgets keys older than IDEMPOTENCY_KEEP_HOURS. */
export async function purgeExpired(db: Executor, keepHours = IDEMPOTENCY_KEEP_HOURS): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${keepHours})`))
    .returning({ key: idempotencyKeys.key })
  return rows.length
}
