// The server's configuration, read once from the environment. Every problem is reported together, in
// Portuguese for the operator, and the process exits with code 1 without a stack trace.
import { resolve } from 'node:path'
import { aeTitleProblem } from '../../contract/dicom'
import { parseHttpsConfig, type HttpsConfig } from '../tls/https-config'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface Config {
  /** TCP port of the HTTP server (PORT, default 3000; 0 picks a free one). */
  port: number
  /**
   * Address the HTTP and HTTPS servers listen on (HOST; default 127.0.0.1, or 0.0.0.0 with HTTPS on).
   * A service worker only runs on HTTPS or on localhost, so the PWA works offline on a tablet only through
   * HTTPS: HTTPS=auto (the server's own certificates, server/tls/) or a reverse proxy with TRUST_PROXY=true.
   */
  host: string
  /** HTTPS on the clinic's network (HTTPS=auto, or TLS_CERT / TLS_KEY); undefined when off. */
  https: HttpsConfig | undefined
  /** Folder of the embedded PostgreSQL cluster and its password (DATA_DIR, default ./data), absolute. */
  dataDir: string
  /** An external PostgreSQL server (DATABASE_URL): when set, no embedded server is started. */
  databaseUrl: string | undefined
  /** Port of the embedded PostgreSQL server (EMBEDDED_PG_PORT); a free port at each start when unset. */
  embeddedPgPort: number | undefined
  /** First administrator, created on the first start on an empty database (ADMIN_EMAIL, ADMIN_PASSWORD). */
  adminEmail: string | undefined
  adminPassword: string | undefined
  /** Signing key of the session tokens (JWT_SECRET); when unset, one generated and kept in the database. */
  jwtSecret: string | undefined
  /** The built PWA (STATIC_DIR, default ./dist), absolute. */
  staticDir: string
  /** Trust X-Forwarded-* headers (TRUST_PROXY, default false): set it behind a reverse proxy only. */
  trustProxy: boolean
  /** Fastify's log level (LOG_LEVEL, default info; silent turns the request log off). */
  logLevel: LogLevel
  /**
   * API processes serving PORT together (API_PROCESSES, default 1): above 1 the process is a node:cluster
   * primary that runs the database and the once-only jobs and forks this many workers (server/process/cluster.ts).
   */
  apiProcesses: number
  /** Connections of each API process's pool (DB_POOL_SIZE, default 10); the N processes hold N × this. */
  dbPoolSize: number
  /**
   * The DICOM worklist and MPPS service (issue 19, docs/dicom.md): DICOM_PORT (off when unset; 0 picks a
   * free one), listening on HOST, answering as DICOM_AE_TITLE (default CLINICA).
   */
  dicom: { port: number; aeTitle: string } | undefined
}

/** Upper bound of API_PROCESSES: each process holds its own pool (docs/deploying.md). */
export const MAX_API_PROCESSES = 16

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

/** The value of an environment variable, or undefined when unset or blank. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

function parsePort(env: Env, name: string, problems: string[], allowZero: boolean): number | undefined {
  const raw = read(env, name)
  if (raw === undefined) return undefined
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isInteger(n) || n > 65_535 || (!allowZero && n === 0)) {
    problems.push(`${name}="${raw}" não é uma porta válida (um número de ${allowZero ? 0 : 1} a 65535).`)
    return undefined
  }
  return n
}

function parseBoolean(env: Env, name: string, problems: string[]): boolean {
  const raw = read(env, name)
  if (raw === undefined) return false
  const v = raw.toLowerCase()
  if (['1', 'true', 'yes', 'sim', 'on'].includes(v)) return true
  if (['0', 'false', 'no', 'nao', 'não', 'off'].includes(v)) return false
  problems.push(`${name}="${raw}" deve ser true ou false.`)
  return false
}

// Deliberately simple: one @, something before, a dot in the domain, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Reads the configuration; throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = []

  const port = parsePort(env, 'PORT', problems, true) ?? 3000
  const embeddedPgPort = parsePort(env, 'EMBEDDED_PG_PORT', problems, false)

  const https = parseHttpsConfig(env, cwd, problems)
  // With HTTPS on, the tablets must reach the server: every interface unless HOST says otherwise.
  const host = read(env, 'HOST') ?? (https ? '0.0.0.0' : '127.0.0.1')
  if (/\s|\//.test(host)) problems.push(`HOST="${host}" não é um endereço válido (ex.: 127.0.0.1).`)

  const databaseUrl = read(env, 'DATABASE_URL')
  if (databaseUrl !== undefined) {
    let ok: boolean
    try {
      const url = new URL(databaseUrl)
      ok = (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
    } catch {
      ok = false
    }
    if (!ok) problems.push('DATABASE_URL deve ter a forma postgres://usuario:senha@servidor:5432/banco.')
  }

  const adminEmailRaw = read(env, 'ADMIN_EMAIL')
  const adminEmail = adminEmailRaw?.toLowerCase()
  if (adminEmail !== undefined && (!EMAIL_RE.test(adminEmail) || adminEmail.length > 254)) {
    problems.push(`ADMIN_EMAIL="${adminEmailRaw}" não é um e-mail válido.`)
  }
  // Not trimmed: a password may start or end with a space.
  const adminPassword = env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 256)) {
    problems.push('ADMIN_PASSWORD deve ter de 8 a 256 caracteres.')
  }

  const jwtSecret = read(env, 'JWT_SECRET')
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET deve ter pelo menos 32 caracteres (ou deixe sem definir para gerar um automaticamente).')
  }

  const trustProxy = parseBoolean(env, 'TRUST_PROXY', problems)

  const logLevelRaw = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase()
  const logLevel = (LOG_LEVELS as readonly string[]).includes(logLevelRaw) ? (logLevelRaw as LogLevel) : 'info'
  if (logLevel !== logLevelRaw) problems.push(`LOG_LEVEL="${logLevelRaw}" deve ser um de: ${LOG_LEVELS.join(', ')}.`)

  const apiProcessesRaw = read(env, 'API_PROCESSES')
  const apiProcesses = apiProcessesRaw === undefined ? 1 : /^\d+$/.test(apiProcessesRaw) ? Number(apiProcessesRaw) : 0
  if (apiProcesses < 1 || apiProcesses > MAX_API_PROCESSES) {
    problems.push(`API_PROCESSES="${apiProcessesRaw}" deve ser um número inteiro de 1 a ${MAX_API_PROCESSES}.`)
  } else if (apiProcesses > 1 && https) {
    // the certificates, their renewal and the mDNS announcement belong to one process (docs/deploying.md)
    problems.push(
      'API_PROCESSES acima de 1 não funciona com HTTPS=auto, TLS_CERT ou TLS_KEY: use um proxy reverso com HTTPS (veja docs/deploying.md).',
    )
  }

  const poolRaw = read(env, 'DB_POOL_SIZE')
  const dbPoolSize = poolRaw === undefined ? 10 : /^\d+$/.test(poolRaw) ? Number(poolRaw) : 0
  if (dbPoolSize < 1 || dbPoolSize > 100)
    problems.push(`DB_POOL_SIZE="${poolRaw}" deve ser um número inteiro de 1 a 100.`)
  const dicomPort = parsePort(env, 'DICOM_PORT', problems, true)
  const dicomAeTitle = read(env, 'DICOM_AE_TITLE') ?? 'CLINICA'
  const aeProblem = aeTitleProblem(dicomAeTitle)
  if (aeProblem) problems.push(`DICOM_AE_TITLE="${dicomAeTitle}": ${aeProblem}`)

  if (problems.length > 0) throw new ConfigError(problems)

  return {
    port,
    host,
    https,
    dataDir: resolve(cwd, read(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    embeddedPgPort,
    adminEmail,
    adminPassword,
    jwtSecret,
    staticDir: resolve(cwd, read(env, 'STATIC_DIR') ?? './dist'),
    trustProxy,
    logLevel,
    apiProcesses,
    dbPoolSize,
    dicom: dicomPort === undefined ? undefined : { port: dicomPort, aeTitle: dicomAeTitle },
  }
}

/** loadConfig for entry points: prints the problems and exits with code 1. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

/** A database URL without its password, fit for the console. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(URL inválida)'
  }
}
