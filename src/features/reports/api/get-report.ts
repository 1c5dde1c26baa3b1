import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RelatorioRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

/**
 * Under the appointments' prefix: every change of an appointment (their mutations invalidate
 * agendamentoKeys.all) refreshes an open report too. Not kept offline (docs/decisions.md, "Reports").
 */
export const reportKey = (range: RelatorioRequest) => [...agendamentoKeys.all, 'relatorio', range] as const

export const reportQuery = (range: RelatorioRequest) =>
  queryOptions({
    queryKey: reportKey(range),
    queryFn: ({ signal }) => callApi('relatorio', range, { signal }),
  })

export const useReport = (range: RelatorioRequest | null) =>
  useQuery({ ...reportQuery(range ?? { de: '', ate: '' }), enabled: range !== null })
