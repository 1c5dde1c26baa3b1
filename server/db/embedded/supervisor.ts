// The embedded PostgreSQL, supervised: when it dies while it should run (killed, crashed, out of memory),
// it is started again on the same port and folder, after 0.5 s, then 1, 2, 4, 8, 15 and every 30 s while
// it keeps failing (a full disk, say). PostgreSQL's crash recovery replays its WAL, so every commit it
// acknowledged is there again (fsync is on). Meanwhile the pool's connections fail and the API answers 503
// 'Banco de dados indisponível…'; new connections succeed once it is back, with nothing to reconfigure.
// What this cannot recover from (the API process itself dying, the machine rebooting) is the service
// manager's job: README.md, "Running it as a service".
import { startEmbeddedPostgres, type EmbeddedPostgres, type EmbeddedPostgresOptions } from './postgres'

/** Waits before each new attempt; the last one repeats. */
export const RESTART_BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000]

export interface SupervisedOptions extends Omit<EmbeddedPostgresOptions, 'onUnexpectedExit'> {
  /** Told each time PostgreSQL stops unexpectedly (the detail has the end of its log, redacted). */
  onExit?: (detail: string) => void
  /** Told each time it is back. */
  onRestarted?: (downMs: number) => void
}

/**
 * Starts the embedded PostgreSQL (as startEmbeddedPostgres) and keeps it running until `stop()`. The object
 * answered always describes the server running now (its pid changes after a restart; its url does not).
 */
export async function startSupervisedPostgres(options: SupervisedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((m: string) => console.log(m))
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let restarting: Promise<void> | null = null

  const start = (port: number | undefined) =>
    startEmbeddedPostgres({ dataDir: options.dataDir, port, log, onUnexpectedExit: onExit })
  let current = await start(options.port)
  const port = current.port

  function onExit(detail: string) {
    if (stopped) return
    options.onExit?.(detail)
    log('Reiniciando o PostgreSQL embutido; enquanto isso, as requisições recebem 503.')
    schedule(0, Date.now())
  }

  function schedule(attempt: number, downSince: number) {
    const delay = RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)]!
    timer = setTimeout(() => {
      restarting = (async () => {
        try {
          current = await start(port)
          log(`PostgreSQL embutido de volta após ${((Date.now() - downSince) / 1000).toFixed(1)} s.`)
          options.onRestarted?.(Date.now() - downSince)
        } catch (error) {
          const next = RESTART_BACKOFF_MS[Math.min(attempt + 1, RESTART_BACKOFF_MS.length - 1)]! / 1000
          log(
            `O PostgreSQL embutido não voltou (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); nova tentativa em ${next} s.`,
          )
          if (!stopped) schedule(attempt + 1, downSince)
        } finally {
          restarting = null
        }
      })()
    }, delay)
    // a pending restart does not keep a stopping process alive
    timer.unref()
  }

  return {
    get url() {
      return current.url
    },
    get port() {
      return current.port
    },
    get pid() {
      return current.pid
    },
    get layout() {
      return current.layout
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await restarting
      await current.stop()
    },
  }
}
