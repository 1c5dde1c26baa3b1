// `npm start` (server/start.ts): with no built PWA in STATIC_DIR it builds it with Vite, then serves it.
// It runs on the test run's PostgreSQL (DATABASE_URL) to spare an initdb.
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { cleanupAll, freePort, startServer, tempRoot } from './helpers'

const dbName = `rt_${randomUUID().replaceAll('-', '')}`
let databaseUrl: string

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') })
  await client.connect()
  await client.query(sql)
  await client.end()
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${dbName}`)
  const url = new URL(inject('postgresAdminUrl'))
  url.pathname = `/${dbName}`
  databaseUrl = url.toString()
})
afterAll(async () => {
  await cleanupAll()
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
}, 30_000)

it('builds the PWA into STATIC_DIR when index.html is missing, then serves it with its service worker', async () => {
  const outDir = join(tempRoot('clinica-rt-start-'), 'dist')
  const s = startServer(
    {
      DATABASE_URL: databaseUrl,
      STATIC_DIR: outDir,
      PORT: String(await freePort()),
      ADMIN_EMAIL: 'a@clinica.test',
      ADMIN_PASSWORD: '12345678',
    },
    { entry: 'server/start.ts' },
  )
  await s.waitForOutput(/construindo com o Vite/, 20_000)
  await s.waitReady(120_000)
  expect(s.output()).toMatch(/PWA construído em .*dist/)
  expect(existsSync(join(outDir, 'index.html'))).toBe(true)
  const page = await fetch(`${s.url}/pacientes`) // a client-side route gets the app shell
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<div id="root"')
  expect((await fetch(`${s.url}/sw.js`)).status).toBe(200)
  s.kill('SIGTERM', 'process')
  expect((await s.exited).code).toBe(0)
}, 150_000)
