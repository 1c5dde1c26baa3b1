// Housekeeping of the tables that only need to remember for a while: sessions long expired, idempotency
// keys past their 48 hours, failed sign-ins past a day, anonymous audit noise past 180 days. Once when the
// app is ready, then every hour; several API processes doing it at once is harmless (plain DELETEs). Never
// the audit rows of a known user, which are kept for good.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/client'
import * as audit from '../repositories/audit'
import * as idempotency from '../repositories/idempotency'
import * as loginAttempts from '../repositories/login-attempts'
import * as sessions from '../repositories/sessions'

export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves once no maintenance pass is under way (the one started when the app is ready runs in the
     * background and holds a pool connection while it does). For tests that need a quiet pool.
     */
    maintenanceSettled(): Promise<void>
  }
}

export async function runMaintenance(
  db: Db,
): Promise<{ sessions: number; idempotencyKeys: number; loginAttempts: number; anonymousAudit: number }> {
  return {
    sessions: await sessions.purgeExpired(db),
    idempotencyKeys: await idempotency.purgeExpired(db),
    // failed sign-ins past every window (unknown e-mails included), anonymous audit noise past its retention
    loginAttempts: await loginAttempts.purgeOld(db),
    anonymousAudit: await audit.purgeAnonymous(db),
  }
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
  app.decorate('maintenanceSettled', async () => {
    await running
  })
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
