// Backups: `npm run backup` copies the database while the server keeps accepting writes (one consistent
// snapshot), `npm run restore` loads the copy into an empty database and refuses any other; the round trip
// keeps every row of every table. For the embedded server (reached through its postmaster.pid and password
// file) and through DATABASE_URL. The embedded server also keeps its last 7 daily dumps by itself, and
// says plainly at start when pg_dump is missing; an older pg_dump is refused.
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clinicToday } from '@contract'
import { buildApp } from '../../server/http/app'
import { hashPassword } from '../../server/auth/password'
import { findRunningEmbeddedPostgres } from '../../server/db/embedded/postgres'
import { users } from '../../server/db/schema'
import { TEST_JWT_SECRET } from '../support/api-app'
import { backupTool, emptyDatabases } from '../support/backup-tools'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import {
  cleanupAll,
  freePort,
  sleep,
  startServer,
  staticDir,
  tempRoot,
  token,
  type ServerProcess,
} from '../runtime/helpers'

const databases = emptyDatabases()
const tool = backupTool
const emptyDatabase = databases.create

const TABLES = [
  'users',
  'medicos',
  'pacientes',
  'agendamentos',
  'audit_log',
  'sessions',
  'idempotency_keys',
  'login_attempts',
  'app_settings',
  'drizzle.__drizzle_migrations',
]

/** Every row of every table, as JSON text (UTC), sorted. */
async function snapshot(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`SET TimeZone = 'UTC'`)
    const out: Record<string, string[]> = {}
    for (const table of TABLES) {
      const { rows } = await client.query<{ r: string }>(`select row_to_json(t)::text as r from ${table} t`)
      out[table] = rows.map((row) => row.r).sort()
    }
    return out
  } finally {
    await client.end()
  }
}

async function names(url: string, sql: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<{ v: string }>(sql)).rows.map((row) => row.v).sort()
  } finally {
    await client.end()
  }
}

/** A consistent snapshot: every record and its audit row are both there, or neither (one transaction). */
async function expectConsistent(url: string) {
  for (const [table, entity] of [
    ['medicos', 'medico'],
    ['pacientes', 'paciente'],
  ] as const) {
    const ids = await names(url, `select id::text as v from ${table}`)
    const audited = await names(
      url,
      `select entity_id::text as v from audit_log where action = 'create' and entity = '${entity}'`,
    )
    expect(audited, table).toEqual(ids)
  }
}

function expectSubset(restored: Record<string, string[]>, source: Record<string, string[]>) {
  for (const table of TABLES) {
    const present = new Set(source[table])
    expect(
      restored[table]!.filter((row) => !present.has(row)),
      table,
    ).toEqual([])
  }
}

const dumpPath = (out: string) => /Cópia de segurança gravada: (\S+\.dump)/.exec(out)?.[1]

let letterSerial = 0
const word = () => {
  let n = letterSerial++
  let s = ''
  do {
    s = String.fromCharCode(97 + (n % 26)) + s
    n = Math.floor(n / 26) - 1
  } while (n >= 0)
  return s
}

afterAll(async () => {
  await cleanupAll()
  await databases.dropAll()
}, 60_000)

// ---------------------------------------------------------------------------------------------------

describe.sequential('embedded server (DATA_DIR)', () => {
  const ADMIN_EMAIL = 'copias@clinica.test'
  const ADMIN_PASSWORD = 'senha-das-copias-1'
  let root: string
  let dataDir: string
  let env: Record<string, string>
  let server: ServerProcess
  let tok: string

  async function post(path: string, body: unknown): Promise<number> {
    const res = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok}` },
      body: JSON.stringify(body),
    })
    await res.arrayBuffer()
    return res.status
  }

  beforeAll(async () => {
    root = tempRoot('clinica-backup-')
    dataDir = join(root, 'data')
    // older daily dumps (only the 7 most recent are kept) and a manual copy (never touched)
    mkdirSync(join(dataDir, 'backups'), { recursive: true })
    for (let d = 1; d <= 9; d++) writeFileSync(join(dataDir, 'backups', `clinica-diario-2020-01-0${d}.dump`), 'antiga')
    writeFileSync(join(dataDir, 'backups', 'clinica-2020-01-01T10-00-00-000Z.dump'), 'manual')
    env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      STATIC_DIR: staticDir(root),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      AUTO_BACKUP_DELAY_SECONDS: '1',
    }
    server = startServer(env)
    await server.waitReady(60_000)
    tok = await token(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
  }, 90_000)

  it('keeps its own daily dump (the last 7), shortly after start', async () => {
    const today = clinicToday()
    await server.waitForOutput(
      new RegExp(`Cópia de segurança diária gravada: .*clinica-diario-${today}\\.dump`),
      30_000,
    )
    const files = readdirSync(join(dataDir, 'backups')).sort()
    expect(files.filter((f) => f.startsWith('clinica-diario-'))).toEqual([
      'clinica-diario-2020-01-04.dump',
      'clinica-diario-2020-01-05.dump',
      'clinica-diario-2020-01-06.dump',
      'clinica-diario-2020-01-07.dump',
      'clinica-diario-2020-01-08.dump',
      'clinica-diario-2020-01-09.dump',
      `clinica-diario-${today}.dump`,
    ])
    expect(files).toContain('clinica-2020-01-01T10-00-00-000Z.dump')
    expect(statSync(join(dataDir, 'backups', `clinica-diario-${today}.dump`)).mode & 0o077).toBe(0)
    expect(files.filter((f) => f.includes('parcial'))).toEqual([])
  }, 40_000)

  it('npm run backup while writes go on: a consistent copy, restored whole into an empty database; the server keeps writing', async () => {
    for (let i = 0; i < 5; i++) expect(await post('/medico/register', { nome: `Base ${word()}` })).toBe(201)
    const acknowledged: string[] = []
    let stop = false
    const writers = Array.from({ length: 3 }, async () => {
      while (!stop) {
        const nome = `Carga ${word()}`
        if ((await post('/medico/register', { nome })) === 201) acknowledged.push(nome)
      }
    })
    await sleep(300)
    const before = [...acknowledged]
    const backup = await tool('backup', { DATA_DIR: dataDir })
    const afterCount = acknowledged.length
    await sleep(300)
    stop = true
    await Promise.all(writers)
    expect(backup.code, backup.out).toBe(0)
    expect(backup.out).toContain('PostgreSQL embutido em execução')
    const file = dumpPath(backup.out)!
    expect(file.startsWith(join(dataDir, 'backups', 'clinica-'))).toBe(true)
    expect(statSync(file).mode & 0o077).toBe(0)
    // writes were accepted during the copy and after it
    expect(before.length).toBeGreaterThan(0)
    expect(acknowledged.length).toBeGreaterThan(afterCount)
    expect(await post('/medico/register', { nome: `Depois ${word()}` })).toBe(201)

    const target = await emptyDatabase()
    const restore = await tool('restore', { DATABASE_URL: target }, [file])
    expect(restore.code, restore.out).toBe(0)
    expect(restore.out).toContain('Restauração concluída.')

    const source = findRunningEmbeddedPostgres(dataDir)!.url
    const restored = await snapshot(target)
    expectSubset(restored, await snapshot(source))
    await expectConsistent(target)
    const restoredNames = new Set(await names(target, 'select nome as v from medicos'))
    expect(before.filter((n) => !restoredNames.has(n))).toEqual([])
    expect(restored.users).toHaveLength(1)
    expect(restored['drizzle.__drizzle_migrations']!.length).toBeGreaterThanOrEqual(3)
  }, 120_000)

  it('at rest, the round trip keeps every row of every table; a database that has tables is refused', async () => {
    const explicit = join(root, 'copias', 'agora.dump')
    const backup = await tool('backup', { DATA_DIR: dataDir }, [explicit])
    expect(backup.code, backup.out).toBe(0)
    expect(dumpPath(backup.out)).toBe(explicit)
    const again = await tool('backup', { DATA_DIR: dataDir }, [explicit])
    expect(again.code).toBe(1)
    expect(again.out).toContain('já existe')

    const target = await emptyDatabase()
    expect((await tool('restore', { DATABASE_URL: target }, [explicit])).code).toBe(0)
    const source = await snapshot(findRunningEmbeddedPostgres(dataDir)!.url)
    const restored = await snapshot(target)
    for (const table of TABLES) {
      expect(restored[table]!.length, table).toBe(source[table]!.length)
      expect(restored[table], table).toEqual(source[table])
    }
    expect(restored.medicos!.length).toBeGreaterThan(10)
    // the append-only trigger came along
    const client = new pg.Client({ connectionString: target })
    await client.connect()
    await expect(client.query('delete from audit_log')).rejects.toThrow(/somente inclusão/)
    await client.end()

    const refused = await tool('restore', { DATABASE_URL: target }, [explicit])
    expect(refused.code).toBe(1)
    expect(refused.out).toMatch(/não está vazio: tem \d+ tabelas/)
    // the running server's own database is not empty either: refused before anything is done
    const onServer = await tool('restore', { DATA_DIR: dataDir }, [explicit])
    expect(onServer.code).toBe(1)
    expect(onServer.out).toContain('está em execução')
    const missing = await tool('restore', { DATABASE_URL: target }, [join(root, 'nao-existe.dump')])
    expect(missing.code).toBe(1)
    expect(missing.out).toContain('Arquivo não encontrado')
  }, 120_000)

  it('refuses a pg_dump older than the server, with a clear message', async () => {
    const bin = join(root, 'bin-antigo')
    mkdirSync(bin)
    writeFileSync(join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 14.11"\n')
    chmodSync(join(bin, 'pg_dump'), 0o755)
    const result = await tool('backup', { DATA_DIR: dataDir, PG_BIN_DIR: bin })
    expect(result.code).toBe(1)
    expect(result.out).toContain('é mais antigo que o servidor PostgreSQL 15')
    expect(result.out).toContain('postgresql-client-15')
    expect(result.out).not.toMatch(/\n\s+at /)
  }, 60_000)

  it('says plainly at start when pg_dump is not found', async () => {
    server.kill('SIGTERM', 'process')
    expect((await server.exited).code).toBe(0)
    server = startServer({ ...env, PG_BIN_DIR: join(root, 'nada-aqui') })
    await server.waitReady(60_000)
    await server.waitForOutput(
      /cópias de segurança diárias automáticas DESLIGADAS — pg_dump não foi encontrado/,
      10_000,
    )
    expect(server.output()).toContain('postgresql-client-15')
    // the server serves anyway
    tok = await token(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    expect(await post('/medico/register', { nome: `Sem Copia ${word()}` })).toBe(201)
    server.kill('SIGTERM', 'process')
    expect((await server.exited).code).toBe(0)
  }, 90_000)
})

// ---------------------------------------------------------------------------------------------------

describe('through DATABASE_URL', () => {
  let database: TestDatabase
  let app: Awaited<ReturnType<typeof buildApp>>
  let adminToken: string
  let dir: string

  beforeAll(async () => {
    database = await createTestDatabase()
    await database.db.insert(users).values({
      nome: 'Gerente',
      email: 'gerente@clinica.test',
      passwordHash: await hashPassword('senha-gerente-1'),
      role: 'ADMIN',
    })
    app = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET })
    await app.ready()
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/session',
      payload: { email: 'gerente@clinica.test', password: 'senha-gerente-1' },
    })
    adminToken = (login.json() as { token: string }).token
    dir = tempRoot('clinica-backup-url-')
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  const register = async (nome: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/medico/register',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { nome },
      })
    ).statusCode

  it('copies while the API writes, restores into an empty database: consistent, then identical at rest', async () => {
    for (let i = 0; i < 5; i++) expect(await register(`Url ${word()}`)).toBe(201)
    const acknowledged: string[] = []
    let stop = false
    const writer = (async () => {
      while (!stop) {
        const nome = `Url Carga ${word()}`
        if ((await register(nome)) === 201) acknowledged.push(nome)
      }
    })()
    await sleep(200)
    const before = [...acknowledged]
    const busy = await tool('backup', { DATABASE_URL: database.url }, [dir])
    stop = true
    await writer
    expect(busy.code, busy.out).toBe(0)
    const busyFile = dumpPath(busy.out)!
    expect(busyFile.startsWith(dir)).toBe(true)
    expect(existsSync(busyFile)).toBe(true)

    const first = await emptyDatabase()
    expect((await tool('restore', { DATABASE_URL: first }, [busyFile])).code).toBe(0)
    expectSubset(await snapshot(first), await snapshot(database.url))
    await expectConsistent(first)
    const restoredNames = new Set(await names(first, 'select nome as v from medicos'))
    expect(before.filter((n) => !restoredNames.has(n))).toEqual([])

    // at rest: identical
    const quiet = await tool('backup', { DATABASE_URL: database.url }, [join(dir, 'quieto.dump')])
    expect(quiet.code, quiet.out).toBe(0)
    const second = await emptyDatabase()
    expect((await tool('restore', { DATABASE_URL: second }, [join(dir, 'quieto.dump')])).code).toBe(0)
    expect(await snapshot(second)).toEqual(await snapshot(database.url))
    // and the API keeps writing
    expect(await register(`Url Depois ${word()}`)).toBe(201)
  }, 120_000)
})
