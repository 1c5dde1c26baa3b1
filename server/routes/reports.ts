// Reports (contract/reports.ts, docs/decisions.md "Reports"): the figures of a range and its appointments
// for the spreadsheet. ADMIN reads any range up to a year; everyone else only today's closing.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { clinicToday, laudoReportCalls, LinhaPlanilha, reportCalls, reportRefusal, tissReportCalls } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as clinicRepo from '../repositories/clinic'
import { laudoReport } from '../repositories/laudo-report'
import * as reportsRepo from '../repositories/reports'
import { tissReport } from '../repositories/tiss-report'
import { defineRoute } from './route'

/** The spreadsheet's columns: what its audit row says was exported (names, never values). */
const SPREADSHEET_FIELDS = Object.keys(LinhaPlanilha.shape)

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

  // The spreadsheet names patients: an export of personal data, recorded like the patient export (who, when,
  // from where, the columns) in the transaction that reads it (docs/decisions.md, "Hardening").
  defineRoute(app, reportCalls.relatorioAgendamentos, async (context) => {
    const { body, user } = context
    allow(user.role, body)
    return db.transaction(async (tx) => {
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'export', entity: 'relatorio', fields: SPREADSHEET_FIELDS }),
      )
      return { linhas: await reportsRepo.appointmentRows(tx, body.de, body.ate) }
    })
  })

  // The laudos of the range (issue 36 point 9): figures only, no patient, under the same range rule.
  defineRoute(app, laudoReportCalls.relatorioLaudos, async ({ body, user }) => {
    allow(user.role, body)
    return laudoReport(db, body, clinicToday(now()), await clinicRepo.getHours(db))
  })

  // TISS in the reports (issue 37 point 5): money per convênio and month, no patient, same range rule.
  defineRoute(app, tissReportCalls.relatorioFaturamento, async ({ body, user }) => {
    allow(user.role, body)
    return tissReport(db, body)
  })
}

export const reportRoutes = fp(routes, {
  name: 'clinica-report-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
