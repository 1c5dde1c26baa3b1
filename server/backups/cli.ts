// What `npm run backup` and `npm run restore` share as commands: stopping cleanly on a signal, and ending
// on a failure with one Portuguese sentence and the database closed.
import { DataDirInUseError, EmbeddedPostgresError } from '../db/embedded/postgres'
import type { DatabaseTarget } from './backups'
import { BackupError } from './pg-tools'

/** On Ctrl-C or a terminal closed: says `message`, stops the running tool, closes the database, exits 130. */
export function exitOnInterrupt(
  message: string,
  running: () => { stop(): void; done: Promise<unknown> } | undefined,
  target: () => DatabaseTarget | undefined,
): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(message)
      const tool = running()
      tool?.stop()
      void (tool?.done.catch(() => {}) ?? Promise.resolve())
        .then(() => target()?.close())
        .finally(() => process.exit(130))
    })
  }
}

/** A failure: the known errors' own sentence, any other after `what`; the database closed; exit 1. */
export async function exitFailed(error: unknown, what: string, target: DatabaseTarget | undefined): Promise<never> {
  const known =
    error instanceof BackupError || error instanceof DataDirInUseError || error instanceof EmbeddedPostgresError
  console.error(known ? (error as Error).message : `${what}: ${error instanceof Error ? error.message : String(error)}`)
  await target?.close().catch(() => {})
  process.exit(1)
}
