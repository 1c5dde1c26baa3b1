// Housekeeping of the tables that only need to remember for a while: sessions long expired, idempotency
// keys past their 48 hours, failed sign-ins past a day, anonymous audit noise past 180 days. Once when the
// app is ready, then every hour; several API processes doing it at once is harmless (plain DELETEs), but
// under API_PROCESSES > 1 only the cluster's primary runs it (server/process/cluster.ts). Never the audit rows of a
// known user, which are kept for good.
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

/** Runs runMaintenance now and every hour until `stop()`; a failed pass is told to `warn` and retried next hour. */
export function scheduleMaintenance(
  db: Db,
  warn: (error: unknown) => void,
): { stop(): Promise<void>; settled(): Promise<void> } {
  let running: Promise<void> | undefined
  const run = () => {
    running ??= runMaintenance(db)
      .then(() => undefined)
      .catch(warn)
      .finally(() => (running = undefined))
  }
  run()
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      // the pool may be ended right after: let a purge under way finish first
      await running
    },
    async settled() {
      await running
    },
  }
}

async function setupMaintenance(app: FastifyInstance, { db, schedule }: { db: Db; schedule: boolean }): Promise<void> {
  let scheduled: ReturnType<typeof scheduleMaintenance> | undefined
  app.decorate('maintenanceSettled', async () => {
    await scheduled?.settled()
  })
  if (!schedule) return
  app.addHook('onReady', async () => {
    scheduled = scheduleMaintenance(db, (error: unknown) =>
      app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'maintenance failed'),
    )
  })
  app.addHook('onClose', async () => {
    await scheduled?.stop()
  })
}

export const maintenancePlugin = fp(setupMaintenance, { name: 'clinica-maintenance', fastify: '5.x' })
