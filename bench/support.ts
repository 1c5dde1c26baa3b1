// What the benchmarks share: the machine's description, the REAL server started as a child process
// (node --import tsx server/server.ts, exactly what `npm start` runs once the PWA is built), a fresh
// database for it, and the sections of bench/RESULTS.md.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, totalmem, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { findRunningEmbeddedPostgres } from '../server/db/embedded/postgres'
import { MAX_REQUESTS_PER_SOCKET } from '../server/http/http-limits'

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const RESULTS_FILE = join(repoRoot, 'bench', 'RESULTS.md')

export interface Machine {
  cores: number
  cpu: string
  memoryGiB: number
  node: string
  date: string
}

export function machine(): Machine {
  const list = cpus()
  return {
    cores: list.length,
    cpu: list[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  }
}

export const describeMachine = (m: Machine) =>
  `${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.date}`

// ---------------------------------------------------------------------------------------------------
// Options and the load generator, shared by bench/api.ts and bench/processes.ts

/** The command line's `--name` flags and `--name=value` options, and the options every API bench takes. */
export function benchArgs(argv: string[], durations: { full: number; quick: number }) {
  const flag = (name: string) => argv.includes(`--${name}`)
  const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const quick = flag('quick')
  return {
    flag,
    option,
    quick,
    common: {
      pacientes: quick ? 10_000 : 100_000,
      agendamentos: quick ? 20_000 : 200_000,
      medicos: 20,
      connections: Number(option('connections') ?? 32),
      duration: Number(option('duration') ?? (quick ? durations.quick : durations.full)),
      warmup: quick ? 1 : 3,
      write: !quick && !flag('no-write'),
    },
  }
}

/**
 * autocannon's options every load shares. The server closes a kept-alive connection after MAX_REQUESTS_PER_SOCKET
 * requests (server/http/http-limits.ts): Node sets `Connection: close` on that answer and answers 503 to anything more
 * sent on the socket. Browsers and undici honour the header; autocannon does not, so without `reconnectRate`
 * every connection got 503s after its 1,000th request (the ceiling's non-2xx). With it, each connection opens a
 * new socket after as many requests as the server allows, as a real client would
 * (bench/journal/2026-11-24-cheaper-answers-second-round.md, "Cheaper answers (second round)").
 */
export const loadClientOptions = { pipelining: 1, reconnectRate: MAX_REQUESTS_PER_SOCKET } as const

// ---------------------------------------------------------------------------------------------------
// The database the server will use

export interface BenchDatabase {
  kind: 'embedded' | 'postgresql'
  /** Environment for the server: DATA_DIR, or DATABASE_URL. */
  env: Record<string, string>
  /** URL for the bench's own connection; for the embedded server, known only once the server runs. */
  url(): string
  /** Removes the data folder, or drops the database. */
  drop(): Promise<void>
}

/** A temporary DATA_DIR: the server starts its own embedded PostgreSQL there (initdb on first start). */
export function embeddedDatabase(): BenchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'clinica-bench-'))
  // as root the embedded server runs as the OS user `postgres`, which must reach the folder
  chmodSync(dir, 0o755)
  const dataDir = join(dir, 'data')
  return {
    kind: 'embedded',
    env: { DATA_DIR: dataDir },
    url() {
      const running = findRunningEmbeddedPostgres(dataDir)
      if (!running) throw new Error(`no embedded PostgreSQL running on ${dataDir}`)
      return running.url
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A fresh database on the PostgreSQL server of `adminUrl` (DATABASE_URL), dropped afterwards. */
export async function externalDatabase(adminUrl: string, prefix = 'clinica_bench'): Promise<BenchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    kind: 'postgresql',
    env: { DATABASE_URL: url.toString() },
    url: () => url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

// ---------------------------------------------------------------------------------------------------
// The real server, as a child process

export interface RunningServer {
  url: string
  child: ChildProcess
  adminEmail: string
  adminPassword: string
  /** What the server printed (the last 64 kB). */
  output(): string
  /** SIGTERM, then wait for the exit (the server drains, closes its pool, stops PostgreSQL). */
  stop(): Promise<number | null>
}

export interface StartOptions {
  env: Record<string, string>
  /** The built PWA to serve (STATIC_DIR); the server only serves /api when the folder has no index.html. */
  staticDir?: string
  logLevel?: string
  timeoutMs?: number
  /** Extra flags for the server's Node (bench/perf-record.ts's, for perf to name JS frames). */
  nodeFlags?: string[]
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const adminEmail = 'bench@clinica.local'
  const adminPassword = `bench-${randomBytes(9).toString('base64url')}`
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env.DATABASE_URL
  delete env.DATA_DIR
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: '0',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: options.logLevel ?? 'warn',
    STATIC_DIR: options.staticDir ?? join(repoRoot, 'dist'),
    // the day's first backup starts 60 s after the server: a pg_dump of the bench's 100,000 patients in the
    // middle of a measured run (seen taking a large share of the machine's CPU during a booking's loaded run)
    AUTO_BACKUP: 'off',
    ...options.env,
  })
  // BENCH_SERVER_NODE_FLAGS: extra flags for the server's Node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to
  // profile it under load (Node refuses --cpu-prof in NODE_OPTIONS).
  const extraFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean)
  extraFlags.push(...(options.nodeFlags ?? []))
  const child = spawn(process.execPath, [...extraFlags, '--import', 'tsx', 'server/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-65_536)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)))

  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      reject(new Error(`the server did not start within ${(options.timeoutMs ?? 180_000) / 1000} s:\n${output}`))
    }, options.timeoutMs ?? 180_000)
    const onData = () => {
      const m = /Clínica no ar: (http:\/\/\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        child.stdout!.off('data', onData)
        resolveUrl(m[1]!)
      }
    }
    child.stdout!.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}) before listening:\n${output}`))
    })
  })

  return {
    url,
    child,
    adminEmail,
    adminPassword,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
}

/** POST /api/users/session: the token and the user, as the PWA keeps them. */
export async function signIn(
  server: RunningServer,
): Promise<{ token: string; user: { id: string; nome: string; role: string } }> {
  const response = await fetch(`${server.url}/api/users/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  })
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as { token: string; user: { id: string; nome: string; role: string } }
}

// ---------------------------------------------------------------------------------------------------
// bench/RESULTS.md: one section per bench, each replaced by its own next run

const HEADER = `# Benchmark results

Written by \`npm run bench\` (API) and \`npm run bench:web\` (PWA); how to run them, the targets and what
each figure means: [docs/performance.md](../docs/performance.md). Each section is replaced by the next run
of its bench; the machine it ran on is stated in the section.
`

export function writeResultsSection(section: 'api' | 'web' | 'size' | 'processes', body: string): void {
  const start = `<!-- ${section}:start -->`
  const end = `<!-- ${section}:end -->`
  let text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : HEADER
  const block = `${start}\n${body.trim()}\n${end}`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from >= 0 && to > from) text = text.slice(0, from) + block + text.slice(to + end.length)
  else if (section === 'api' && text.includes('<!-- web:start -->'))
    text = text.replace('<!-- web:start -->', `${block}\n\n<!-- web:start -->`)
  else text = `${text.trimEnd()}\n\n${block}\n`
  writeFileSync(RESULTS_FILE, text)
}

/** A markdown table: the first `leftColumns` columns left-aligned, the figures right-aligned. */
export function table(head: string[], rows: string[][], leftColumns = 1): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map((_, i) => (i < leftColumns ? '---' : '---:'))), ...rows.map(line)].join('\n')
}

export async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")
    return `PostgreSQL ${rows[0]!.v}`
  } finally {
    await client.end()
  }
}
