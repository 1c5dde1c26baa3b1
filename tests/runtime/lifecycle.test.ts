// One data folder through a server's life: first start, crash of everything, crash of Node alone,
// a second server on the same folder, a graceful stop with a request in flight, and the seed command
// against the running server. The cases run in order and share the folder (each restart checks what
// the previous case wrote).
import { execFile } from 'node:child_process'
import http from 'node:http'
import { createServer } from 'node:net'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cleanupAll,
  freePort,
  killPostgres,
  letters,
  listMedicos,
  postgresPids,
  registerMedico,
  repoRoot,
  signIn,
  sleep,
  startServer,
  staticDir,
  tempRoot,
  token,
  waitGone,
  type ServerProcess,
} from './helpers'

const ADMIN_EMAIL = 'gerente@clinica.test'
const ADMIN_PASSWORD = 'senha-forte-123'

let dataDir: string
let env: Record<string, string>
let server: ServerProcess
/** Every doctor whose registration was acknowledged (201): all must survive every restart. */
const acknowledged: string[] = []

async function restart(): Promise<string> {
  server = startServer(env)
  await server.waitReady()
  return token(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
}

async function expectAllAcknowledged(tok: string) {
  const names = new Set(await listMedicos(server.url, tok))
  const missing = acknowledged.filter((n) => !names.has(n))
  expect(missing).toEqual([])
}

beforeAll(async () => {
  const root = tempRoot('clinica-rt-life-')
  dataDir = join(root, 'data')
  env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    STATIC_DIR: staticDir(root),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  }
})
afterAll(cleanupAll, 30_000)

describe.sequential('server lifecycle on one DATA_DIR', () => {
  it('first start: creates the cluster and the administrator from ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const tok = await restart()
    expect(server.output()).toContain('Criando o banco de dados')
    expect(server.output()).toContain(`Administrador criado: ${ADMIN_EMAIL}`)
    expect(server.output()).not.toContain(ADMIN_PASSWORD)
    expect((await signIn(server.url, ADMIN_EMAIL, 'senha-errada')).status).toBe(401)
    // the PWA is served, and PostgreSQL listens on 127.0.0.1 only with its password file private
    expect(await (await fetch(`${server.url}/`)).text()).toContain('teste')
    const pidFile = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')
    expect(pidFile[5]).toBe('127.0.0.1')
    expect(readFileSync(join(dataDir, 'pg', 'PG_VERSION'), 'utf8').trim()).toBe('15')
    expect((await import('node:fs')).statSync(join(dataDir, 'pg-password')).mode & 0o077).toBe(0)
    for (let i = 0; i < 3; i++) {
      const nome = `Primeira ${letters(i)}`
      expect(await registerMedico(server.url, tok, nome)).toBe(201)
      acknowledged.push(nome)
    }
  }, 60_000)

  it('durability: SIGKILL of every process (Node and PostgreSQL) during writes loses no acknowledged write', async () => {
    const tok = await token(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    let stop = false
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const nome = `Durabilidade ${letters(w)} ${letters(i)}`
        try {
          if ((await registerMedico(server.url, tok, nome)) === 201) acknowledged.push(nome)
        } catch {
          // the connection died with the server: not acknowledged
        }
      }
    })
    // Kill while the writers are busy, once a good number of writes have been acknowledged.
    const before = acknowledged.length
    const deadline = Date.now() + 20_000
    await sleep(300)
    while (acknowledged.length - before < 30 && Date.now() < deadline) await sleep(20)
    const pg = postgresPids(dataDir)
    expect(pg.length).toBeGreaterThan(1)
    // The whole tree at once: the server's process group, and PostgreSQL (its own session).
    server.kill('SIGKILL')
    killPostgres(dataDir)
    stop = true
    await Promise.all(writers)
    await server.exited
    await waitGone(pg)
    expect(acknowledged.length - before).toBeGreaterThanOrEqual(30)

    // postmaster.pid still names the dead postmaster: PostgreSQL ignores it and recovers.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(true)
    const tok2 = await restart()
    expect(server.output()).not.toContain('execução anterior')
    await expectAllAcknowledged(tok2)
  }, 60_000)

  it('orphaned PostgreSQL: after SIGKILL of Node alone, the next start stops it and starts again', async () => {
    const tok = await token(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    expect(await registerMedico(server.url, tok, 'Antes Do Orfao')).toBe(201)
    acknowledged.push('Antes Do Orfao')
    const orphan = postgresPids(dataDir)[0]!
    server.kill('SIGKILL')
    await server.exited
    expect(postgresPids(dataDir)[0]).toBe(orphan) // still running, without its Node process

    const tok2 = await restart()
    expect(server.output()).toContain(`Um PostgreSQL da execução anterior (PID ${orphan})`)
    expect(postgresPids(dataDir)[0]).not.toBe(orphan)
    await expectAllAcknowledged(tok2)
  }, 60_000)

  it('a second server on the same DATA_DIR exits 1 with a clear message; the first keeps serving', async () => {
    const second = startServer({ ...env, PORT: String(await freePort()) })
    const exit = await second.exited
    expect(exit.code).toBe(1)
    expect(second.output()).toContain(
      `Outro servidor da Clínica já usa a pasta de dados ${dataDir} (PID ${server.pid}).`,
    )
    expect(second.output()).not.toMatch(/\n\s+at /) // no stack trace
    const tok = await token(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    expect(await registerMedico(server.url, tok, 'Depois Do Segundo')).toBe(201)
    acknowledged.push('Depois Do Segundo')
  }, 30_000)

  it('npm run seed reaches the running server’s PostgreSQL, and a second run changes nothing', async () => {
    const run = promisify(execFile)
    const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
    delete childEnv.DATABASE_URL
    const first = await run(process.execPath, ['--import', 'tsx', 'server/seed.ts'], { cwd: repoRoot, env: childEnv })
    expect(first.stdout).toContain('já em execução')
    expect(first.stdout).toMatch(/Dados de demonstração carregados:\n\s+5 médicos\n\s+30 pacientes \(3 inativos\)/)
    const second = await run(process.execPath, ['--import', 'tsx', 'server/seed.ts'], { cwd: repoRoot, env: childEnv })
    expect(second.stdout).toContain('nada foi alterado')
    const tok = await token(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    const names = await listMedicos(server.url, tok)
    expect(names).toContain('Helena Vasconcelos Duarte')
    const search = await fetch(`${server.url}/api/paciente/findbynome`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok}` },
      body: JSON.stringify({ nomer: 'conceicao', page: 1 }),
    })
    const found = (await search.json()) as { pacientes: { nome: string }[] }
    expect(found.pacientes.map((p) => p.nome)).toContain('conceição araújo')
  }, 60_000)

  it('SIGTERM with a request in flight: it completes, new requests are refused, exit 0 within 10 s', async () => {
    const tok = await token(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    const body = JSON.stringify({ nome: 'Doutora Em Voo' })
    const { port } = new URL(server.url)
    // A request whose body arrives in two parts: the server has it in hand when SIGTERM comes.
    const req = http.request({
      host: '127.0.0.1',
      port: Number(port),
      path: '/api/medico/register',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: `Bearer ${tok}`,
      },
    })
    const inFlight = new Promise<{ status: number; text: string }>((resolveRes, reject) => {
      req.on('response', (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolveRes({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
    })
    req.write(body.slice(0, 10))
    await sleep(300)
    const signalledAt = Date.now()
    server.kill('SIGTERM', 'process')
    await server.waitForOutput(/Encerrando/)
    await sleep(100)
    const probe = await fetch(`${server.url}/api/medico/listAll`, { headers: { authorization: `Bearer ${tok}` } }).then(
      (r) => r.status,
      () => 'refused',
    )
    expect([503, 'refused']).toContain(probe)
    expect(server.hasExited()).toBe(false) // still waiting for the request in flight

    req.end(body.slice(10))
    const res = await inFlight
    expect(res.status).toBe(201)
    const respondedAt = Date.now()
    acknowledged.push('Doutora Em Voo')
    const exit = await server.exited
    expect(exit).toEqual({ code: 0, signal: null })
    expect(Date.now() - signalledAt).toBeLessThan(10_000)
    // The client keeps its connection alive (Node's default agent): the server closes it once idle
    // instead of waiting for the client to let go.
    expect(Date.now() - respondedAt).toBeLessThan(4_000)
    expect(server.output()).toContain('PostgreSQL embutido parado.')
    expect(postgresPids(dataDir)).toEqual([])
    expect(existsSync(join(dataDir, 'clinica.lock'))).toBe(false)
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false)

    const tok2 = await restart()
    await expectAllAcknowledged(tok2)
    expect(server.output()).not.toContain('Administrador criado')
    server.kill('SIGINT', 'process')
    expect(await server.exited).toEqual({ code: 0, signal: null })
  }, 60_000)

  it('a failure during start (port taken) stops the PostgreSQL it started and frees the folder; exit 1', async () => {
    const busy = createServer()
    await new Promise<void>((r) => busy.listen(Number(env.PORT), '127.0.0.1', r))
    try {
      const s = startServer(env)
      expect((await s.exited).code).toBe(1)
      expect(s.output()).toContain('Banco de dados: PostgreSQL embutido') // it had started
      expect(s.output()).toContain(`A porta ${env.PORT} já está em uso em 127.0.0.1.`)
      expect(s.output()).toContain('PostgreSQL embutido parado.')
      expect(postgresPids(dataDir)).toEqual([])
      expect(existsSync(join(dataDir, 'clinica.lock'))).toBe(false)
    } finally {
      busy.close()
    }
  }, 30_000)
})
