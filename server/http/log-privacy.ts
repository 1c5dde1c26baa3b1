// The API's own log carries no personal data (docs/decisions.md, "Reliability"): no token or cookie header,
// and of a database error only what names the fault — its SQLSTATE, constraint, table, column and the SQL
// text with its $n placeholders — never the DETAIL ('Key (cpf)=(…) already exists'), the parameters, or a
// message that may quote a value (data exceptions, constraint violations).
import type { FastifyServerOptions } from 'fastify'

/** pino paths blanked wherever they appear in a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'err.detail',
  'err.where',
  'err.parameters',
  'err.params',
  'err.cause.detail',
  'err.cause.where',
  'err.cause.parameters',
  'err.cause.params',
]

/** Fastify's logger option with the redaction added (false and a ready logger instance are left alone). */
export function privateLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false
  if (logger === true) return { redact: { paths: REDACTED_PATHS, censor: '[oculto]' } }
  if (typeof logger === 'object' && !('redact' in logger))
    return { ...logger, redact: { paths: REDACTED_PATHS, censor: '[oculto]' } }
  return logger
}

interface PgFields {
  code?: unknown
  severity?: unknown
  constraint?: unknown
  table?: unknown
  column?: unknown
  routine?: unknown
  message?: unknown
  name?: unknown
  stack?: unknown
  cause?: unknown
  query?: unknown
}

/** SQLSTATE classes whose message may quote the value refused: 22 (data exception), 23 (constraint). */
const QUOTING_CLASSES = /^(22|23)/

/** What a log line may keep of an error (Drizzle's wrapper, whose message lists the parameters, included). */
export function privateError(error: unknown): Record<string, unknown> {
  let current = error as PgFields | undefined
  let query: unknown
  // Drizzle's DrizzleQueryError: the SQL text is kept, its message ('Failed query: … params: …') is not
  if (current && typeof current === 'object' && typeof current.query === 'string' && current.cause) {
    query = current.query
    current = current.cause as PgFields
  }
  if (!current || typeof current !== 'object') return { message: String(error) }
  const code = typeof current.code === 'string' ? current.code : undefined
  const isPg = code !== undefined && /^[0-9A-Z]{5}$/.test(code) && 'severity' in current
  if (!isPg) {
    return {
      type: current.name,
      message: current.message,
      ...(code ? { code } : {}),
      ...(query ? { query } : {}),
      stack: current.stack,
    }
  }
  return {
    type: current.name,
    code,
    ...(QUOTING_CLASSES.test(code) ? {} : { message: current.message }),
    constraint: current.constraint,
    table: current.table,
    column: current.column,
    routine: current.routine,
    ...(query ? { query } : {}),
  }
}
