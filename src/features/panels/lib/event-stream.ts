// Server-Sent Events read with fetch (docs/decisions.md, "The waiting room's panel"): EventSource cannot
// send the panel's credential in a header, fetch can. Only what the panel's feed uses: `data:` lines,
// blank-line separated events, comments ignored (src/lib/event-parser.ts).
import { eventParser } from '@/lib/event-parser'

export type StreamState = 'conectando' | 'aberto' | 'reconectando'

export interface StreamOptions {
  url: string
  credencial: string
  onData: (data: string) => void
  onState: (state: StreamState) => void
  /** The credential was refused (revoked or replaced): the stream stops for good. */
  onRefused: () => void
  /** Between a drop and the next try. */
  retryMs?: number
}

/** Opens the stream and keeps it open, reconnecting after any drop, until the returned function is called. */
export function openEventStream(options: StreamOptions): () => void {
  const controller = new AbortController()
  const retryMs = options.retryMs ?? 2_000
  const wait = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryMs)
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  void (async () => {
    let first = true
    while (!controller.signal.aborted) {
      options.onState(first ? 'conectando' : 'reconectando')
      first = false
      try {
        const response = await fetch(options.url, {
          headers: { Authorization: `Bearer ${options.credencial}`, Accept: 'text/event-stream' },
          signal: controller.signal,
          cache: 'no-store',
        })
        if (response.status === 401 || response.status === 403) {
          options.onRefused()
          return
        }
        if (response.ok && response.body) {
          const parse = eventParser((data) => {
            options.onState('aberto')
            options.onData(data)
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
      options.onState('reconectando')
      await wait()
    }
  })()
  return () => controller.abort()
}
