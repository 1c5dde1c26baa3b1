// A backup carries app_settings, the token-signing secret included: `npm run restore` renews the signing
// epoch of the restored database, so a token issued before the backup is refused by a server started on
// the restored copy (everyone signs in again) — unless `--manter-sessoes` is given. Real tools, through
// DATABASE_URL.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/http/app'
import { bootstrap } from '../../server/process/bootstrap'
import { connect } from '../../server/db/client'
import { backupTool, emptyDatabases } from '../support/backup-tools'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { tempRoot } from '../runtime/helpers'

const ADMIN = { adminEmail: 'chefe@restauracao.test', adminPassword: 'senha-do-chefe-1', jwtSecret: undefined }
const databases = emptyDatabases()
const tool = (script: 'backup' | 'restore', databaseUrl: string, args: string[]) =>
  backupTool(script, { DATABASE_URL: databaseUrl }, args)
const emptyDatabase = databases.create

/** The API as `npm start` would build it on `url`: migrations, bootstrap's secret, then the app. */
async function serverOn(url: string) {
  const { db, pool } = connect(url)
  const { jwtSecret } = await bootstrap(db, ADMIN, () => {})
  const app = await buildApp({ db, jwtSecret })
  await app.ready()
  return {
    listMedicos: (token: string) =>
      app.inject({ method: 'GET', url: '/api/medico/listAll', headers: { authorization: `Bearer ${token}` } }),
    signIn: async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/session',
        payload: { email: ADMIN.adminEmail, password: ADMIN.adminPassword },
      })
      return (response.json() as { token: string }).token
    },
    async close() {
      await app.close()
      await pool.end()
    },
  }
}

let source: TestDatabase
let dump: string
let oldToken: string
beforeAll(async () => {
  source = await createTestDatabase()
  const server = await serverOn(source.url)
  oldToken = await server.signIn()
  expect((await server.listMedicos(oldToken)).statusCode).toBe(200)
  await server.close()
  dump = join(tempRoot('clinica-restore-sessions-'), 'copia.dump')
  const backup = await tool('backup', source.url, [dump])
  expect(backup.code, backup.out).toBe(0)
})
afterAll(async () => {
  await source?.drop()
  await databases.dropAll()
})

describe('npm run restore and the sessions of before', () => {
  it('by default every earlier token is refused on the restored copy; signing in again works', async () => {
    const target = await emptyDatabase()
    const restore = await tool('restore', target, [dump])
    expect(restore.code, restore.out).toBe(0)
    expect(restore.out).toContain('todas as sessões anteriores terminaram')
    const server = await serverOn(target)
    try {
      expect((await server.listMedicos(oldToken)).statusCode).toBe(401)
      expect((await server.listMedicos(await server.signIn())).statusCode).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('--manter-sessoes keeps them', async () => {
    const target = await emptyDatabase()
    const restore = await tool('restore', target, [dump, '--manter-sessoes'])
    expect(restore.code, restore.out).toBe(0)
    expect(restore.out).toContain('Sessões mantidas')
    const server = await serverOn(target)
    try {
      expect((await server.listMedicos(oldToken)).statusCode).toBe(200)
    } finally {
      await server.close()
    }
  })
})
