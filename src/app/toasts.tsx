// The toast container, loaded after the first render (react-toastify's weight is code the first screen never
// needs: bench/journal/2026-11-22-first-day.md, "Second round (afternoon)"). Toasts raised before it mounts wait
// in react-toastify's queue.
import { useState } from 'react'
import { createPortal } from 'react-dom'
import { ToastContainer } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'
import { toastHost } from '@/lib/toast-layer'

/** Toasts on screen at once; a newer one waits until one closes. */
export const TOAST_LIMIT = 2

export default function Toasts() {
  // Rendered into the toast layer's element, which moves into an open modal dialog so that a toast is
  // never hidden behind it (src/lib/toast-layer.ts).
  const [host] = useState(toastHost)
  // docs/product.md §9: top-right, 5000 ms. The region is named in the app's language. At most TOAST_LIMIT
  // at a time (the rest wait their turn), below the header (global.css): they never pile up over 'Sair',
  // a dialog's title or a date field (issue 34).
  return createPortal(
    <ToastContainer
      position="top-right"
      autoClose={5000}
      limit={TOAST_LIMIT}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
      aria-label="Notificações"
    />,
    host,
  )
}
