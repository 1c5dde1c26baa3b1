// The listening entry point: configuration → database → bootstrap → app → listen → signals.
// SIGTERM / SIGINT / SIGHUP: stop accepting (new requests get 503 or a refused connection), let the
// requests in flight finish, close the pool, stop the embedded PostgreSQL, exit 0 — within 10 s, or exit 1.
// A failure during start stops what was started and exits 1 with a message for the operator.
// With API_PROCESSES > 1 the same steps are split between a cluster primary and its workers (server/process/cluster.ts).
import { realpathSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { appOptionsOf, hasPwa } from './http/app-options'
import { bootstrap } from './process/bootstrap'
import { loadConfigOrExit, type Config } from './process/config'
import { withStartupDb } from './db/client'
import { openDatabase, type OpenDatabase } from './db/database'
import { embeddedServerMajor, startAutomaticBackups, type AutomaticBackups } from './backups/backups'
import { prepareHttps, type HttpsRuntime } from './tls/https-runtime'
import { gracefulShutdown, stopOnFatalErrors } from './process/shutdown'
import { describeStartError, localUrl, SHUTDOWN_TIMEOUT_MS } from './process/start-report'

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

const say = (message: string) => console.log(message)
const complain = (message: string) => console.error(message)

class StopRequested extends Error {}

export interface RunningServer {
  app: FastifyInstance
  database: OpenDatabase
  url: string
  /** Graceful stop, then process exit with `exitCode`. */
  shutdown(reason: string, exitCode?: number): Promise<void>
}

export async function main(config: Config = loadConfigOrExit()): Promise<RunningServer | undefined> {
  if (config.apiProcesses > 1) {
    // a node:cluster primary: the database and the once-only jobs here, the API in N workers
    const { runPrimary } = await import('./process/cluster')
    await runPrimary(config)
    return undefined
  }
  let phase: 'starting' | 'running' | 'stopping' = 'starting'
  let database: OpenDatabase | undefined
  let app: FastifyInstance | undefined
  let backups: AutomaticBackups | undefined
  let https: HttpsRuntime | undefined
  let stopRequest: { reason: string; exitCode: number } | undefined
  let stopSignalAt = 0

  const shutdown = gracefulShutdown({
    say,
    complain,
    forceAfterMs: SHUTDOWN_TIMEOUT_MS,
    onBegin: () => {
      phase = 'stopping'
    },
    stopServing: async () => {
      // A kept-alive connection whose request finishes during the drain would otherwise stay open until
      // the client drops it (browsers keep them for minutes): close each one as soon as it is idle.
      const closeIdle = setInterval(() => {
        app?.server.closeIdleConnections()
        https?.closeIdleConnections()
      }, 50)
      // a daily dump under way is cancelled (nothing partial is left)
      await backups?.stop().catch(() => {})
      try {
        // Stops accepting (HTTP and HTTPS), answers 503 to what still arrives, waits for the requests in flight.
        await Promise.all([app?.close(), https?.close()])
        return false
      } catch (error) {
        complain(`Erro ao fechar o servidor HTTP: ${(error as Error).message}`)
        return true
      } finally {
        clearInterval(closeIdle)
      }
    },
    database: () => database,
  })

  const onSignal = (signal: NodeJS.Signals) => {
    if (phase === 'starting') {
      // Let the step under way finish (e.g. initdb), then stop what was started.
      if (!stopRequest) {
        stopRequest = { reason: `sinal ${signal} durante a inicialização`, exitCode: 0 }
        setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref()
      }
      return
    }
    if (phase === 'stopping') {
      // npm and tsx relay a Ctrl-C that the terminal also sent: keep quiet about an echo.
      if (Date.now() - stopSignalAt > 1000)
        say(`Já encerrando (${signal} ignorado); aguarde até ${SHUTDOWN_TIMEOUT_MS / 1000} s.`)
      return
    }
    stopSignalAt = Date.now()
    void shutdown(`sinal ${signal}`)
  }
  for (const signal of SIGNALS) process.on(signal, onSignal)

  stopOnFatalErrors(shutdown, complain)

  const checkpoint = () => {
    if (stopRequest) throw new StopRequested(stopRequest.reason)
  }

  // Loading the application's modules, a noticeable part of the start, overlaps with the start of the database.
  const appModule = import('./http/app')
  appModule.catch(() => {}) // awaited below; a failure is reported there

  try {
    database = await openDatabase(config, {
      log: say,
      poolMax: config.dbPoolSize,
      // restarted by its supervisor; the API answers 503 meanwhile and goes on
      onEmbeddedExit: (detail) => complain(detail),
    })
    checkpoint()

    const { jwtSecret } = await withStartupDb(database.pool, (db) => bootstrap(db, config, say))
    checkpoint()

    if (!hasPwa(config)) {
      complain(
        `Aviso: o PWA não foi encontrado em ${config.staticDir} (falta index.html); só a API será servida. Rode npm start ou npm run build.`,
      )
    }
    // the local authority and the server's certificate (HTTPS=auto), or TLS_CERT / TLS_KEY
    if (config.https) https = await prepareHttps({ ...config, https: config.https }, { log: say, warn: complain })
    checkpoint()

    const { buildApp } = await appModule
    app = await buildApp({ ...appOptionsOf(config, database.db, jwtSecret), https: https?.support })
    await app.listen({ host: config.host, port: config.port })
    checkpoint()
    if (https) await https.listen(app, (app.server.address() as AddressInfo).port)
    checkpoint()
  } catch (error) {
    if (error instanceof StopRequested) {
      await shutdown(error.message, stopRequest?.exitCode ?? 0)
      return undefined
    }
    complain(describeStartError(error, config))
    await shutdown('falha na inicialização', 1)
    return undefined
  }

  phase = 'running'
  const url = localUrl(config, (app.server.address() as AddressInfo).port)
  say(`Clínica no ar: ${url}  (Ctrl+C para parar)`)
  https?.report(url)
  // The embedded server keeps its own daily dumps (DATA_DIR/backups); says so plainly when pg_dump is missing.
  if (database.embedded) {
    backups = startAutomaticBackups({
      dataDir: config.dataDir,
      url: database.embedded.url,
      serverMajor: embeddedServerMajor(config.dataDir),
      log: say,
      warn: complain,
    })
  }
  if (!config.https && !config.trustProxy) {
    if (config.host !== '127.0.0.1' && config.host !== 'localhost' && config.host !== '::1') {
      say(
        'Aviso: fora de localhost, o aplicativo só é instalável e funciona offline (service worker) através de HTTPS: inicie com HTTPS=auto (ou use um proxy reverso com HTTPS).',
      )
    } else {
      say(
        `Para usar nos tablets e celulares da clínica (instalável, funciona sem conexão), inicie com HTTPS=auto — veja ${url}/instalar.`,
      )
    }
  }
  return { app, database, url, shutdown }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1]
  if (!entry) return false
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (isEntryPoint()) void main()
