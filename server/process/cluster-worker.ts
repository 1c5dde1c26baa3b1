// One API process of a cluster (API_PROCESSES > 1, server/process/cluster.ts): it gets the database's address from
// the primary, opens its own pool, builds the Fastify app without the hourly purges (the primary runs them)
// and listens on PORT, which node:cluster shares between the workers. It stops when the primary says so or
// goes away: stops accepting, lets the requests in flight finish, ends its pool, exits 0 (1 after 10 s).
// Signals are the primary's to handle: a Ctrl-C or a service manager's SIGTERM reaches the whole process
// group, and the primary drains the workers before it stops the database (docs/decisions.md, "Several API
// processes").
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { appOptionsOf } from '../http/app-options'
import { ensureJwtSecret } from './bootstrap'
import { currentSigningSecret } from '../auth/signing-secret'
import { connect, withStartupDb } from '../db/client'
import type { PrimaryMessage, WorkerMessage } from './cluster'
import { loadConfigOrExit } from './config'
import { describeStartError, SHUTDOWN_TIMEOUT_MS } from './start-report'

const send = (message: WorkerMessage) => process.send?.(message)

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => {})

const config = loadConfigOrExit()
let app: FastifyInstance | undefined
let pool: { end(): Promise<void> } | undefined
let stopping: Promise<void> | undefined

function stop(exitCode: number): Promise<void> {
  stopping ??= (async () => {
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref()
    // kept-alive connections close as soon as they are idle (as server/server.ts does)
    const closeIdle = setInterval(() => app?.server.closeIdleConnections(), 50)
    try {
      await app?.close()
    } catch (error) {
      console.error(`Erro ao fechar o servidor HTTP: ${(error as Error).message}`)
      exitCode ||= 1
    } finally {
      clearInterval(closeIdle)
    }
    await pool?.end().catch(() => {})
    process.exit(exitCode)
  })()
  return stopping
}

process.on('disconnect', () => void stop(0))
process.on('uncaughtException', (error) => {
  console.error(`Erro inesperado: ${error.stack ?? error.message}`)
  void stop(1)
})
process.on('unhandledRejection', (error) => {
  console.error(
    `Promessa rejeitada sem tratamento: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  void stop(1)
})

async function start(databaseUrl: string): Promise<void> {
  try {
    const appModule = import('../http/app')
    const database = connect(databaseUrl, config.dbPoolSize)
    pool = database.pool
    // The primary created the secret (and the administrator); this reads it, as every process on the database does.
    const jwtSecret = await withStartupDb(database.pool, async (db) =>
      currentSigningSecret(db, await ensureJwtSecret(db, config.jwtSecret)),
    )
    const { buildApp } = await appModule
    app = await buildApp({ ...appOptionsOf(config, database.db, jwtSecret), maintenance: false })
    if (stopping) return
    await app.listen({ host: config.host, port: config.port })
    send({ type: 'listening', port: (app.server.address() as AddressInfo).port })
  } catch (error) {
    if (stopping) return
    send({ type: 'failed', message: describeStartError(error, config) })
    await stop(1)
  }
}

process.on('message', (message: PrimaryMessage) => {
  if (message.type === 'start') void start(message.databaseUrl)
  else if (message.type === 'stop') void stop(0)
})
send({ type: 'ready' })
