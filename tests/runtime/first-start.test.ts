// First start without ADMIN_PASSWORD (generated password printed once), a kill during the very first
// initdb, configuration errors, and (when the suite runs as root) the OS-user handling.
import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupAll, freePort, registerMedico, signIn, sleep, startServer, staticDir, tempRoot, token } from './helpers'

afterAll(cleanupAll, 30_000)

const isRoot = process.getuid?.() === 0

function osUser(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim())
    return { uid, gid }
  } catch {
    return null
  }
}

// As root, this case runs the server as the (non-root) `postgres` OS user: the code path of a normal
// user, where the server runs initdb and postgres itself. The root path is covered by lifecycle.test.ts.
const normalUser = isRoot ? osUser('postgres') : null

describe('first start', () => {
  it('killed during the first initdb, the next start works and prints the generated admin password once', async () => {
    const root = tempRoot('clinica-rt-init-')
    const dataDir = join(root, 'data')
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), STATIC_DIR: staticDir(root), HOME: root }
    mkdirSync(dataDir)
    if (normalUser) chownSync(dataDir, normalUser.uid, normalUser.gid)
    const start = () => startServer(env, normalUser ?? {})

    // a first start creates a cluster (initdb): as long as the machine takes, more than a quiet one's 30 s
    const FIRST_START_MS = 80_000
    const first = start()
    await first.waitForOutput(/Criando o banco de dados/, FIRST_START_MS)
    // initdb is running in a pg-init-* folder beside the future cluster
    const deadline = Date.now() + 10_000
    while (!readdirSync(dataDir).some((e) => e.startsWith('pg-init-') && !e.endsWith('.pw'))) {
      if (Date.now() > deadline) throw new Error(first.output())
      await sleep(10)
    }
    await sleep(150)
    first.kill('SIGKILL')
    await first.exited
    expect(existsSync(join(dataDir, 'pg'))).toBe(false) // interrupted before completion

    const second = start()
    await second.waitReady(FIRST_START_MS)
    expect(readdirSync(dataDir).filter((e) => e.startsWith('pg-init-'))).toEqual([])
    const match = await second.waitForOutput(/e-mail: (\S+)\n\s+senha:\s+(\S+)/)
    const [, email, password] = match
    expect(email).toBe('admin@clinica.local')
    expect(second.output()).toContain('não será mostrada de novo')
    const tok = await token(second.url, email!, password!)
    expect(await registerMedico(second.url, tok, 'Medica Da Primeira Vez')).toBe(201)
    const owner = normalUser?.uid ?? process.getuid!()
    expect(statSync(join(dataDir, 'pg')).uid).toBe(owner)
    expect(statSync(join(dataDir, 'pg-password')).uid).toBe(owner)
    expect(second.output()).not.toContain("Usuário do sistema 'postgres' criado")

    second.kill('SIGTERM', 'process')
    expect((await second.exited).code).toBe(0)
    const third = start()
    await third.waitReady()
    expect(third.output()).not.toContain(password!) // printed once only
    expect(third.output()).not.toContain('Administrador criado')
    expect((await signIn(third.url, email!, password!)).status).toBe(200)
    third.kill('SIGTERM', 'process')
    expect((await third.exited).code).toBe(0)
  }, 240_000)
})

describe('configuration', () => {
  it('invalid values: every problem listed in Portuguese, exit code 1, no stack trace', async () => {
    const root = tempRoot('clinica-rt-cfg-')
    const s = startServer({
      DATA_DIR: join(root, 'data'),
      PORT: 'abc',
      ADMIN_EMAIL: 'nao-e-email',
      TRUST_PROXY: 'talvez',
      ADMIN_PASSWORD: 'curta',
    })
    const exit = await s.exited
    expect(exit.code).toBe(1)
    const out = s.output()
    expect(out).toContain('Configuração inválida')
    expect(out).toContain('PORT="abc" não é uma porta válida')
    expect(out).toContain('ADMIN_EMAIL="nao-e-email" não é um e-mail válido')
    expect(out).toContain('TRUST_PROXY="talvez" deve ser true ou false')
    expect(out).toContain('ADMIN_PASSWORD deve ter de 8 a 256 caracteres')
    expect(out).not.toMatch(/\n\s+at /)
    expect(existsSync(join(root, 'data'))).toBe(false)
  }, 30_000)
})

describe.runIf(isRoot)('running as root', () => {
  it('a DATA_DIR the postgres OS user cannot enter: a clear message naming the folder and the fix', async () => {
    const root = tempRoot('clinica-rt-perm-')
    const closed = join(root, 'fechada')
    mkdirSync(closed, { mode: 0o700 })
    chmodSync(closed, 0o700)
    const s = startServer({ DATA_DIR: join(closed, 'data'), PORT: String(await freePort()) })
    expect((await s.exited).code).toBe(1)
    expect(s.output()).toContain(`não consegue entrar na pasta ${closed} (permissões 700)`)
    expect(s.output()).toContain(`chmod o+x ${closed}`)
    expect(s.output()).not.toMatch(/\n\s+at /)
  }, 30_000)
})
