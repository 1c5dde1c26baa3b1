// The day boards' live feed read with fetch (docs/decisions.md, "The day board's live channel"): the
// browser's EventSource cannot send the Bearer token every other call carries, fetch can (as the TV
// panel's feed does). Only what this feed uses: `data:` lines, blank-line separated events, comments
// ignored. The loop reconnects by itself after any drop; a refusal (401/403) ends it.
import { DIA_EVENTOS_PATH, DIA_EVENTOS_RETRY_MS } from '@contract/day-feed-path'
import { API_BASE } from '@/lib/api-client'
import { eventParser } from '@/lib/event-parser'

export interface DayEvent {
  dia: string
  agendamentoId: string | null
}

export interface DayStreamOptions {
  token: string
  /** The stream is open: from now on every change is heard. */
  onOpen: () => void
  onEvent: (event: DayEvent) => void
  /** The stream dropped or could not open: the board polls until onOpen again. */
  onDown: () => void
}

function isDayEvent(value: unknown): value is DayEvent {
  const v = value as Partial<DayEvent> | null
  return (
    typeof v?.dia === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(v.dia) &&
    (v.agendamentoId === null || typeof v.agendamentoId === 'string')
  )
}

/** Opens the stream and keeps it open until the returned function is called. */
export function openDayStream(options: DayStreamOptions): () => void {
  const controller = new AbortController()
  const wait = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, DIA_EVENTOS_RETRY_MS)
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  void (async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await fetch(`${API_BASE}${DIA_EVENTOS_PATH}`, {
          headers: { Authorization: `Bearer ${options.token}`, Accept: 'text/event-stream' },
          signal: controller.signal,
          cache: 'no-store',
        })
        // signed out or not a person's token: the poll's own calls meet the same refusal and sign out
        if (response.status === 401 || response.status === 403) {
          options.onDown()
          return
        }
        if (response.ok && response.body) {
          options.onOpen()
          const parse = eventParser((data) => {
            try {
              const event: unknown = JSON.parse(data)
              if (isDayEvent(event)) options.onEvent(event)
            } catch {
              // not an event of this feed
            }
          })
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
          for (;;) {
            const { value, done } = await reader.read()
            if (done) break
            parse(value)
          }
        }
      } catch {
        // offline, the server restarting, the stream cut: try again
      }
      if (controller.signal.aborted) return
      options.onDown()
      await wait()
    }
  })()
  return () => controller.abort()
}
