// GET /api/health asks the database: 200 while PostgreSQL answers, 503 with the contract's message
// within about a second when it is frozen (SIGSTOP on a PostgreSQL of this file's own, never the suite's
// shared one), without piling up pool connections, and 200 again once it wakes up.
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { buildApp } from '../../server/http/app'
import { connect, migrateDatabase } from '../../server/db/client'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../server/db/embedded/postgres'
import { TEST_JWT_SECRET } from '../support/api-app'
import { cleanupAll, postgresPids, tempRoot } from '../runtime/helpers'

let dataDir: string
let postgres: EmbeddedPostgres
let pool: pg.Pool
let app: FastifyInstance

const health = () => app.inject({ method: 'GET', url: '/api/health' })

function signalAll(pids: number[], signal: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal)
    } catch {
      // gone meanwhile
    }
  }
}

beforeAll(async () => {
  dataDir = join(tempRoot('clinica-health-'), 'data')
  postgres = await startEmbeddedPostgres({ dataDir, log: () => {} })
  const database = connect(postgres.url)
  pool = database.pool
  await migrateDatabase(database.db)
  app = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET })
  await app.ready()
  // The maintenance pass started by ready() holds a connection of the same pool while its DELETEs run — on
  // a busy machine still when PostgreSQL is frozen below, where that connection would count as the health
  // check's. The pool must start quiet: only the health checks' connections are counted there.
  await app.maintenanceSettled()
}, 60_000)

afterAll(async () => {
  // whatever happened above, PostgreSQL must be able to stop
  signalAll(postgresPids(dataDir), 'SIGCONT')
  await app?.close()
  await pool?.end()
  await postgres?.stop()
  await cleanupAll()
})

describe('GET /api/health', () => {
  it('answers 200 { ok, database } without a token when PostgreSQL answers', async () => {
    const response = await health()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ok: true, database: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('answers 503 within about a second while PostgreSQL is frozen, keeps the pool, and recovers', async () => {
    expect((await health()).statusCode).toBe(200) // a connection is idle in the pool now
    expect(pool.totalCount - pool.idleCount).toBe(0) // and none is in use by anything else
    const pids = postgresPids(dataDir)
    expect(pids.length).toBeGreaterThan(1) // the postmaster and its backends
    signalAll(pids, 'SIGSTOP')
    try {
      // on the idle connections first (each destroyed at the deadline), then on a new connection that the
      // frozen server never completes
      for (let i = 0; i < 3; i++) {
        const started = performance.now()
        const response = await health()
        expect(performance.now() - started).toBeLessThan(3000)
        expect(response.statusCode).toBe(503)
        expect(response.json()).toEqual({ error: messages.databaseUnavailable })
      }
      const together = await Promise.all(Array.from({ length: 5 }, health))
      expect(together.map((r) => r.statusCode)).toEqual([503, 503, 503, 503, 503])
      // one stuck connection attempt at most: the stuck query's client was destroyed, the calls share it
      expect(pool.totalCount).toBeLessThanOrEqual(1)
      expect(pool.waitingCount).toBe(0)
      // once that attempt gives up (the pool's connection timeout), checks arriving together still open one
      // connection between them, not one each
      await expect.poll(() => pool.totalCount, { timeout: 15_000 }).toBe(0)
      const again = await Promise.all(Array.from({ length: 5 }, health))
      expect(again.map((r) => r.statusCode)).toEqual([503, 503, 503, 503, 503])
      expect(pool.totalCount).toBeLessThanOrEqual(1)
      expect(pool.waitingCount).toBe(0)
    } finally {
      signalAll(pids, 'SIGCONT')
    }
    await expect.poll(async () => (await health()).statusCode, { timeout: 15_000 }).toBe(200)
    // nothing is left checked out of the pool
    await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0)
    expect((await pool.query('select 2 as n')).rows).toEqual([{ n: 2 }])
  })
})
