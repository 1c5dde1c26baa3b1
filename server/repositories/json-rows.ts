// Lists PostgreSQL writes as JSON text (docs/decisions.md, "Performance";
// bench/journal/2026-11-24-agenda-tail.md, "The agenda's tail"): Node then never builds the list's objects. The
// keys come from a map typed by the contract's entity, so a field renamed in the contract does not compile until
// the query follows it.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

/** Every key of T with the SQL of its value. */
export type JsonColumns<T> = { [K in keyof T]-?: SQL | AnyColumn }

/** A record of those values, which json_agg and row_to_json write compact: {"key":value,…}. */
export function jsonRecord<T>(columns: JsonColumns<T>): SQL {
  const fields = Object.entries<SQL | AnyColumn>(columns).map(([key, value]) => sql`${value} AS ${sql.identifier(key)}`)
  return sql`(SELECT r FROM (SELECT ${sql.join(fields, sql`, `)}) r)`
}

/** A timestamptz as `toISOString()` writes it: UTC, milliseconds truncated. */
export function isoText(column: SQL | AnyColumn): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}

/** The rows' records as one JSON array text, '[]' when there are none. */
export function jsonList(record: SQL, orderBy: SQL): SQL<string> {
  return sql<string>`coalesce(json_agg(${record} ORDER BY ${orderBy}), '[]')::text`
}
