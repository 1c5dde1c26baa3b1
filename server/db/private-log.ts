// PostgreSQL's own log kept free of personal data (docs/decisions.md, "Reliability"). A statement that fails
// on a client's data — a duplicate CPF, a check or foreign-key violation — is logged by default with a
// DETAIL line carrying the values ('Key (cpf)=(…) already exists') and the statement; the embedded server
// is started so that no such line is ever written, and what the server copies of that log to its own
// output (the tail, when PostgreSQL stops) goes through the same filter, for logs written before.
import { readFileSync, writeFileSync } from 'node:fs'

/**
 * `postgres -c …` settings. ERROR-level messages (a failed statement: values may be in the message itself)
 * are not logged at all — the API logs its own errors, redacted — while LOG, FATAL and PANIC (start, stop,
 * crash, recovery) are; terse verbosity drops DETAIL, HINT, QUERY and CONTEXT from whatever is logged; no
 * statement text, no bind parameters, no durations.
 */
export const PRIVATE_LOG_SETTINGS: Record<string, string> = {
  log_min_messages: 'log',
  log_error_verbosity: 'terse',
  log_min_error_statement: 'panic',
  log_parameter_max_length: '0',
  log_parameter_max_length_on_error: '0',
  log_statement: 'none',
  log_min_duration_statement: '-1',
  log_duration: 'off',
}

/** The settings as `postgres` arguments. */
export function privateLogArgs(): string[] {
  return Object.entries(PRIVATE_LOG_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])
}

/** A line's severity as PostgreSQL writes it: `2026-11-24 10:00:00.000 UTC [123] ERROR:  …`. */
const SEVERITY = /^\S+ \S+ \S+ \[\d+\] (\w+):/
const PRIVATE = new Set(['ERROR', 'DETAIL', 'STATEMENT', 'QUERY', 'CONTEXT', 'HINT'])

/**
 * The log without the lines that may carry a client's values: ERROR lines and their DETAIL, STATEMENT,
 * QUERY, CONTEXT and HINT, with their continuation lines (a multi-line statement goes on with a tab).
 */
export function redactPostgresLog(text: string): string {
  const out: string[] = []
  let dropping = false
  for (const line of text.split('\n')) {
    const severity = SEVERITY.exec(line)?.[1]
    if (severity !== undefined) dropping = PRIVATE.has(severity)
    else if (!/^\s/.test(line)) dropping = false
    if (!dropping) out.push(line)
  }
  return out.join('\n')
}

/**
 * Rewrites a log file written before these settings, without its private lines. A missing file, or one
 * with nothing to remove, is left alone.
 */
export function scrubPostgresLogFile(path: string): void {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return
  }
  const clean = redactPostgresLog(text)
  if (clean !== text) writeFileSync(path, clean)
}
