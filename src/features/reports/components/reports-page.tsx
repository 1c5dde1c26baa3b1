// 'Relatórios' (docs/product.md, "Relatórios"; docs/decisions.md, "Reports"): ADMIN picks any range up to
// a year; the front desk sees today's closing. Charts first, the numbers one tap away, and
// 'Exportar planilha' for the range's appointments.
import { useState } from 'react'
import { formatDate } from '@contract'
import { ApiError } from '@/lib/api-client'
import { isAdmin } from '@/lib/session'
import { useClinicToday } from '@/lib/use-clinic-today'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useSession } from '@/lib/use-session'
import { downloadSpreadsheet } from '../api/export-rows'
import { useReport } from '../api/get-report'
import { useLaudoReport } from '../api/get-laudo-report'
import { useTissReport } from '../api/get-tiss-report'
import { LaudoReportView } from './laudo-report-view'
import { RangePicker, rangeOf, type RangeState } from './range-picker'
import { ReportView } from './report-view'
import { TissReportView } from './tiss-report-view'
import './reports.css'

const rangeText = (de: string, ate: string) => (de === ate ? formatDate(de) : `${formatDate(de)} a ${formatDate(ate)}`)

export default function ReportsPage() {
  useDocumentTitle('Relatórios')
  const admin = isAdmin(useSession())
  const today = useClinicToday()
  const [state, setState] = useState<RangeState>({ kind: 'mes', day: today, de: today, ate: today })
  const asked = admin ? rangeOf(state) : { range: { de: today, ate: today } }
  const range = 'range' in asked ? asked.range : null
  const report = useReport(range)
  const laudoReport = useLaudoReport(range)
  const tissReport = useTissReport(range)
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<string | null>(null)

  const exportSheet = async () => {
    if (!range) return
    setExporting(true)
    setExportError(null)
    try {
      await downloadSpreadsheet(range)
    } catch (error) {
      setExportError(error instanceof ApiError ? error.message : 'Erro ao exportar a planilha!')
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="page reports">
      <header className="page-header">
        <h1>Relatórios</h1>
      </header>
      {admin ? (
        <RangePicker value={state} onChange={setState} />
      ) : (
        <p>Fechamento de hoje. Relatórios de outros dias ficam com os administradores.</p>
      )}
      {'error' in asked && (
        <p role="alert" className="alert">
          {asked.error}
        </p>
      )}
      {range && (
        <div className="reports__bar">
          <h2>{rangeText(range.de, range.ate)}</h2>
          <button type="button" className="button" onClick={() => void exportSheet()} disabled={exporting}>
            {exporting ? 'Exportando…' : 'Exportar planilha'}
          </button>
        </div>
      )}
      {exportError && (
        <p role="alert" className="alert">
          {exportError}
        </p>
      )}
      {report.isError && (
        <p role="alert" className="alert">
          {report.error.message}
        </p>
      )}
      {/* offline the query pauses and the app's banner says nothing is saved for this screen (reports are
          not kept offline, docs/decisions.md "Reports"): no 'Carregando…' for ever */}
      {range && report.isPending && report.fetchStatus === 'fetching' && <p role="status">Carregando…</p>}
      {report.data && <ReportView report={report.data} />}
      {/* the laudos of the range (issue 36 point 9): a call of their own, so a failure here leaves the rest */}
      {laudoReport.isError && (
        <p role="alert" className="alert">
          {laudoReport.error.message}
        </p>
      )}
      {laudoReport.data && <LaudoReportView report={laudoReport.data} />}
      {/* the convênios' billing (issue 37 point 5): a call of its own too */}
      {tissReport.isError && (
        <p role="alert" className="alert">
          {tissReport.error.message}
        </p>
      )}
      {tissReport.data && <TissReportView report={tissReport.data} />}
    </div>
  )
}
