import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

let t: TestDatabase
beforeAll(async () => { t = await createTestDatabase() })
afterAll(async () => { await t.drop() })
it('migrates', async () => {
  const r = await t.db.execute(sql`select count(*)::int as n from pacientes`)
  expect(r.rows[0]).toEqual({ n: 0 })
})
