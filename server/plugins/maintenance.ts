// Housekeeping of the tables that only need to remember for a while: sessions long expired, idempotency
// keys past their 48 hours. Once when the app is ready, then every hour; several API processes doing it
// at once is harmless (plain DELETEs). Never the audit trail, which is kept for good.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/client'
import * as idempotency from '../repositories/idempotency'
import * as sessions from '../repositories/sessions'

export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000

export async function runMaintenance(db: Db): Promise<{ sessions: number; idempotencyKeys: number }> {
  return { sessions: await sessions.purgeExpired(db), idempotencyKeys: await idempotency.purgeExpired(db) }
}

async function setupMaintenance(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  const run = () => {
    running ??= runMaintenance(db)
      .then(() => undefined)
      .catch((error: unknown) =>
        app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'maintenance failed'),
      )
      .finally(() => (running = undefined))
  }
  app.addHook('onReady', async () => {
    run()
    timer = setInterval(run, MAINTENANCE_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    // the pool may be ended right after close: let a purge under way finish first
    await running
  })
}

export const maintenancePlugin = fp(setupMaintenance, { name: 'clinica-maintenance', fastify: '5.x' })
