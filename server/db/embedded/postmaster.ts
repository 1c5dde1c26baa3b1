// A cluster's postmaster seen from outside: its postmaster.pid, whether a PID is that postmaster, the
// server already running on a DATA_DIR (the seed command while the API runs), stopping it, and what a
// previous life left behind.
//
// What happens after a crash:
// - the whole process tree was killed: postmaster.pid names a dead PID; PostgreSQL ignores it and recovers.
// - only Node was killed: PostgreSQL still runs on this folder, orphaned; it is stopped gracefully (fast
//   shutdown), then started again by this process.
// - postmaster.pid names a zombie or a PID now used by another program: PostgreSQL would refuse to start;
//   the file is removed after checking.
import { existsSync, readFileSync, realpathSync, unlinkSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { connectionUrl, embeddedLayout, PG_DATABASE, type EmbeddedLayout } from './layout'
import { EmbeddedPostgresError } from './os'
import { processCmdline, processGroup, processState, trySignal, waitUntilGone } from './proc'

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

/** Fast shutdown, then immediate shutdown, then SIGKILL of its process group. True once gone. */
export async function stopPostmaster(pid: number, fastTimeoutMs: number): Promise<boolean> {
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

/**
 * Deals with a postmaster.pid left behind. Dead PID: left alone (PostgreSQL ignores it). Zombie or a PID
 * used by another program: removed. An orphaned postmaster on this folder: stopped gracefully.
 */
export async function clearLeftovers(layout: EmbeddedLayout, log: (m: string) => void): Promise<void> {
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
  log(
    `Um PostgreSQL da execução anterior (PID ${info.pid}) ainda está rodando nesta pasta: encerrando-o antes de iniciar.`,
  )
  const stopped = await stopPostmaster(info.pid, 30_000)
  if (!stopped) {
    throw new EmbeddedPostgresError(
      `O PostgreSQL anterior (PID ${info.pid}) não parou. Encerre-o manualmente (kill ${info.pid}) e inicie de novo.`,
    )
  }
}
