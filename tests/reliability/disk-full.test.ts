// A full disk under the real server: DATA_DIR on a small tmpfs (mounted here; this needs root, which the
// suite has on the CI machine and in the development container), filled to the last byte while patients
// are registered. Every answer is a success or a 503 with its own sentence — never a 500, a wrong-password
// sign-in included — nothing refused is half-written, and the service resumes by itself once space returns.
// Without the right to mount, the same checks run on an equivalent injection: the database turned
// read-only (default_transaction_read_only), which PostgreSQL reports the way a read-only volume is seen.
import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { findRunningEmbeddedPostgres } from '../../server/db/embedded/postgres'
import { makeCpf } from '../server/helpers'
import {
  apiCall,
  cleanupAll,
  freePort,
  killPostgres,
  startServer,
  staticDir,
  tempRoot,
  token,
  type ServerProcess,
} from '../runtime/helpers'

const ADMIN = { email: 'chefe@disco.test', password: 'senha-do-disco-cheio-1' }
const root = tempRoot('clinica-rel-disk-')
const mountPoint = join(root, 'disco')
mkdirSync(mountPoint)

/** Mounts a 160 MB tmpfs on mountPoint; false when this process may not. */
function mountSmallDisk(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m,mode=0755', 'tmpfs', mountPoint], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const mounted = mountSmallDisk()

let server: ServerProcess
let tok: string
let adminId: string
let serial = 900_000
const dataDir = join(mountPoint, 'data')
const filler = join(mountPoint, 'enchimento')

afterAll(async () => {
  // the server and its PostgreSQL first, then the tmpfs, then the folders (a mounted one cannot be removed)
  server?.kill('SIGKILL')
  killPostgres(dataDir)
  await server?.exited
  if (mounted) execFileSync('umount', ['-l', mountPoint], { stdio: 'ignore' })
  await cleanupAll()
}, 60_000)

beforeAll(async () => {
  server = startServer({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    STATIC_DIR: staticDir(root),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTO_BACKUP: 'off',
    MDNS: 'off',
  })
  await server.waitReady(60_000)
  tok = await token(server.url, ADMIN.email, ADMIN.password)
  adminId = ((await call('POST', '/users/listAll', { page: 1 })).body.usuarios as { id: string }[])[0]!.id
})

function call(method: string, path: string, body?: unknown, withToken = true) {
  return apiCall(server.url, method, path, body, withToken ? tok : undefined, 30_000)
}

function paciente() {
  const n = ++serial
  return {
    nome: 'Paciente Disco Cheio',
    cpf: makeCpf(n),
    rg: String(40_000_000 + n),
    datanascimento: '1990-01-01T00:00:00.000Z',
    estadocivil: 'casado',
    sexo: 'masculino',
    cor: 'pardo',
    naturalidade: 'Recife',
    profissao: 'x'.repeat(100),
    email: 'disco@example.com',
    telefone: 81912345678,
    endereco: 'Rua '.padEnd(190, 'x'),
    numeroendereco: 1,
    bairro: 'Centro',
    cidade: 'Recife',
    estado: 'PE',
    userId: adminId,
  }
}

/** Writes zeros until the file system refuses: 1 MB at a time, then smaller pieces, down to a byte. */
function fillDisk() {
  const fd = openSync(filler, 'w')
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 1]) {
      const chunk = Buffer.alloc(size)
      try {
        for (;;) writeSync(fd, chunk)
      } catch {
        // ENOSPC at this size: go on with a smaller one
      }
    }
  } finally {
    closeSync(fd)
  }
}

async function turnReadOnly(on: boolean) {
  const client = new pg.Client({ connectionString: findRunningEmbeddedPostgres(dataDir)!.url })
  await client.connect()
  await client.query(`alter database ${client.database} set default_transaction_read_only = ${on ? 'on' : 'off'}`)
  // the setting reaches new sessions: end the API's current ones
  await client.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  await client.end()
}

describe(
  mounted
    ? 'disk full (DATA_DIR on a 160 MB tmpfs, filled)'
    : 'read-only database (injected: no right to mount a tmpfs)',
  () => {
    it('writes answer 503 with their own sentence, never 500; nothing refused is written; the service resumes when space returns', async () => {
      const before = paciente()
      expect((await call('POST', '/paciente/register', before)).status).toBe(201)
      if (mounted) fillDisk()
      else await turnReadOnly(true)

      const acknowledged: string[] = [before.cpf]
      const refused: string[] = []
      const statuses: number[] = []
      // until the database refuses (a page or WAL segment already there may still take a few rows)
      for (let i = 0; i < 400 && !statuses.includes(503); i++) {
        const p = paciente()
        const res = await call('POST', '/paciente/register', p)
        statuses.push(res.status)
        if (res.status === 201) acknowledged.push(p.cpf)
        else {
          refused.push(p.cpf)
          expect(res.status, JSON.stringify(res.body)).toBe(503)
          expect([messages.storageUnavailable, messages.databaseUnavailable]).toContain(res.body.error)
        }
      }
      expect(statuses).toContain(503)
      // a wrong password while the disk is full: 401 (nothing to write but the failure) or 503, not 500
      const wrong = await call('POST', '/users/session', { email: ADMIN.email, password: 'senha-errada' }, false)
      expect([401, 503]).toContain(wrong.status)
      expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([])

      if (mounted) rmSync(filler)
      else await turnReadOnly(false)
      await expect
        .poll(async () => (await call('POST', '/paciente/register', paciente())).status, {
          timeout: 90_000,
          interval: 500,
        })
        .toBe(201)
      expect(server.hasExited()).toBe(false)
      for (const cpf of acknowledged) expect((await call('POST', '/paciente/findbycpf', { cpf })).status, cpf).toBe(200)
      for (const cpf of refused) expect((await call('POST', '/paciente/findbycpf', { cpf })).status, cpf).toBe(404)
    })
  },
)
