import type { Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { contractConstantsSql } from './contract-constants'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool }

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * How long the API waits on PostgreSQL (docs/decisions.md, "Reliability"): a stalled or overloaded database
 * gives 503 within seconds instead of holding requests. The API's statements are small (milliseconds).
 */
export const DB_TIMEOUTS = {
  /** Waiting for a free connection, or for a new one to be accepted (→ 503). */
  connectionTimeoutMillis: 3_000,
  /** PostgreSQL cancels a statement running longer than this (57014 → 503); locks waited on included. */
  statement_timeout: 4_000,
  /** The client gives up on an answer after this: a frozen server never cancels anything itself. */
  query_timeout: 5_000,
  /** PostgreSQL ends a session left idle inside a transaction this long (a stalled client holds no locks). */
  idle_in_transaction_session_timeout: 15_000,
} as const

/**
 * How long the start waits on PostgreSQL (migrations, the JWT secret, the first administrator): a machine busy
 * starting several services may take longer than a request may wait to accept a connection, and a start that
 * gives up then leaves the clinic without its server. Still bounded: an address that never answers fails the
 * start with a clear message.
 */
export const START_TIMEOUTS = {
  connectionTimeoutMillis: 30_000,
  statement_timeout: 30_000,
  query_timeout: 35_000,
  idle_in_transaction_session_timeout: 0,
} as const

/** The SQL text of a `client.query` call's first argument (a string or a query config). */
function queryText(first: unknown): string {
  if (typeof first === 'string') return first
  if (first !== null && typeof first === 'object' && 'text' in first) return String(first.text)
  return ''
}

/**
 * Two guards on every pooled connection (docs/decisions.md, "Reliability"):
 *
 * - A connection whose answer timed out is destroyed: node-postgres keeps waiting for that answer on it,
 *   so giving it back to the pool would hand a stuck connection to the next request. Ending its socket
 *   fails what is queued on it at once (a transaction's ROLLBACK included) and the pool drops it.
 * - A connection whose BEGIN failed is released (with the error, so the pool discards it): drizzle-orm's
 *   node-postgres `transaction()` runs BEGIN before the try/finally that releases the client, so a BEGIN
 *   that fails (a frozen or restarting database) would keep the connection checked out for good, and
 *   after `max` such faults every request would wait for a connection that never comes back
 *   (drizzle-orm issues 6114 and 6241, open). Remove this guard when drizzle-orm releases it itself.
 */
function guardPooledClient(client: pg.PoolClient): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown
  const check = (error: unknown, text: string) => {
    if (!(error instanceof Error)) return
    if (error.message === 'Query read timeout') {
      ;(client as unknown as { connection: { stream: Socket } }).connection.stream.destroy()
    }
    if (/^\s*begin\b/i.test(text)) client.release(error)
  }
  ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const text = queryText(args[0])
    const last = args.length - 1
    const callback = args[last]
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        check(error, text)
        ;(callback as (e: unknown, r: unknown) => void)(error, result)
      }
      return original(...args)
    }
    const result = original(...args)
    if (result instanceof Promise) result.catch((error: unknown) => check(error, text))
    return result
  }
}

/** A pool and its Drizzle handle over one PostgreSQL database. */
export function connect(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, keepAlive: true, ...DB_TIMEOUTS })
  // An idle client's error (the server went away) must not crash the process.
  pool.on('error', () => {})
  pool.on('connect', (client) => {
    // Nor a checked-out one's (pg-pool listens only while a client is idle): its queries fail with the
    // error anyway, and the pool drops the client when it is released.
    client.on('error', () => {})
    guardPooledClient(client)
  })
  return { db: drizzle(pool, { schema }), pool }
}

/**
 * Runs the start's work on one connection of its own with START_TIMEOUTS, then closes it; the API's pool
 * (DB_TIMEOUTS) is for requests.
 */
export async function withStartupDb<T>(pool: pg.Pool, work: (db: Db) => Promise<T>): Promise<T> {
  const startup = new pg.Pool({ ...pool.options, max: 1, ...START_TIMEOUTS })
  startup.on('error', () => {})
  try {
    return await work(drizzle(startup, { schema }))
  } finally {
    await startup.end().catch(() => {})
  }
}

/**
 * A connection for migrations: as long as the start's to be accepted, then no limit on a statement (an index
 * built on a large table, or waiting for another process's migrations under their lock).
 */
export function migrationClient(pool: pg.Pool): pg.Client {
  return new pg.Client({
    ...pool.options,
    ...START_TIMEOUTS,
    statement_timeout: 0,
    query_timeout: 0,
    idle_in_transaction_session_timeout: 0,
  })
}

/**
 * Applies the migrations in the repository, on a connection of their own without the API's timeouts (an
 * index built on a large table may take longer than a request may). Not safe for two processes at once:
 * openDatabase (server/db/database.ts) runs it under an advisory lock.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  const client = migrationClient(db.$client)
  await client.connect()
  try {
    // the contract's numbers first: migrations and triggers call them (contract-constants.ts)
    await client.query(contractConstantsSql())
    await migrate(drizzle(client, { schema }), { migrationsFolder })
  } finally {
    await client.end().catch(() => {})
  }
}
