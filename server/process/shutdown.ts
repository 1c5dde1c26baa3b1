// A graceful stop of a process that owns the database: the single server (server/server.ts) and the cluster
// primary (server/process/cluster.ts) stop what they started in their own order, then close the pool and the embedded
// PostgreSQL and exit — within a time limit, or exit 1 by force (docs/deploying.md, "graceful stop").
import type { OpenDatabase } from '../db/database'

export interface ShutdownSteps {
  say(message: string): void
  complain(message: string): void
  /** Past this the process exits 1 by force, after `onForce` (e.g. killing the workers). */
  forceAfterMs: number
  onForce?(): void
  /** Called once, first: the caller marks itself stopping. */
  onBegin(): void
  /** What the process started, stopped in its order before the database; true when a step failed (exit 1). */
  stopServing(): Promise<boolean>
  /** The database, once opened. */
  database(): OpenDatabase | undefined
}

export interface Shutdown {
  /** Stops once (later calls get the same promise) and exits with `exitCode`, 1 when a step failed. */
  (reason: string, exitCode?: number): Promise<void>
  /** Whether a stop has begun. */
  begun(): boolean
}

export function gracefulShutdown(steps: ShutdownSteps): Shutdown {
  const { say, complain } = steps
  let stopping: Promise<void> | undefined
  const shutdown = (reason: string, exitCode = 0): Promise<void> => {
    stopping ??= (async () => {
      steps.onBegin()
      say(`Encerrando (${reason})…`)
      const force = setTimeout(() => {
        complain(`O encerramento passou de ${steps.forceAfterMs / 1000} s: saindo à força.`)
        steps.onForce?.()
        process.exit(1)
      }, steps.forceAfterMs)
      force.unref()
      if (await steps.stopServing()) exitCode ||= 1
      try {
        await steps.database()?.close()
      } catch (error) {
        complain(`Erro ao fechar o banco de dados: ${(error as Error).message}`)
        exitCode ||= 1
      }
      say('Servidor encerrado.')
      process.exit(exitCode)
    })()
    return stopping
  }
  return Object.assign(shutdown, { begun: () => stopping !== undefined })
}

/** An uncaught error or rejection is said to the operator and stops the process (exit 1). */
export function stopOnFatalErrors(shutdown: Shutdown, complain: (message: string) => void): void {
  const fatal = (what: string) => (error: unknown) => {
    complain(`${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    void shutdown(what, 1)
  }
  process.on('uncaughtException', fatal('Erro inesperado'))
  process.on('unhandledRejection', fatal('Promessa rejeitada sem tratamento'))
}
