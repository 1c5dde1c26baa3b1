// PostgreSQL's own client programs for backups: pg_dump (custom format, one consistent snapshot taken while
// the server keeps serving) and pg_restore. They must be of the server's major version or newer — an older
// pg_dump refuses a newer server — and the same major is preferred (an archive of a newer pg_dump cannot be
// read by an older pg_restore). Found through PG_BIN_DIR when set (only there), else PATH and the usual
// install folders (Debian's /usr/lib/postgresql/<major>/bin, RHEL's /usr/pgsql-<major>/bin, Homebrew).
// The password never appears on a command line: it goes to the child through PGPASSWORD.
import { execFileSync, spawn } from 'node:child_process'
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import pg from 'pg'

export type PgToolName = 'pg_dump' | 'pg_restore'

export interface PgTool {
  name: PgToolName
  path: string
  major: number
  /** What `--version` printed, e.g. `pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)`. */
  version: string
}

/** A problem the operator can fix; the message says how (Portuguese). */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'BackupError'
  }
}

type Env = Record<string, string | undefined>

function listDirs(pattern: RegExp, parent: string): string[] {
  try {
    return readdirSync(parent)
      .filter((entry) => pattern.test(entry))
      .sort((a, b) => Number(b.replace(/\D+/g, '')) - Number(a.replace(/\D+/g, '')))
      .map((entry) => join(parent, entry))
  } catch {
    return []
  }
}

/** Folders where the programs are looked for, in order. */
export function candidateDirs(env: Env = process.env): string[] {
  if (env.PG_BIN_DIR?.trim()) return [env.PG_BIN_DIR.trim()]
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean)
  dirs.push(...listDirs(/^\d+$/, '/usr/lib/postgresql').map((d) => join(d, 'bin')))
  dirs.push(...listDirs(/^pgsql-\d+$/, '/usr').map((d) => join(d, 'bin')))
  for (const brew of ['/opt/homebrew/opt', '/usr/local/opt'])
    dirs.push(...listDirs(/^postgresql@\d+$/, brew).map((d) => join(d, 'bin')))
  return [...new Set(dirs)]
}

/** The major version a PostgreSQL program reports, or null when it cannot be run. */
export function toolVersion(path: string): { major: number; version: string } | null {
  try {
    const out = execFileSync(path, ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
    const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(out)
    if (!match) return null
    // before 10 the major was two numbers (9.6): count those as older than anything we use
    const major = Number(match[1]) < 10 ? 9 : Number(match[1])
    return { major, version: out }
  } catch {
    return null
  }
}

/** Every copy of a program found, with its version. */
export function findTools(name: PgToolName, env: Env = process.env): PgTool[] {
  const found: PgTool[] = []
  const seen = new Set<string>()
  for (const dir of candidateDirs(env)) {
    const path = join(dir, name)
    if (seen.has(path) || !existsSync(path)) continue
    seen.add(path)
    const version = toolVersion(path)
    if (version) found.push({ name, path, ...version })
  }
  return found
}

/** How to get the client programs of a major version, for the messages. */
function installHint(major: number | undefined): string {
  const v = major ?? 15
  return (
    `Instale o cliente do PostgreSQL ${v} (Debian/Ubuntu: apt-get install postgresql-client-${v}; ` +
    `Red Hat: dnf install postgresql${v}; macOS: brew install postgresql@${v}) ` +
    'ou indique a pasta dos programas com PG_BIN_DIR=/caminho/para/bin.'
  )
}

/**
 * The program to use with a server of major version `serverMajor`: the same major when there is one,
 * otherwise the oldest newer one. Throws BackupError when none is found or all are older than the server.
 */
export function selectTool(name: PgToolName, serverMajor: number, env: Env = process.env): PgTool {
  const tools = findTools(name, env)
  const where = env.PG_BIN_DIR?.trim()
    ? `em PG_BIN_DIR=${env.PG_BIN_DIR.trim()}`
    : 'no PATH nem nas pastas de instalação do PostgreSQL'
  if (tools.length === 0) throw new BackupError(`${name} não foi encontrado ${where}. ${installHint(serverMajor)}`)
  const same = tools.find((t) => t.major === serverMajor)
  if (same) return same
  const newer = tools.filter((t) => t.major > serverMajor).sort((a, b) => a.major - b.major)[0]
  if (newer) return newer
  const best = [...tools].sort((a, b) => b.major - a.major)[0]!
  throw new BackupError(
    `O ${name} encontrado (${best.path}, versão ${best.major}) é mais antigo que o servidor PostgreSQL ${serverMajor}: ` +
      `ele não consegue ${name === 'pg_dump' ? 'copiar' : 'restaurar'} este banco com segurança. ${installHint(serverMajor)}`,
  )
}

/** The server's major version (e.g. 15). */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v")
    return Math.floor(Number(rows[0]!.v) / 10_000)
  } finally {
    await client.end().catch(() => {})
  }
}

/** A libpq connection URL without its password, and the password apart (for PGPASSWORD). */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const u = new URL(url)
  const password = u.password === '' ? undefined : decodeURIComponent(u.password)
  u.password = ''
  return { url: u.toString(), password }
}

export interface RunningTool {
  /** Resolves on success; rejects with a BackupError carrying the program's own message. */
  done: Promise<void>
  /** Stops the program (SIGTERM). */
  kill(): void
}

/** Runs a PostgreSQL client program against `url`: options, the connection, then `positional` (a file). */
export function runTool(tool: PgTool, url: string, args: string[], positional: string[] = []): RunningTool {
  const { url: safeUrl, password } = splitPassword(url)
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: `clinica-${tool.name}` }
  delete env.PGPASSWORD
  if (password !== undefined) env.PGPASSWORD = password
  const child = spawn(tool.path, [...args, `--dbname=${safeUrl}`, ...positional], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8000)
  })
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error) =>
      reject(new BackupError(`Não foi possível executar ${tool.path}: ${error.message}`, { cause: error })),
    )
    child.once('close', (code, signal) => {
      if (code === 0) resolve()
      else
        reject(
          new BackupError(
            `${tool.name} falhou (${signal ? `sinal ${signal}` : `código ${code}`}):\n${stderr.trim() || '(sem mensagem)'}`,
          ),
        )
    })
  })
  return {
    done,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    },
  }
}

function fsyncPath(path: string): void {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    fsyncSync(fd)
  } catch {
    // not supported here
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

export interface DumpHandle {
  /** Resolves with the file's size once it is complete, synced and in place. */
  done: Promise<{ path: string; bytes: number }>
  /** Stops the dump; nothing is left behind. */
  cancel(): void
}

/**
 * `pg_dump --format=custom` of the database at `url` into `path`: written to a temporary file next to it,
 * checked (`pg_restore --list` reads it whole when a pg_restore is found), synced to disk and renamed into
 * place — an interrupted dump never looks complete. The file is readable by its owner only.
 */
export function dumpTo(dump: PgTool, url: string, path: string, check?: PgTool | null): DumpHandle {
  const partial = `${path}.parcial-${process.pid}`
  // created first, private: pg_dump writes into it and keeps its mode (health data: owner only)
  closeSync(openSync(partial, 'w', 0o600))
  const run = runTool(dump, url, ['--format=custom', '--no-password', `--file=${partial}`])
  let cancelled = false
  const done = (async () => {
    try {
      await run.done
      if (cancelled) throw new BackupError('Cópia de segurança interrompida.')
      if (check) {
        try {
          execFileSync(check.path, ['--list', partial], { stdio: 'ignore', timeout: 120_000 })
        } catch (error) {
          throw new BackupError(
            `O arquivo gerado pelo pg_dump não pôde ser lido de volta (pg_restore --list): ${(error as Error).message}`,
          )
        }
      }
      chmodSync(partial, 0o600)
      fsyncPath(partial)
      renameSync(partial, path)
      fsyncPath(dirname(path))
      return { path, bytes: statSync(path).size }
    } catch (error) {
      rmSync(partial, { force: true })
      throw error
    }
  })()
  return {
    done,
    cancel() {
      cancelled = true
      run.kill()
    },
  }
}
