// DATABASE_URL mode: the server uses the named PostgreSQL and starts none. Two servers started at once
// on one fresh database create one administrator and share the JWT secret.
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { cleanupAll, freePort, listMedicos, registerMedico, startServer, staticDir, tempRoot, token } from './helpers'

const dbName = `rt_${randomUUID().replaceAll('-', '')}`
let databaseUrl: string

beforeAll(async () => {
  const adminUrl = inject('postgresAdminUrl')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${dbName}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${dbName}`
  databaseUrl = url.toString()
})

afterAll(async () => {
  await cleanupAll()
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.end()
}, 30_000)

it('with DATABASE_URL: no embedded server; two servers at once make one admin and share the JWT secret', async () => {
  const root = tempRoot('clinica-rt-ext-')
  const common = { DATABASE_URL: databaseUrl, STATIC_DIR: staticDir(root) }
  const a = startServer({ ...common, DATA_DIR: join(root, 'a'), PORT: String(await freePort()) })
  const b = startServer({ ...common, DATA_DIR: join(root, 'b'), PORT: String(await freePort()) })
  await Promise.all([a.waitReady(60_000), b.waitReady(60_000)])

  for (const s of [a, b]) {
    expect(s.output()).toContain('Banco de dados: PostgreSQL externo postgres://postgres:***@')
    expect(s.output()).not.toContain('embutido')
  }
  for (const dir of ['a', 'b']) {
    // nothing of the embedded server: no cluster, no lock
    expect(existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : []).toEqual([])
  }

  // Exactly one of them created the administrator and printed its password.
  const printed = [a, b].map((s) => /senha:\s+(\S+)/.exec(s.output())?.[1]).filter((p) => p !== undefined)
  expect(printed).toHaveLength(1)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const users = await client.query('SELECT email, role FROM users')
  const secrets = await client.query("SELECT value FROM app_settings WHERE key = 'jwt_secret'")
  await client.end()
  expect(users.rows).toEqual([{ email: 'admin@clinica.local', role: 'ADMIN' }])
  expect(secrets.rows).toHaveLength(1)

  // A token from one server is accepted by the other.
  const tok = await token(a.url, 'admin@clinica.local', printed[0]!)
  expect(await registerMedico(b.url, tok, 'Medico Externo')).toBe(201)
  expect(await listMedicos(a.url, tok)).toContain('Medico Externo')

  a.kill('SIGTERM', 'process')
  b.kill('SIGTERM', 'process')
  expect((await a.exited).code).toBe(0)
  expect((await b.exited).code).toBe(0)
}, 90_000)
