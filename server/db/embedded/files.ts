// Small file helpers of the embedded PostgreSQL: durable writes (fsync of the file and of its folder), the
// end of a log, a file's size, a umask for one step, and the rotation of PostgreSQL's log.
import { closeSync, fstatSync, fsyncSync, openSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { redactPostgresLog, scrubPostgresLogFile } from '../private-log'

const LOG_ROTATE_BYTES = 10 * 1024 * 1024

export function fsyncDir(dir: string): void {
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
export function writeFileAtomic(path: string, content: string, mode: number): void {
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

export function readTail(path: string, fromOffset: number, maxBytes = 4000): string {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    const size = fstatSync(fd).size
    const start = Math.max(fromOffset, size - maxBytes)
    const length = Math.max(0, size - start)
    const buffer = Buffer.alloc(length)
    readSync(fd, buffer, 0, length, start)
    // what is shown of PostgreSQL's log never carries a client's values (a log written before the private settings)
    return redactPostgresLog(buffer.toString('utf8')).trim()
  } catch {
    return ''
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

export function fileSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

export function withUmask<T>(mask: number, fn: () => T): T {
  const previous = process.umask(mask)
  try {
    return fn()
  } finally {
    process.umask(previous)
  }
}

/**
 * Keeps one old log (`.1`) once the log passes 10 MB; both lose the lines a version before the private
 * settings may have written with a client's values.
 */
export function rotateLog(logFile: string): void {
  if (fileSize(logFile) > LOG_ROTATE_BYTES) renameSync(logFile, `${logFile}.1`)
  scrubPostgresLogFile(logFile)
  scrubPostgresLogFile(`${logFile}.1`)
}
