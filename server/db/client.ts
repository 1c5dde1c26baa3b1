import { fileURLToPath } from 'node:url'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema>

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** A pool and its Drizzle handle over one PostgreSQL database. */
export function connect(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max })
  // An idle client's error (the server went away) must not crash the process.
  pool.on('error', () => {})
  return { db: drizzle(pool, { schema }), pool }
}

/** Applies the migrations in the repository. Not safe for two processes at once: openDatabase (server/db/database.ts) runs it under an advisory lock. */
export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder })
}
