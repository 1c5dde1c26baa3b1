// What the operating system says about a process id: alive, a zombie, gone; its command line, its parent
// and its start time (to tell a PID reused by an unrelated process from the one that wrote a lock file).
// Linux reads /proc; elsewhere (macOS) it falls back to kill(pid, 0) and ps.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

export type ProcessState = 'alive' | 'zombie' | 'dead'

const HAS_PROC = existsSync('/proc/self/stat')

interface ProcStat {
  state: string
  ppid: number
  pgrp: number
  startTime: string
}

function readProcStat(pid: number): ProcStat | null {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  // "pid (comm) S ppid pgrp session … starttime …": comm may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  return {
    state: fields[0] ?? '?',
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    startTime: fields[19] ?? '',
  }
}

function psField(pid: number, field: string): string | null {
  try {
    const out = execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const value = out.trim()
    return value === '' ? null : value
  } catch {
    return null
  }
}

function signalZeroAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function processState(pid: number): ProcessState {
  if (!Number.isInteger(pid) || pid <= 0) return 'dead'
  if (HAS_PROC) {
    const stat = readProcStat(pid)
    if (!stat) return 'dead'
    if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return 'zombie'
    return 'alive'
  }
  if (!signalZeroAlive(pid)) return 'dead'
  const stat = psField(pid, 'stat')
  if (stat === null) return 'dead'
  return stat.startsWith('Z') ? 'zombie' : 'alive'
}

/** The process's arguments (argv), or null when it cannot be read. */
export function processCmdline(pid: number): string[] | null {
  if (HAS_PROC) {
    try {
      const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (raw === '') return null
      return raw.replace(/\0$/, '').split('\0')
    } catch {
      return null
    }
  }
  const command = psField(pid, 'command')
  return command === null ? null : command.split(/\s+/)
}

export function processParent(pid: number): number | null {
  if (HAS_PROC) return readProcStat(pid)?.ppid ?? null
  const ppid = psField(pid, 'ppid')
  return ppid === null ? null : Number(ppid)
}

export function processGroup(pid: number): number | null {
  if (HAS_PROC) return readProcStat(pid)?.pgrp ?? null
  const pgid = psField(pid, 'pgid')
  return pgid === null ? null : Number(pgid)
}

/** An opaque token that changes when the PID is reused; null where it cannot be read. */
export function processStartTime(pid: number): string | null {
  if (HAS_PROC) return readProcStat(pid)?.startTime || null
  return psField(pid, 'lstart')
}

/** True once the process is gone or a zombie (nothing left to wait for). */
export function isGone(pid: number): boolean {
  return processState(pid) !== 'alive'
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Waits until the process is gone; false on timeout. */
export async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (isGone(pid)) return true
    await sleep(50)
  }
  return isGone(pid)
}

/** Sends a signal, ignoring a process that is already gone. */
export function trySignal(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal)
    return true
  } catch {
    return false
  }
}
