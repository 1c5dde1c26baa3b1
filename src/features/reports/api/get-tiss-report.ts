import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RelatorioRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

/**
 * The range's convênio billing (issue 37 point 5). Under the appointments' prefix like the report itself, so a
 * change of an appointment refreshes it, and not kept offline (docs/decisions.md, "Reports").
 */
export const tissReportKey = (range: RelatorioRequest) =>
  [...agendamentoKeys.all, 'relatorio-faturamento', range] as const

export const tissReportQuery = (range: RelatorioRequest) =>
  queryOptions({
    queryKey: tissReportKey(range),
    queryFn: ({ signal }) => callApi('relatorioFaturamento', range, { signal }),
  })

export const useTissReport = (range: RelatorioRequest | null) =>
  useQuery({ ...tissReportQuery(range ?? { de: '', ate: '' }), enabled: range !== null })
