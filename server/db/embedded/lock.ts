// One Clínica process per data folder. The lock file holds the owner's PID and its start time; it is
// created atomically with its content (written to a private file, then hard-linked into place, which fails
// if the lock exists) and removed on a clean stop. A lock left by a dead process, a zombie or a PID now
// used by another program is stale and taken over.
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import { processStartTime, processState } from './proc'

export const LOCK_FILE = 'clinica.lock'

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Outro servidor da Clínica já usa a pasta de dados ${dataDir} (PID ${pid}). Pare-o antes de iniciar outro.`)
    this.name = 'DataDirInUseError'
  }
}

export interface DataDirLock {
  readonly path: string
  /** Removes the lock if this process still owns it. Synchronous: safe in an 'exit' handler. */
  release(): void
}

interface LockOwner {
  pid: number
  startTime: string | null
}

/** Lock files held by this process: a second start in the same process is refused too. */
const heldHere = new Set<string>()

function parseLock(text: string): LockOwner | null {
  const [pidLine, startLine] = text.split('\n')
  const pid = Number(pidLine)
  if (!Number.isInteger(pid) || pid <= 0) return null
  return { pid, startTime: startLine?.trim() || null }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Creates `path` exclusively (O_EXCL) with `content`, flushed to disk. */
function writePrivate(path: string, content: string): void {
  const fd = openSync(path, 'wx', 0o644)
  try {
    writeSync(fd, content)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** True when the process that wrote the lock is still running. */
export function lockOwnerAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false // our PID, but we have not taken the lock: a previous life
  if (processState(owner.pid) !== 'alive') return false
  const startTime = processStartTime(owner.pid)
  // Same PID, another start time: the PID was reused by an unrelated process.
  if (owner.startTime && startTime && owner.startTime !== startTime) return false
  return true
}

/** Reads who holds the lock of a data folder, if a live process does. */
export function lockHolder(dataDir: string): number | null {
  const text = readText(join(dataDir, LOCK_FILE))
  const owner = text === null ? null : parseLock(text)
  return owner && lockOwnerAlive(owner) ? owner.pid : null
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE)
  if (heldHere.has(path)) throw new DataDirInUseError(dataDir, process.pid)
  // PID, start time, and a token unique to this acquisition (release() removes only its own lock).
  const content = `${process.pid}\n${processStartTime(process.pid) ?? ''}\n${randomBytes(8).toString('hex')}\n`

  for (let attempt = 0; attempt < 20; attempt++) {
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
    writePrivate(tmp, content)
    try {
      try {
        linkSync(tmp, path) // atomic, complete content: fails with EEXIST when the lock exists
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'EEXIST') throw error
        // A file system without hard links: O_EXCL creation (readers wait for a young empty file).
        writePrivate(path, content)
      }
      heldHere.add(path)
      let released = false
      return {
        path,
        release() {
          if (released) return
          released = true
          heldHere.delete(path)
          if (readText(path) === content) {
            try {
              unlinkSync(path)
            } catch {
              // already gone
            }
          }
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      unlinkSync(tmp)
    }

    const existing = readText(path)
    if (existing === null) continue // released meanwhile
    const owner = parseLock(existing)
    if (owner && lockOwnerAlive(owner)) throw new DataDirInUseError(dataDir, owner.pid)
    if (!owner) {
      // Unreadable content: never written by this code; give a writer the benefit of a moment.
      const age = Date.now() - statSync(path).mtimeMs
      if (age < 2000) continue
    }
    // Stale: move it aside under a private name, then check that what was moved is what was judged
    // stale (another process may have replaced it in between); if not, put it back.
    const aside = `${path}.stale.${process.pid}.${randomBytes(4).toString('hex')}`
    try {
      renameSync(path, aside)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    if (readText(aside) !== existing) {
      try {
        linkSync(aside, path)
      } catch {
        // a third process created a lock meanwhile: it wins
      }
    }
    unlinkSync(aside)
  }
  throw new Error(`Não foi possível obter o arquivo de trava ${path}.`)
}
