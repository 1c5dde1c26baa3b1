// Errors that mean "the database cannot serve now" rather than "this request is wrong": the server
// answers 503 with a sentence the user can act on (retry in a moment; call the technician when the disk
// is full) instead of 500. node-postgres reports a lost or stalled server as plain Errors without a
// SQLSTATE, so those are recognised by their Node code or their message (pg and pg-pool 8.x).
import { messages } from '@contract'

/** SQLSTATE classes and codes of a database that is out of service for a while. */
const UNAVAILABLE_CODES = /^(08...|57014|53300|53400|55P03)$/
/** Out of disk or unable to write (disk full, I/O error, a read-only database or file system). */
const STORAGE_CODES = /^(53100|58030|25006)$/
/** Node's socket errors on the connection to PostgreSQL. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** What pg and pg-pool throw when the server went away, never answered, or the pool waited too long. */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
]

export type Unavailability = 'database' | 'storage'

/** Why the database cannot serve this request, or undefined when the error is something else. */
export function databaseUnavailability(error: unknown): Unavailability | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown }
    const code = typeof e.code === 'string' ? e.code : ''
    if (STORAGE_CODES.test(code)) return 'storage'
    if (UNAVAILABLE_CODES.test(code) || SOCKET_CODES.has(code)) return 'database'
    if (typeof e.message === 'string' && DRIVER_MESSAGES.includes(e.message)) return 'database'
    current = e.cause
  }
  return undefined
}

export const unavailabilityMessages: Record<Unavailability, string> = {
  database: messages.databaseUnavailable,
  storage: messages.storageUnavailable,
}

/** Seconds a client should wait before trying again (Retry-After of the 503). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5
