// Reports, as the server's routes/reports.ts: the range rule and role rule of the contract, the figures
// from the store (../reports.ts).
import { reportRefusal } from '@contract'
import { fail, mockRoute } from '../pipeline'
import { mockLaudoReport } from '../laudo-report'
import { mockAppointmentRows, mockSummary } from '../reports'
import { mockTissReport } from '../tiss-report'
import type { MockStore, StoredUser } from '../store'

function allow(store: MockStore, user: StoredUser, range: { de: string; ate: string }) {
  const refusal = reportRefusal(user.role, range, new Date(store.now()))
  if (refusal) fail(403, refusal)
}

export const reportHandlers = [
  mockRoute('relatorio', (body, { store, user }) => {
    allow(store, user, body)
    return mockSummary(store, body.de, body.ate)
  }),
  mockRoute('relatorioAgendamentos', (body, { store, user }) => {
    allow(store, user, body)
    return { linhas: mockAppointmentRows(store, body.de, body.ate) }
  }),
  mockRoute('relatorioLaudos', (body, { store, user }) => {
    allow(store, user, body)
    return mockLaudoReport(store, body.de, body.ate)
  }),
  mockRoute('relatorioFaturamento', (body, { store, user }) => {
    allow(store, user, body)
    return mockTissReport(store, body.de, body.ate)
  }),
]
