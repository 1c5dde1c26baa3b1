// A fresh, migrated database per test file on the run's PostgreSQL server: a copy of the template that
// global-postgres.ts migrated once for the run.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { connect, type Db } from '../../server/db/client'

export interface TestDatabase {
  db: Db
  pool: pg.Pool
  url: string
  /** Drops the database; call in afterAll. */
  drop(): Promise<void>
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl')
  const name = `t_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const { db, pool } = connect(url.toString(), 40)
  return {
    db,
    pool,
    url: url.toString(),
    async drop() {
      await pool.end()
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}
