// The day boards' live feed (not in the `api` table), as the server's routes/day-feed.ts: a signed-in
// user's token, then a text/event-stream of { dia, agendamentoId } pushed by ../day-feed.ts after every
// write call. A panel's credential gets the server's 403; no token or a signed-out one, 401.
import { http, HttpResponse } from 'msw'
import { DIA_EVENTOS_PATH, DIA_EVENTOS_RETRY_MS, messages, PAINEL_CREDENCIAL_PREFIX } from '@contract'
import { listenToDays } from '../day-feed'
import type { MockStore } from '../store'

export const diaEventosHandler = (store: MockStore) =>
  http.get(`*/api${DIA_EVENTOS_PATH}`, ({ request }) => {
    const error = (status: number, message: string) =>
      HttpResponse.json({ error: message }, { status, headers: { 'Cache-Control': 'no-store' } })
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
    if (token?.startsWith(PAINEL_CREDENCIAL_PREFIX)) return error(403, messages.panelOnlyFeed)
    const user =
      token?.startsWith('mock.') && !store.revokedTokens.includes(token)
        ? store.users.find((u) => u.id === token.slice('mock.'.length) && u.ativo !== false)
        : undefined
    if (!user) return error(401, messages.unauthenticated)
    const encoder = new TextEncoder()
    let stop: (() => void) | undefined
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true
        const close = () => {
          if (!open) return
          open = false
          stop?.()
          controller.close()
        }
        stop = listenToDays(store, {
          send: (event) => open && controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
          close,
        })
        controller.enqueue(encoder.encode(`retry: ${DIA_EVENTOS_RETRY_MS}\n\n`))
        request.signal.addEventListener('abort', close)
      },
      cancel() {
        stop?.()
      },
    })
    return new HttpResponse(stream, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  })
