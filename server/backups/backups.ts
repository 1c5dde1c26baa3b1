// Backups of the clinic's database (health records are kept for at least 20 years, Lei 13.787/2018):
// `npm run backup` (server/backup.ts), `npm run restore` (server/restore.ts), and the embedded server's own
// daily dumps — the last 7 kept in DATA_DIR/backups.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { clinicToday } from '@contract'
import type { Config } from '../process/config'
import {
  dataDirHolder,
  findRunningEmbeddedPostgres,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../db/embedded/postgres'
import { BackupError, dumpTo, selectTool, serverMajor, type DumpHandle, type PgTool } from './pg-tools'

export const BACKUPS_FOLDER = 'backups'
/** Daily dumps kept by the embedded server. */
export const DAILY_KEEP = 7
const DAILY_PREFIX = 'clinica-diario-'

export function backupsDir(dataDir: string): string {
  return join(dataDir, BACKUPS_FOLDER)
}

/** `clinica-2026-05-04T13-45-10-123Z.dump`: a manual backup, named by the UTC time it started. */
export function manualBackupName(now = new Date()): string {
  return `clinica-${now.toISOString().replace(/:/g, '-').replace('.', '-')}.dump`
}

/** `clinica-diario-2026-05-04.dump`: the daily dump of a clinic day. */
export function dailyBackupName(day: string): string {
  return `${DAILY_PREFIX}${day}.dump`
}

/** Removes the oldest daily dumps beyond `keep`; other files are left alone. Answers the names removed. */
export function rotateDaily(dir: string, keep = DAILY_KEEP): string[] {
  const daily = readdirSync(dir)
    .filter((name) => /^clinica-diario-\d{4}-\d{2}-\d{2}\.dump$/.test(name))
    .sort()
  const removed = daily.slice(0, Math.max(0, daily.length - keep))
  for (const name of removed) rmSync(join(dir, name), { force: true })
  return removed
}

export function ensureBackupsDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
}

// ---- the database to copy from or restore into ----

export interface DatabaseTarget {
  url: string
  /** For the operator: where it is. */
  description: string
  /** Stops the embedded server when this command started it. */
  close(): Promise<void>
}

type TargetConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'embeddedPgPort'>

/**
 * The database of this installation: DATABASE_URL, or the embedded server of DATA_DIR — the running one
 * (reached through its postmaster.pid and password file), or, when `startIfStopped`, one started for the
 * command and stopped after it.
 */
export async function openTarget(
  config: TargetConfig,
  log: (m: string) => void,
  startIfStopped: boolean,
): Promise<DatabaseTarget> {
  if (config.databaseUrl) {
    const u = new URL(config.databaseUrl)
    return {
      url: config.databaseUrl,
      description: `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: async () => {},
    }
  }
  const running = findRunningEmbeddedPostgres(config.dataDir)
  if (running) {
    return {
      url: running.url,
      description: `PostgreSQL embutido em execução (PID ${running.pid}) em ${config.dataDir}`,
      close: async () => {},
    }
  }
  if (!startIfStopped) throw new BackupError(`Nenhum PostgreSQL embutido em execução em ${config.dataDir}.`)
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    log,
  })
  return {
    url: embedded.url,
    description: `PostgreSQL embutido em ${config.dataDir} (iniciado para este comando)`,
    close: () => embedded.stop(),
  }
}

/** True when a Clínica server holds DATA_DIR (embedded mode). */
export function serverHoldsDataDir(dataDir: string): number | null {
  return dataDirHolder(dataDir)
}

/** pg_dump and (to check the archive) pg_restore for this server. */
export async function toolsFor(url: string): Promise<{ dump: PgTool; check: PgTool | null; major: number }> {
  const major = await serverMajor(url)
  const dump = selectTool('pg_dump', major)
  let check: PgTool | null
  try {
    check = selectTool('pg_restore', major)
  } catch {
    // without a pg_restore the archive is not read back; the dump itself is still complete
    check = null
  }
  return { dump, check, major }
}

// ---- the embedded server's daily dumps ----

export interface AutomaticBackups {
  /** Stops the timer; a dump under way is cancelled (nothing partial is left). */
  stop(): Promise<void>
}

export interface AutomaticBackupOptions {
  dataDir: string
  /** The embedded server's URL. */
  url: string
  /** Major version of the embedded server (DATA_DIR/pg/PG_VERSION). */
  serverMajor: number
  log: (message: string) => void
  warn: (message: string) => void
  env?: Record<string, string | undefined>
  /** The clinic's date now (tests replace it). */
  today?: () => string
  /** Between two checks for today's dump. */
  intervalMs?: number
}

/** Reads AUTO_BACKUP (off/false/0 disables) and AUTO_BACKUP_DELAY_SECONDS (first check, default 60). */
export function automaticBackupSettings(env: Record<string, string | undefined>): {
  enabled: boolean
  delayMs: number
  problems: string[]
} {
  const problems: string[] = []
  const raw = env.AUTO_BACKUP?.trim().toLowerCase()
  let enabled = true
  if (raw !== undefined && raw !== '') {
    if (['0', 'false', 'off', 'no', 'nao', 'não'].includes(raw)) enabled = false
    else if (!['1', 'true', 'on', 'yes', 'sim'].includes(raw))
      problems.push(`AUTO_BACKUP="${env.AUTO_BACKUP}" deve ser on ou off; usando on.`)
  }
  let delayMs = 60_000
  const delay = env.AUTO_BACKUP_DELAY_SECONDS?.trim()
  if (delay) {
    if (/^\d+$/.test(delay) && Number(delay) <= 86_400) delayMs = Number(delay) * 1000
    else problems.push(`AUTO_BACKUP_DELAY_SECONDS="${delay}" deve ser um número de segundos (0 a 86400); usando 60.`)
  }
  return { enabled, delayMs, problems }
}

/**
 * The embedded server's own backups: shortly after start (AUTO_BACKUP_DELAY_SECONDS, 60 s by default),
 * then every hour, when today's dump (clinic date) is missing, dumps into
 * DATA_DIR/backups/clinica-diario-<date>.dump and keeps the last 7 of them. Says plainly at start when
 * pg_dump is missing or too old (backups are then off until it is installed and the server restarted).
 */
export function startAutomaticBackups(options: AutomaticBackupOptions): AutomaticBackups {
  const env = options.env ?? process.env
  const settings = automaticBackupSettings(env)
  for (const problem of settings.problems) options.warn(`Aviso: ${problem}`)
  const idle: AutomaticBackups = { stop: async () => {} }
  if (!settings.enabled) {
    options.log('Cópias de segurança automáticas desligadas (AUTO_BACKUP=off).')
    return idle
  }
  let tool: PgTool
  try {
    tool = selectTool('pg_dump', options.serverMajor, env)
  } catch (error) {
    options.warn(
      `Aviso: cópias de segurança diárias automáticas DESLIGADAS — ${(error as Error).message} ` +
        'Depois, reinicie o servidor. Os dados continuam sendo gravados normalmente; só as cópias automáticas não são feitas.',
    )
    return idle
  }
  let check: PgTool | null
  try {
    check = selectTool('pg_restore', options.serverMajor, env)
  } catch {
    check = null
  }
  const dir = backupsDir(options.dataDir)
  const today = options.today ?? (() => clinicToday())
  options.log(
    `Cópias de segurança diárias em ${dir} (as últimas ${DAILY_KEEP}), com ${tool.path} (PostgreSQL ${tool.major}).`,
  )

  let current: DumpHandle | undefined
  let stopped = false
  const runOnce = async () => {
    if (stopped || current) return
    const day = today()
    const path = join(dir, dailyBackupName(day))
    if (existsSync(path)) return
    try {
      ensureBackupsDir(dir)
      current = dumpTo(tool, options.url, path, check)
      const { bytes } = await current.done
      const removed = rotateDaily(dir)
      options.log(
        `Cópia de segurança diária gravada: ${path} (${(bytes / 1024).toFixed(0)} kB)` +
          (removed.length ? `; removidas as mais antigas: ${removed.join(', ')}` : '') +
          '.',
      )
    } catch (error) {
      if (!stopped)
        options.warn(
          `Aviso: a cópia de segurança diária falhou (nova tentativa em 1 hora): ${(error as Error).message}`,
        )
    } finally {
      current = undefined
    }
  }
  const first = setTimeout(() => void runOnce(), settings.delayMs)
  const every = setInterval(() => void runOnce(), options.intervalMs ?? 60 * 60 * 1000)
  first.unref()
  every.unref()
  return {
    async stop() {
      stopped = true
      clearTimeout(first)
      clearInterval(every)
      const running = current
      if (running) {
        running.cancel()
        await running.done.catch(() => {})
      }
    },
  }
}

/** Major version of the embedded cluster of DATA_DIR (its PG_VERSION file); 15 when unreadable. */
export function embeddedServerMajor(dataDir: string): number {
  try {
    const major = Number(readFileSync(join(dataDir, 'pg', 'PG_VERSION'), 'utf8').trim())
    return Number.isInteger(major) && major > 0 ? major : 15
  } catch {
    return 15
  }
}
