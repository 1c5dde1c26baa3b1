import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useOnline } from '@/lib/use-online'
import { useSession } from '@/lib/use-session'
import { openDayStream, type DayEvent } from '../lib/day-stream'

/**
 * The page is being unloaded (a reload, a link out; not a stay in the back-forward cache): its 'pagehide'
 * comes before the 'visibilitychange' to hidden. That change is then not passed on: re-rendering the board
 * and closing its channel would be the old page's work inside the new page's start (a reload of today's
 * board), and the browser closes the channel with the page anyway.
 */
let unloading = false
window.addEventListener('pagehide', (event) => {
  if (!event.persisted) unloading = true
})
window.addEventListener('pageshow', () => {
  unloading = false
})

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
const isVisible = () => unloading || document.visibilityState !== 'hidden'

export interface DayFeedHandlers {
  onEvent: (event: DayEvent) => void
  /** The channel (re)opened: what changed while it was down is asked once. */
  onOpen: () => void
}

/**
 * The day boards' live channel (docs/decisions.md, "The day board's live channel"): open while the page is
 * visible, online and signed in, once `enabled` (the day's list was read from the server: the app's start
 * sends only its health probe); answers whether it is open now (while it is not, the board polls).
 */
export function useDayFeed(handlers: DayFeedHandlers, enabled: boolean): boolean {
  const online = useOnline()
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true)
  const token = useSession()?.token
  const [open, setOpen] = useState(false)
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })

  useEffect(() => {
    if (!enabled || !online || !visible || !token) return
    const stop = openDayStream({
      token,
      onOpen: () => {
        setOpen(true)
        latest.current.onOpen()
      },
      onEvent: (event) => latest.current.onEvent(event),
      onDown: () => setOpen(false),
    })
    return () => {
      stop()
      setOpen(false)
    }
  }, [enabled, online, visible, token])

  return open
}
