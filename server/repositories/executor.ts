// What a repository function runs its queries on: the database handle or a transaction inside it.
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import { PAGE_SIZE } from '@contract'
import type * as schema from '../db/schema'

export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>

/** LIMIT/OFFSET of a 1-based page of PAGE_SIZE rows. */
export function pageWindow(page: number): { limit: number; offset: number } {
  return { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }
}

/** Text as name search compares it: accents (combining marks after NFD) removed, lowercased. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** A LIKE/ILIKE pattern that finds `term` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(term: string): string {
  return `%${normalizeSearchText(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * What `build` makes from a database handle (prepared queries, mostly), made once per handle: building a
 * query with drizzle costs more CPU than PostgreSQL takes to run the small ones
 * (bench/journal/2026-11-22-first-day.md, "Queries built once").
 */
export function perDatabase<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Executor, T>()
  return (db) => {
    let value = built.get(db)
    if (value === undefined) built.set(db, (value = build(db)))
    return value
  }
}
