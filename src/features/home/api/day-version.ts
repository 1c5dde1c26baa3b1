import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys, chamadaKeys, laudoKeys } from '@/lib/query-keys'
import { useOnline } from '@/lib/use-online'
import { useDayFeed } from './day-feed'

/** How often an open board asks whether its day changed (docs/decisions.md: live boards). */
export const BOARD_POLL_MS = 5_000

/**
 * Keeps an open board live. Its live channel (./day-feed.ts, issue 38 point 6) reloads a day's data on each
 * change announced. While the channel is down, the poll: right after the day's list is fetched, the day's
 * version is read as the baseline; then every 5 s (while online and the page is visible) the version is
 * asked again, and the list reloaded when it changed; the same question is asked once whenever the channel
 * opens, for what changed while it was down. A list restored from the offline cache has no baseline: the first answer
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

  // one question: has the day's version moved since the list was read? (the poll's tick, the channel's reopening)
  const check = useRef<() => Promise<void>>(async () => {})
  useEffect(() => {
    let controller: AbortController | undefined
    check.current = async () => {
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
    return () => {
      controller?.abort()
      check.current = async () => {}
    }
  }, [date, queryClient])

  // the live channel (issue 38 point 6): a change of any day reloads that day's data wherever it is shown
  const live = useDayFeed(
    {
      // without a baseline the day's list is being read right now: nothing to catch up on
      onOpen: () => {
        if (baseline.current?.date === date) void check.current()
      },
      onEvent: ({ dia, agendamentoId }) => {
        void queryClient.invalidateQueries({ queryKey: agendamentoKeys.day(dia), exact: true })
        void queryClient.invalidateQueries({ queryKey: chamadaKeys.day(dia) })
        // a laudo opened, released or delivered announces its appointment's day (migration 0038); the late
        // count each day's states carry is the whole clinic's
        void queryClient.invalidateQueries({ queryKey: laudoKeys.days() })
        if (agendamentoId !== null) {
          void queryClient.invalidateQueries({ queryKey: agendamentoKeys.detail(agendamentoId) })
          void queryClient.invalidateQueries({ queryKey: agendamentoKeys.catalogue(agendamentoId) })
          void queryClient.invalidateQueries({ queryKey: agendamentoKeys.history(agendamentoId) })
        }
      },
    },
    fetchedThisSession,
  )

  useEffect(() => {
    // offline, nothing is asked: the poll starts again with the connection; while the channel is open it
    // tells every change, and the poll is its fallback
    if (!online || live) return
    const timer = setInterval(() => void check.current(), BOARD_POLL_MS)
    return () => clearInterval(timer)
  }, [date, online, live])
}
