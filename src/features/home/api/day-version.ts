import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

/** How often an open board asks whether its day changed (docs/decisions.md: live boards). */
export const BOARD_POLL_MS = 5_000

/**
 * Keeps an open board live: asks the day's version every 5 s (only while online and the page is
 * visible: TanStack pauses the interval otherwise) and reloads the day's list when the number changed
 * since the last answer. A move made on another device shows here within about 5 s.
 */
export function useLiveDay(date: string) {
  const queryClient = useQueryClient()
  const version = useQuery({
    queryKey: agendamentoKeys.dayVersion(date),
    queryFn: async ({ signal }) => (await callApi('versaoDia', { dia: date }, { signal })).versao,
    refetchInterval: BOARD_POLL_MS,
    staleTime: 0,
    // a failed poll is simply asked again at the next tick
    retry: false,
  })
  const seen = useRef<{ date: string; versao: number } | undefined>(undefined)
  useEffect(() => {
    if (version.data === undefined) return
    const last = seen.current
    seen.current = { date, versao: version.data }
    // the first answer for a day is the baseline: the list was just loaded with it
    if (last && last.date === date && last.versao !== version.data)
      void queryClient.invalidateQueries({ queryKey: agendamentoKeys.day(date), exact: true })
  }, [date, version.data, queryClient])
}
