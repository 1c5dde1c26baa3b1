import { queryOptions, useQuery } from '@tanstack/react-query'
import { addDays, clinicToday, type AgendaAnswer } from '@contract'
import { callApi } from '@/lib/api-client'
import { UPCOMING_DAYS } from '@/lib/offline/persist-policy'
import { agendaKeys } from '@/lib/query-keys'

export async function getAgenda(de: string, dias: number, signal?: AbortSignal): Promise<AgendaAnswer> {
  return callApi('agenda', { de, dias }, { signal })
}

/**
 * The window that serves `dias` days from `dia`: today's 8 days (kept offline, docs/product.md §16) when
 * they cover it, else exactly those days.
 */
export function agendaWindow(dia: string, dias: number): { de: string; dias: number } {
  const today = clinicToday()
  const last = addDays(dia, dias - 1)
  if (dia >= today && last <= addDays(today, UPCOMING_DAYS)) return { de: today, dias: UPCOMING_DAYS + 1 }
  return { de: dia, dias }
}

export const agendaQueryOptions = (de: string, dias: number) =>
  queryOptions({
    queryKey: agendaKeys.range(de, dias),
    queryFn: ({ signal }) => getAgenda(de, dias, signal),
  })

export function useAgenda(dia: string, dias: number) {
  const window = agendaWindow(dia, dias)
  return useQuery(agendaQueryOptions(window.de, window.dias))
}
