// Several API processes behind one port (API_PROCESSES > 1): a node:cluster primary that
// - opens the database once: starts and supervises the embedded PostgreSQL (or uses DATABASE_URL), applies the
//   migrations, creates the signing secret and the first administrator (its password printed once);
// - runs the jobs that must run once: the hourly purges (server/plugins/maintenance.ts) and the daily dumps;
// - forks the workers (server/process/cluster-worker.ts), which share PORT through node:cluster, and starts another
//   when one dies (at once, then after 1, 2, 5, 10, 30 s while they keep dying young);
// - on SIGTERM / SIGINT / SIGHUP tells every worker to stop, waits for them (their requests in flight
//   finish), then ends its pool and stops the embedded PostgreSQL, and exits 0.
// What workers share goes through PostgreSQL: sessions, the login throttle, the day board's version
// (docs/decisions.md, "Several API processes"; docs/deploying.md).
import cluster, { type Worker } from 'node:cluster'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bootstrap } from './bootstrap'
import { embeddedServerMajor, startAutomaticBackups, type AutomaticBackups } from '../backups/backups'
import type { Config } from './config'
import { withStartupDb } from '../db/client'
import { openDatabase, type OpenDatabase } from '../db/database'
import { scheduleMaintenance } from '../plugins/maintenance'
import { describeStartError, localUrl, SHUTDOWN_TIMEOUT_MS } from './start-report'
import { gracefulShutdown, stopOnFatalErrors } from './shutdown'

/** What the primary tells a worker. */
export type PrimaryMessage = { type: 'start'; databaseUrl: string } | { type: 'stop' }
/** What a worker tells the primary. */
export type WorkerMessage =
  { type: 'ready' } | { type: 'listening'; port: number } | { type: 'failed'; message: string }

/** Waits before starting a worker again, while they keep dying within YOUNG_MS of their start. */
export const WORKER_RESTART_BACKOFF_MS = [0, 1_000, 2_000, 5_000, 10_000, 30_000]
const YOUNG_MS = 10_000
/** The primary's own pool: the bootstrap, then one purge at a time. */
const PRIMARY_POOL = 2
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

const say = (message: string) => console.log(message)
const complain = (message: string) => console.error(message)

interface Slot {
  /** 1…N, kept by the worker that replaces a dead one. */
  number: number
  worker?: Worker
  startedAt: number
  youngDeaths: number
  timer?: NodeJS.Timeout
}

function describeExit(code: number | null, signal: string | null): string {
  return signal ? `sinal ${signal}` : `código ${code}`
}

export async function runPrimary(config: Config): Promise<void> {
  let phase: 'starting' | 'running' | 'stopping' = 'starting'
  let database: OpenDatabase | undefined
  let backups: AutomaticBackups | undefined
  let maintenance: ReturnType<typeof scheduleMaintenance> | undefined
  let stopSignalAt = 0
  let stopAfterOpen: string | undefined
  const slots: Slot[] = []

  // the workers have SHUTDOWN_TIMEOUT_MS each, in parallel; then the database's own stop
  const shutdown = gracefulShutdown({
    say,
    complain,
    forceAfterMs: SHUTDOWN_TIMEOUT_MS + 5_000,
    onForce: () => {
      for (const slot of slots) slot.worker?.process.kill('SIGKILL')
    },
    onBegin: () => {
      phase = 'stopping'
    },
    stopServing: async () => {
      let failed = false
      const exits = slots.map((slot) => {
        clearTimeout(slot.timer)
        const worker = slot.worker
        if (!worker || worker.isDead()) return Promise.resolve()
        return new Promise<void>((resolve) => {
          worker.once('exit', (code) => {
            if (code !== 0) failed = true
            resolve()
          })
          if (worker.isConnected()) worker.send({ type: 'stop' } satisfies PrimaryMessage)
          else worker.process.kill('SIGTERM')
        })
      })
      await Promise.all(exits)
      await backups?.stop().catch(() => {})
      await maintenance?.stop()
      return failed
    },
    database: () => database,
  })

  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (phase === 'stopping') {
        if (Date.now() - stopSignalAt > 1000)
          say(`Já encerrando (${signal} ignorado); aguarde até ${SHUTDOWN_TIMEOUT_MS / 1000} s.`)
        return
      }
      stopSignalAt = Date.now()
      // while the database is being opened (initdb, say), let that step finish, then stop what it started
      if (!database) stopAfterOpen ??= `sinal ${signal} durante a inicialização`
      else void shutdown(`sinal ${signal}`)
    })
  }
  stopOnFatalErrors(shutdown, complain)

  try {
    database = await openDatabase(config, {
      log: say,
      poolMax: PRIMARY_POOL,
      onEmbeddedExit: (detail) => complain(detail),
    })
    if (stopAfterOpen) {
      await shutdown(stopAfterOpen)
      return
    }
    await withStartupDb(database.pool, (db) => bootstrap(db, config, say))
  } catch (error) {
    complain(describeStartError(error, config))
    await shutdown('falha na inicialização', 1)
    return
  }
  if (shutdown.begun()) return
  const databaseUrl = database.embedded?.url ?? config.databaseUrl!
  if (!existsSync(join(config.staticDir, 'index.html'))) {
    complain(
      `Aviso: o PWA não foi encontrado em ${config.staticDir} (falta index.html); só a API será servida. Rode npm start ou npm run build.`,
    )
  }

  cluster.setupPrimary({ exec: fileURLToPath(new URL('./cluster-worker.ts', import.meta.url)) })
  let listening = 0
  let announced = false

  const fork = (slot: Slot) => {
    slot.timer = undefined
    if (phase === 'stopping') return
    slot.startedAt = Date.now()
    const worker = cluster.fork({ CLINICA_API_PROCESS: String(slot.number) })
    slot.worker = worker
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        worker.send({ type: 'start', databaseUrl } satisfies PrimaryMessage)
      } else if (message.type === 'listening') {
        say(`Processo da API ${slot.number} no ar (PID ${worker.process.pid}).`)
        if (!announced && ++listening === slots.length) {
          announced = true
          phase = 'running'
          announce(localUrl(config, message.port))
        }
      } else if (message.type === 'failed') {
        complain(message.message)
        // at start a worker's failure is the server's (a taken port, say): stop, as one process would
        if (!announced) void shutdown('falha na inicialização', 1)
      }
    })
    worker.on('exit', (code, signal) => {
      if (phase === 'stopping' || slot.worker !== worker) return
      slot.worker = undefined
      slot.youngDeaths = Date.now() - slot.startedAt < YOUNG_MS ? slot.youngDeaths + 1 : 0
      const delay = WORKER_RESTART_BACKOFF_MS[Math.min(slot.youngDeaths, WORKER_RESTART_BACKOFF_MS.length - 1)]!
      complain(
        `Processo da API ${slot.number} (PID ${worker.process.pid}) parou (${describeExit(code, signal)}); iniciando outro${delay ? ` em ${delay / 1000} s` : ''}.`,
      )
      slot.timer = setTimeout(() => fork(slot), delay)
    })
  }

  const announce = (url: string) => {
    say(`Clínica no ar: ${url}  (${slots.length} processos da API; Ctrl+C para parar)`)
    // as server/server.ts warns (HTTPS=auto is not offered here: it is refused with several processes)
    if (!config.trustProxy && !['127.0.0.1', 'localhost', '::1'].includes(config.host))
      say(
        'Aviso: fora de localhost, o aplicativo só é instalável e funciona offline (service worker) através de HTTPS: use um proxy reverso com HTTPS e TRUST_PROXY=true (veja docs/deploying.md).',
      )
    maintenance = scheduleMaintenance(database!.db, (error) =>
      complain(`Falha na limpeza periódica: ${error instanceof Error ? error.message : String(error)}`),
    )
    if (database!.embedded) {
      backups = startAutomaticBackups({
        dataDir: config.dataDir,
        url: database!.embedded.url,
        serverMajor: embeddedServerMajor(config.dataDir),
        log: say,
        warn: complain,
      })
    }
  }

  for (let number = 1; number <= config.apiProcesses; number++) {
    const slot: Slot = { number, startedAt: 0, youngDeaths: 0 }
    slots.push(slot)
    fork(slot)
  }
}
