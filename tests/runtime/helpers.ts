// Runs the real server (server/server.ts) as child processes, each in its own process group, and cleans
// up after them: every process group started here and every PostgreSQL left on a data folder used here.
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export { freePort } from '../../server/process/free-port'

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)))

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** A temporary folder (mode 0755 so that the `postgres` OS user can enter it when tests run as root). */
export function tempRoot(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  chmodSync(dir, 0o755)
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A STATIC_DIR with a tiny index.html. */
export function staticDir(root: string): string {
  const dir = join(root, 'static')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Clínica</title><p>teste</p>')
  return dir
}

/** Settings a test must not inherit from the environment the suite runs in. */
const SCRUBBED = [
  'DATABASE_URL',
  'DATA_DIR',
  'PORT',
  'HOST',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'JWT_SECRET',
  'STATIC_DIR',
  'TRUST_PROXY',
  'EMBEDDED_PG_PORT',
  'LOG_LEVEL',
  'HTTPS',
  'HTTPS_PORT',
  'TLS_CERT',
  'TLS_KEY',
  'HTTPS_NAMES',
  'MDNS',
  'MDNS_NAME',
  'API_PROCESSES',
  'DB_POOL_SIZE',
]

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServerProcess {
  child: ChildProcess
  pid: number
  url: string
  output(): string
  exited: Promise<Exit>
  hasExited(): boolean
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  /** Polls HTTP until the server answers; rejects if the process exits first. */
  waitReady(timeoutMs?: number): Promise<void>
  /** Signals the whole process group (default) or the Node process alone. */
  kill(signal: NodeJS.Signals, scope?: 'group' | 'process'): void
}

const started: ServerProcess[] = []
const dataDirs = new Set<string>()
const cleanups: (() => void)[] = []

export function startServer(
  env: Record<string, string>,
  options: { uid?: number; gid?: number; entry?: string } = {},
): ServerProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env }
  for (const key of SCRUBBED) delete childEnv[key]
  Object.assign(childEnv, { HOST: '127.0.0.1', LOG_LEVEL: 'error' }, env)
  if (childEnv.DATA_DIR) dataDirs.add(childEnv.DATA_DIR)
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'server/server.ts'], {
    cwd: repoRoot,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
  })
  let out = ''
  const listeners = new Set<() => void>()
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8')
    for (const l of listeners) l()
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)
  let exit: Exit | null = null
  const exited = new Promise<Exit>((resolveExit) => {
    child.once('close', (code, signal) => {
      exit = { code, signal }
      for (const l of listeners) l()
      resolveExit(exit)
    })
  })
  const url = `http://127.0.0.1:${childEnv.PORT}`

  const server: ServerProcess = {
    child,
    pid: child.pid!,
    url,
    output: () => out,
    exited,
    hasExited: () => exit !== null,
    waitForOutput(re, timeoutMs = 30_000) {
      return new Promise((resolveMatch, reject) => {
        const check = () => {
          const m = re.exec(out)
          if (m) {
            done()
            resolveMatch(m)
          } else if (exit) {
            done()
            reject(new Error(`server exited (${JSON.stringify(exit)}) before printing ${re}:\n${out}`))
          }
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`timeout waiting for ${re}:\n${out}`))
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        listeners.add(check)
        check()
      })
    },
    async waitReady(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        if (exit) throw new Error(`server exited (${JSON.stringify(exit)}) before it was ready:\n${out}`)
        try {
          await fetch(`${url}/api/medico/listAll`, { signal: AbortSignal.timeout(1000) })
          return
        } catch {
          await sleep(50)
        }
      }
      throw new Error(`server not ready after ${timeoutMs} ms:\n${out}`)
    },
    kill(signal, scope = 'group') {
      try {
        process.kill(scope === 'group' ? -child.pid! : child.pid!, signal)
      } catch {
        // already gone
      }
    },
  }
  started.push(server)
  return server
}

/** PIDs of the postmaster running on DATA_DIR/pg and of its children. */
export function postgresPids(dataDir: string): number[] {
  let pid: number
  try {
    pid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return []
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return []
  const pids = [pid]
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) pids.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return pids
}

/** Alive and not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
    return state !== 'Z' && state !== 'X'
  } catch {
    return false
  }
}

export async function waitGone(pids: number[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (pids.some(isAlive)) {
    if (Date.now() > deadline) throw new Error(`processes still alive: ${pids.filter(isAlive).join(', ')}`)
    await sleep(25)
  }
}

export function killPostgres(dataDir: string): number[] {
  const pids = postgresPids(dataDir)
  for (const p of pids) {
    try {
      process.kill(p, 'SIGKILL')
    } catch {
      // gone
    }
  }
  return pids
}

/** afterAll: SIGKILL every server group started here and every PostgreSQL on their data folders. */
export async function cleanupAll(): Promise<void> {
  for (const s of started.splice(0)) {
    if (!s.hasExited()) s.kill('SIGKILL')
    await Promise.race([s.exited, sleep(5000)])
  }
  const pids: number[] = []
  for (const dir of dataDirs) pids.push(...killPostgres(dir))
  dataDirs.clear()
  await waitGone(pids).catch(() => {})
  for (const c of cleanups.splice(0)) c()
}

// ---- the API, as a client sees it ------------------------------------------------------------------

export async function signIn(
  url: string,
  email: string,
  password: string,
): Promise<{ status: number; token?: string; text: string }> {
  const res = await fetch(`${url}/api/users/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const text = await res.text()
  let tok: string | undefined
  try {
    tok = (JSON.parse(text) as { token?: string }).token
  } catch {
    tok = undefined
  }
  return { status: res.status, token: tok, text }
}

/**
 * One call to a running server's API as a client makes it: status and JSON body ({} when empty); a network
 * error or no answer within `timeoutMs` is status -1 with the error as `body.error`, never a throw.
 */
export async function apiCall(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  tok?: string,
  timeoutMs = 20_000,
): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(tok ? { authorization: `Bearer ${tok}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await res.text()
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
  } catch (error) {
    return { status: -1, body: { error: String(error) } }
  }
}

export async function token(url: string, email: string, password: string): Promise<string> {
  const r = await signIn(url, email, password)
  const server = started.find((s) => s.url === url)
  if (r.status !== 200 || !r.token) throw new Error(`sign-in failed: ${r.status} ${r.text}\n${server?.output() ?? ''}`)
  return r.token
}

export async function registerMedico(url: string, tok: string, nome: string): Promise<number> {
  const res = await fetch(`${url}/api/medico/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tok}` },
    body: JSON.stringify({ nome }),
  })
  await res.arrayBuffer()
  return res.status
}

export async function listMedicos(url: string, tok: string): Promise<string[]> {
  const res = await fetch(`${url}/api/medico/listAll`, { headers: { authorization: `Bearer ${tok}` } })
  if (res.status !== 200) throw new Error(`listAll: ${res.status}`)
  const body = (await res.json()) as { medicos: { nome: string }[] }
  return body.medicos.map((m) => m.nome)
}

/** A letters-only word for an integer (doctor names accept letters only): 0 → a, 27 → bb… */
export function letters(n: number): string {
  let s = ''
  let v = n
  do {
    s = String.fromCharCode(97 + (v % 26)) + s
    v = Math.floor(v / 26) - 1
  } while (v >= 0)
  return s
}
