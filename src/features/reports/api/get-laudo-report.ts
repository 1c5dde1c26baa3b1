import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RelatorioRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

/**
 * The range's laudo figures (issue 36 point 9). Under the appointments' prefix like the report itself, so
 * a change of an appointment refreshes it, and not kept offline (docs/decisions.md, "Reports").
 */
export const laudoReportKey = (range: RelatorioRequest) => [...agendamentoKeys.all, 'relatorio-laudos', range] as const

export const laudoReportQuery = (range: RelatorioRequest) =>
  queryOptions({
    queryKey: laudoReportKey(range),
    queryFn: ({ signal }) => callApi('relatorioLaudos', range, { signal }),
  })

export const useLaudoReport = (range: RelatorioRequest | null) =>
  useQuery({ ...laudoReportQuery(range ?? { de: '', ate: '' }), enabled: range !== null })
