// The database the API uses: an external PostgreSQL server named by DATABASE_URL, or the embedded one
// kept in DATA_DIR. Migrations are applied on every start.
import pg from 'pg'
import { redactUrl, type Config } from '../process/config'
import { connect, migrateDatabase, migrationClient, type Db } from './client'
import { findRunningEmbeddedPostgres, type EmbeddedPostgres } from './embedded/postgres'
import { startSupervisedPostgres } from './embedded/supervisor'

export interface OpenDatabase {
  db: Db
  pool: pg.Pool
  /** Ends the pool, then stops the embedded server if this process started it. */
  close(): Promise<void>
  kind: 'embedded' | 'external'
  /** The embedded server this process started (not one it attached to). */
  embedded?: EmbeddedPostgres
}

export interface OpenDatabaseOptions {
  /** Operator messages (Portuguese). */
  log?: (message: string) => void
  /**
   * Use the embedded server already running on DATA_DIR (started by a running API) instead of starting
   * one; for tools such as the seed command. Without a running server, one is started as usual.
   */
  attachToRunning?: boolean
  /** Told when the embedded server stops while it should run (it is then restarted). */
  onEmbeddedExit?: (detail: string) => void
  poolMax?: number
}

export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'embeddedPgPort'>

export async function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<OpenDatabase> {
  const log = options.log ?? ((m: string) => console.log(m))

  if (config.databaseUrl) {
    log(`Banco de dados: PostgreSQL externo ${redactUrl(config.databaseUrl)}`)
    return finish(config.databaseUrl, 'external', undefined, options)
  }

  if (options.attachToRunning) {
    const running = findRunningEmbeddedPostgres(config.dataDir)
    if (running) {
      log(
        `Banco de dados: PostgreSQL embutido já em execução (PID ${running.pid}, porta ${running.port}) em ${config.dataDir}`,
      )
      return finish(running.url, 'embedded', undefined, options)
    }
  }

  // supervised: restarted with backoff when it dies (server/db/embedded/supervisor.ts)
  const embedded = await startSupervisedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    log,
    onExit: options.onEmbeddedExit,
  })
  log(`Banco de dados: PostgreSQL embutido em ${config.dataDir} (porta ${embedded.port}, somente 127.0.0.1)`)
  try {
    return await finish(embedded.url, 'embedded', embedded, options)
  } catch (error) {
    await embedded.stop()
    throw error
  }
}

/** pg_advisory_lock key that serialises migrations (ASCII "Migr"). */
const MIGRATION_LOCK = 0x4d_69_67_72

/**
 * Drizzle's migrator is not safe for two processes starting at once on a fresh database (both run
 * `CREATE EXTENSION IF NOT EXISTS`, one fails on pg_extension's unique index): one at a time, under a
 * session advisory lock held on a dedicated connection. That connection has none of the API's timeouts: the
 * second process waits for the lock as long as the first one's migrations take.
 */
async function migrateExclusively(db: Db, pool: pg.Pool): Promise<void> {
  const client = migrationClient(pool)
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await migrateDatabase(db)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    await client.end()
  }
}

async function finish(
  url: string,
  kind: 'embedded' | 'external',
  embedded: EmbeddedPostgres | undefined,
  options: OpenDatabaseOptions,
): Promise<OpenDatabase> {
  const { db, pool } = connect(url, options.poolMax ?? 10)
  try {
    await migrateExclusively(db, pool)
  } catch (error) {
    await pool.end().catch(() => {})
    throw error
  }
  let closing: Promise<void> | null = null
  return {
    db,
    pool,
    kind,
    embedded,
    close() {
      closing ??= (async () => {
        await pool.end().catch(() => {})
        await embedded?.stop()
      })()
      return closing
    },
  }
}
