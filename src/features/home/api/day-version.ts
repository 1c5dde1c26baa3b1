import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'
import { useOnline } from '@/lib/use-online'

/** How often an open board asks whether its day changed (docs/decisions.md: live boards). */
export const BOARD_POLL_MS = 5_000

/**
 * Keeps an open board live. Right after the day's list is fetched, the day's version is read as the
 * baseline; then every 5 s (while online and the page is visible) the version is asked again, and the list
 * reloaded when it changed. A list restored from the offline cache has no baseline: the first answer
 * reloads it. The version is no query in the cache: it is not data on screen, and the start of the app
 * (one health probe) sends nothing for it.
 */
export function useLiveDay(date: string, listFetchedAt: number, fetchedThisSession: boolean) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const baseline = useRef<{ date: string; versao: number } | undefined>(undefined)

  // a fresh list: its version is the baseline
  useEffect(() => {
    if (!fetchedThisSession || !listFetchedAt) return
    const controller = new AbortController()
    callApi('versaoDia', { dia: date }, { signal: controller.signal })
      .then(({ versao }) => (baseline.current = { date, versao }))
      .catch(() => {})
    return () => controller.abort()
  }, [date, listFetchedAt, fetchedThisSession])

  useEffect(() => {
    // offline, nothing is asked: the poll starts again with the connection
    if (!online) return
    let controller: AbortController | undefined
    const poll = async () => {
      if (document.visibilityState === 'hidden' || controller) return
      controller = new AbortController()
      try {
        const { versao } = await callApi('versaoDia', { dia: date }, { signal: controller.signal })
        const last = baseline.current
        if (last?.date === date && last.versao === versao) return
        baseline.current = { date, versao }
        void queryClient.invalidateQueries({ queryKey: agendamentoKeys.day(date), exact: true })
      } catch {
        // offline or the server away: the next tick asks again
      } finally {
        controller = undefined
      }
    }
    const timer = setInterval(() => void poll(), BOARD_POLL_MS)
    return () => {
      clearInterval(timer)
      controller?.abort()
    }
  }, [date, queryClient, online])
}
