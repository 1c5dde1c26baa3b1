// The real server (server/server.ts as `npm start` runs it) when its database fails:
// - personal data never reaches a log: every error path that used to log values (duplicate CPF, RG and
//   e-mail, a foreign key, an unexpected database error, a PostgreSQL crash) is provoked, then the CPFs,
//   e-mails and names used are searched for in the server's output and in every log file of DATA_DIR —
//   for the embedded PostgreSQL and for one named by DATABASE_URL;
// - the embedded PostgreSQL is supervised: after a kill -9 the API answers 503 (never 500, never a refused
//   connection), restarts it, and serves again with every acknowledged write there;
// - with DATABASE_URL, a lost connection is retried the same way;
// - a database slow to accept connections (a busy machine) delays the start, never fails it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { findRunningEmbeddedPostgres } from '../../server/db/embedded/postgres'
import { makeCpf } from '../server/helpers'
import { startFaultProxy } from '../support/fault-proxy'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import {
  cleanupAll,
  freePort,
  killPostgres,
  postgresPids,
  startServer,
  staticDir,
  tempRoot,
  token,
  type ServerProcess,
  apiCall,
  signIn,
} from '../runtime/helpers'

const ADMIN = { email: 'chefe@privado.test', password: 'senha-do-chefe-privado-1' }
let serial = 700_000

afterAll(cleanupAll, 60_000)

function api(server: ServerProcess, method: string, path: string, body?: unknown, tok?: string) {
  return apiCall(server.url, method, path, body, tok)
}

function secretPaciente(userId: string) {
  const n = ++serial
  const tag = Array.from(String(n), (d) => 'abcdefghij'[Number(d)]).join('')
  return {
    nome: `Zuleica ${tag}`,
    cpf: makeCpf(n),
    rg: String(30_000_000 + n),
    datanascimento: '1970-07-07T00:00:00.000Z',
    estadocivil: 'viúvo',
    sexo: 'feminino',
    cor: 'amarelo',
    naturalidade: 'Belém',
    profissao: 'Sigilosa',
    email: `zuleica.${tag}@segredo.test`,
    telefone: 91987650000 + (n % 1000),
    endereco: 'Rua Secreta',
    numeroendereco: 7,
    bairro: 'Oculto',
    cidade: 'Belém',
    estado: 'PA',
    userId,
  }
}

/** Every error path that used to put a value in a log; answers the values used. */
async function provoke(server: ServerProcess, tok: string, adminId: string): Promise<string[]> {
  const secrets: string[] = []
  const p = secretPaciente(adminId)
  secrets.push(p.cpf, p.rg, p.email, p.nome.toLowerCase())
  expect((await api(server, 'POST', '/paciente/register', p, tok)).status).toBe(201)
  // duplicate CPF, duplicate RG (unique indexes: DETAIL 'Key (cpf)=(…)')
  const sameCpf = { ...secretPaciente(adminId), cpf: p.cpf }
  const sameRg = { ...secretPaciente(adminId), rg: p.rg }
  secrets.push(sameCpf.rg, sameRg.cpf)
  expect((await api(server, 'POST', '/paciente/register', sameCpf, tok)).status).toBe(409)
  expect((await api(server, 'POST', '/paciente/register', sameRg, tok)).status).toBe(409)
  // duplicate e-mail of a user
  const userEmail = `pessoa.secreta.${serial}@segredo.test`
  secrets.push(userEmail)
  expect(
    (
      await api(
        server,
        'POST',
        '/users/register',
        { nome: 'Pessoa Secreta', email: userEmail, password: 'senha-secreta-forte-1' },
        tok,
      )
    ).status,
  ).toBe(201)
  expect(
    (
      await api(
        server,
        'POST',
        '/users/register',
        { nome: 'Pessoa Secreta', email: userEmail.toUpperCase(), password: 'senha-secreta-forte-1' },
        tok,
      )
    ).status,
  ).toBe(409)
  // a foreign key: an appointment for a patient that does not exist
  const medico = (await api(server, 'POST', '/medico/register', { nome: 'Doutora Reservada' }, tok)).body as {
    medico: { id: string }
  }
  const fk = await api(
    server,
    'POST',
    '/agendamento/register',
    {
      datahora: '2099-01-01T10:00:00.000Z'.replace('2099', String(new Date().getUTCFullYear() + 1)),
      anotacao: 'Nota íntima',
      convenio: 'Plano Sigiloso',
      valorIncents: 100,
      estaPago: false,
      userId: adminId,
      pacienteId: '00000000-0000-4000-8000-000000000001',
      medicoId: medico.medico.id,
      exames: ['Raio-X'],
    },
    tok,
  )
  expect(fk.status).toBe(404)
  // a failed sign-in with a personal e-mail
  const tried = `tentativa.${serial}@segredo.test`
  secrets.push(tried)
  expect((await api(server, 'POST', '/users/session', { email: tried, password: 'Senha-Tentada-1' })).status).toBe(401)
  return secrets
}

/** The log files under a folder (PostgreSQL's log and its rotation), not the cluster's data files. */
function logFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  const out: string[] = []
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    const stat = statSync(path)
    if (stat.isDirectory()) {
      // the cluster keeps its own log folder only with logging_collector (off here): look anyway
      if (entry === 'pg') out.push(...logFiles(join(path, 'log')))
      else out.push(...logFiles(path))
    } else if (/\.log(\.\d+)?$|^postgresql/.test(entry)) out.push(path)
  }
  return out
}

function expectNoSecrets(where: string, text: string, secrets: string[]) {
  const lower = text.toLowerCase()
  for (const secret of secrets) expect(lower.includes(secret.toLowerCase()), `${secret} in ${where}`).toBe(false)
}

describe('the embedded PostgreSQL', () => {
  let server: ServerProcess
  let dataDir: string
  let tok: string
  let adminId: string

  beforeAll(async () => {
    const root = tempRoot('clinica-rel-embedded-')
    dataDir = join(root, 'data')
    server = startServer({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      STATIC_DIR: staticDir(root),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      AUTO_BACKUP: 'off',
      MDNS: 'off',
    })
    await server.waitReady(60_000)
    tok = await token(server.url, ADMIN.email, ADMIN.password)
    adminId = ((await api(server, 'POST', '/users/listAll', { page: 1 }, tok)).body.usuarios as { id: string }[])[0]!.id
  })

  it('kill -9 of PostgreSQL under writes: 503 meanwhile, restarted by itself, no acknowledged write lost', async () => {
    const acknowledged: string[] = []
    let running = true
    const answers: number[] = []
    const writer = async () => {
      while (running) {
        const p = secretPaciente(adminId)
        const res = await api(server, 'POST', '/paciente/register', p, tok)
        answers.push(res.status)
        if (res.status === 201) acknowledged.push(p.cpf)
        else if (res.status === 503)
          expect([messages.databaseUnavailable, messages.serverRestarting]).toContain(res.body.error)
      }
    }
    const writers = [writer(), writer(), writer()]
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(10)
    const killed = killPostgres(dataDir)
    expect(killed.length).toBeGreaterThan(0)
    await expect.poll(() => answers.filter((s) => s === 503).length, { timeout: 30_000 }).toBeGreaterThan(0)
    await server.waitForOutput(/PostgreSQL embutido de volta/, 60_000)
    const after = acknowledged.length
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(after + 5)
    running = false
    await Promise.all(writers)

    expect(server.hasExited()).toBe(false)
    expect(postgresPids(dataDir).some((pid) => !killed.includes(pid))).toBe(true)
    // the Node process stayed up: every request got an answer, and none was a 500
    expect(answers.filter((s) => s === -1 || (s >= 500 && s !== 503))).toEqual([])
    for (const cpf of acknowledged)
      expect((await api(server, 'POST', '/paciente/findbycpf', { cpf }, tok)).status, cpf).toBe(200)
  })

  it('no CPF, RG, e-mail or name in the server’s output or in any log file, after every error path and a crash', async () => {
    const secrets = await provoke(server, tok, adminId)
    // an unexpected database error (a 500, logged by the server): a table gone
    const direct = new pg.Client({ connectionString: findRunningEmbeddedPostgres(dataDir)!.url })
    await direct.connect()
    await direct.query('alter table login_attempts rename to login_attempts_fora')
    const broken = await api(server, 'POST', '/users/session', {
      email: `quebra.${serial}@segredo.test`,
      password: 'x',
    })
    secrets.push(`quebra.${serial}@segredo.test`)
    expect(broken.status).toBe(500)
    await direct.query('alter table login_attempts_fora rename to login_attempts')
    await direct.end()
    // a crash: the server copies the end of PostgreSQL's log to its output
    const outputBefore = server.output().length
    killPostgres(dataDir)
    await server.waitForOutput(/PostgreSQL embutido de volta/, 60_000).catch(() => undefined)
    await expect
      .poll(async () => (await api(server, 'GET', '/medico/listAll', undefined, tok)).status, { timeout: 60_000 })
      .toBe(200)
    expect(server.output().slice(outputBefore)).toMatch(/parou inesperadamente/)

    expectNoSecrets('server output', server.output(), secrets)
    const files = logFiles(dataDir)
    expect(files.some((f) => f.endsWith('postgresql.log'))).toBe(true)
    for (const file of files) expectNoSecrets(file, readFileSync(file, 'utf8'), secrets)
  })
})

describe('PostgreSQL named by DATABASE_URL', () => {
  let database: TestDatabase
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  let server: ServerProcess
  let tok: string
  let adminId: string

  beforeAll(async () => {
    database = await createTestDatabase()
    proxy = await startFaultProxy(database.url)
    const root = tempRoot('clinica-rel-external-')
    server = startServer({
      DATABASE_URL: proxy.url,
      PORT: String(await freePort()),
      STATIC_DIR: staticDir(root),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      MDNS: 'off',
    })
    await server.waitReady(60_000)
    tok = await token(server.url, ADMIN.email, ADMIN.password)
    adminId = ((await api(server, 'POST', '/users/listAll', { page: 1 }, tok)).body.usuarios as { id: string }[])[0]!.id
  })
  afterAll(async () => {
    server?.kill('SIGTERM')
    await server?.exited
    await proxy?.close()
    await database?.drop()
  })

  it('a lost connection: 503 while the database is gone, served again when it is back', async () => {
    proxy.refuse(true)
    proxy.drop()
    const gone = await api(server, 'GET', '/medico/listAll', undefined, tok)
    expect(gone.status).toBe(503)
    expect(gone.body.error).toBe(messages.databaseUnavailable)
    proxy.refuse(false)
    await expect
      .poll(async () => (await api(server, 'GET', '/medico/listAll', undefined, tok)).status, { timeout: 30_000 })
      .toBe(200)
    expect(server.hasExited()).toBe(false)
  })

  it('no personal data in the server’s output', async () => {
    const secrets = await provoke(server, tok, adminId)
    expectNoSecrets('server output', server.output(), secrets)
  })
})

describe('a database slow to accept connections at start (a busy machine)', () => {
  it('the server still starts: the start waits longer for a connection than a request does', async () => {
    const database = await createTestDatabase()
    const proxy = await startFaultProxy(database.url)
    // longer than a request waits for a connection (DB_TIMEOUTS), well within the start's (START_TIMEOUTS)
    proxy.delayNew(4_000)
    const server = startServer({
      DATABASE_URL: proxy.url,
      PORT: String(await freePort()),
      STATIC_DIR: staticDir(tempRoot('clinica-rel-slow-')),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MDNS: 'off',
    })
    try {
      // its output, not HTTP: every request waits on the slow connections meanwhile
      await Promise.race([
        server.waitForOutput(/Clínica no ar/, 120_000),
        server.exited.then((exit) => {
          throw new Error(`server exited (${JSON.stringify(exit)}):\n${server.output()}`)
        }),
      ])
      proxy.delayNew(0)
      // the administrator the start created signs in
      await expect
        .poll(async () => (await signIn(server.url, ADMIN.email, ADMIN.password)).status, { timeout: 30_000 })
        .toBe(200)
    } finally {
      server.kill('SIGTERM')
      await server.exited
      await proxy.close()
      await database.drop()
    }
  }, 180_000)
})
