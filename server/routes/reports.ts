// Reports (contract/reports.ts, docs/decisions.md "Reports"): the figures of a range and its appointments
// for the spreadsheet. ADMIN reads any range up to a year; everyone else only today's closing.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { reportCalls, reportRefusal } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as reportsRepo from '../repositories/reports'
import { defineRoute } from './route'

export interface ReportRoutesOptions {
  db: Db
  /** The clock of "today's closing"; tests set it. */
  now: () => Date
}

const routes: FastifyPluginAsync<ReportRoutesOptions> = async (app, { db, now }) => {
  function allow(role: 'ADMIN' | 'USER', range: { de: string; ate: string }) {
    const refusal = reportRefusal(role, range, now())
    if (refusal) throw new HttpError(403, refusal)
  }

  defineRoute(app, reportCalls.relatorio, async ({ body, user }) => {
    allow(user.role, body)
    return reportsRepo.summary(db, body.de, body.ate)
  })

  defineRoute(app, reportCalls.relatorioAgendamentos, async ({ body, user }) => {
    allow(user.role, body)
    return { linhas: await reportsRepo.appointmentRows(db, body.de, body.ate) }
  })
}

export const reportRoutes = fp(routes, {
  name: 'clinica-report-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
