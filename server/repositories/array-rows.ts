// Hot reads without drizzle's row mapping (bench/journal/2026-11-24-issue-18-floor.md, "Cheaper answers"): the
// SQL is still built by drizzle, once per database handle, but run on node-postgres directly in array mode, and
// the answers are built from the arrays in one pass. drizzle maps every column of every row (and makes a Date of
// each timestamp, which the repositories then turn back into an ISO string): for a day's 280 appointments that
// mapping and its garbage were the largest cost the floor does not have.
import { Placeholder, sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Executor } from './executor'

const TIMESTAMPTZ = 1184

/** Timestamps stay PostgreSQL's text (isoOf turns them into the answers' ISO strings); the rest as pg parses it. */
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMPTZ
      ? (value: string) => value
      : (pg.types.getTypeParser as (o: number, f?: string) => unknown)(
          oid,
          format,
        )) as pg.CustomTypesConfig['getTypeParser'],
}

/**
 * A timestamptz as PostgreSQL writes it in UTC ('2026-11-24 07:00:00+00', '… 07:00:00.123456+00') → the
 * ISO string `new Date(text).toISOString()` gives (milliseconds truncated, as V8 parses them); any other form
 * (another session TimeZone, a year before 1000) goes through Date.
 */
export function isoOf(text: string): string
export function isoOf(text: string | null): string | null
export function isoOf(text: string | null): string | null {
  if (text === null) return null
  // 'YYYY-MM-DD HH:MM:SS' then an optional fraction, then '+00'
  if (text.length >= 22 && text.charCodeAt(10) === 32 && text.endsWith('+00') && text.charCodeAt(4) === 45) {
    const fraction = text.length === 22 ? '' : text.slice(20, -3)
    if (text.length === 22 || (text.charCodeAt(19) === 46 && /^\d{1,6}$/.test(fraction)))
      return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction.padEnd(3, '0').slice(0, 3)}Z`
  }
  return new Date(text).toISOString()
}

/** A query built by drizzle, kept as text and parameters (placeholders named). */
export interface ArrayQuery {
  /** A named prepared statement ('' or undefined: unnamed, planned with each call's values). */
  name?: string | undefined
  text: string
  params: unknown[]
}

export function arrayQuery(query: { toSQL(): { sql: string; params: unknown[] } }, name?: string): ArrayQuery {
  const { sql, params } = query.toSQL()
  return { name: name || undefined, text: sql, params }
}

/** A placeholder in a statement built once (sqlArrayQuery): arrayRows fills it from its values by `name`. */
export const named = (name: string) => sql.placeholder(name)

const dialect = new PgDialect()

/** The same for a statement written with drizzle's `sql` (a CTE, a select without FROM, an insert's own select). */
export function sqlArrayQuery(statement: SQL, name?: string): ArrayQuery {
  const built = dialect.sqlToQuery(statement)
  return { name: name || undefined, text: built.sql, params: built.params }
}

/** The node-postgres client under a drizzle handle: the pool, or a transaction's connection. */
function clientOf(db: Executor): Pick<pg.Pool, 'query'> {
  const client = (db as unknown as { session?: { client?: Pick<pg.Pool, 'query'> } }).session?.client
  if (!client) throw new Error('array-rows: no node-postgres client under this handle')
  return client
}

/** Runs the query with the placeholders' values; the rows as arrays, in the query's column order. */
export async function arrayRows(
  db: Executor,
  query: ArrayQuery,
  values: Record<string, unknown> = {},
): Promise<unknown[][]> {
  const result = await clientOf(db).query<unknown[]>({
    name: query.name,
    text: query.text,
    values: query.params.map((p) => (p instanceof Placeholder ? values[p.name] : p)),
    rowMode: 'array',
    types,
  })
  return result.rows
}
