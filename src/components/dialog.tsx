import { useEffect, useId, useRef, type ReactNode } from 'react'
import { modalClosed, modalOpened } from '@/lib/toast-layer'
import { useUnsavedChanges } from '@/lib/unsaved-changes'

export interface DialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  children?: ReactNode
  footer?: ReactNode
  className?: string
}

/**
 * A modal on the native <dialog>: showModal() gives the focus trap, the inert background and Esc for
 * free. The element stays mounted while closed (its content does not, so a closed form starts afresh);
 * the parent owns `open`, and Esc asks it through onClose.
 */
export function Dialog({ open, onClose, title, children, footer, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // An open dialog is work in progress (a form, a confirmation): the update prompt waits for it.
  useUnsavedChanges(open)
  // Who had focus before the dialog opened: not every browser (nor jsdom) gives it back on close().
  const openerRef = useRef<Element | null>(null)
  const onCloseRef = useRef(onClose)
  const wantedOpenRef = useRef(open)
  // onClose already asked since the parent last rendered (Esc fires 'cancel', and a browser that
  // closes anyway fires 'close' right after): ask once.
  const closeAskedRef = useRef(false)

  // Every render: follow the parent's `open`. Also re-shows the dialog if the browser closed it on its
  // own while the parent keeps it open (Chrome ignores a repeated preventDefault on Esc).
  useEffect(() => {
    onCloseRef.current = onClose
    wantedOpenRef.current = open
    closeAskedRef.current = false
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      if (!openerRef.current) openerRef.current = document.activeElement
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
    }
    // The toasts go into the open modal (the top layer), so none is hidden behind it; back out on close.
    if (open) modalOpened(dialog)
    else modalClosed(dialog)
    if (!open && openerRef.current) {
      restoreFocus(openerRef.current)
      openerRef.current = null
    }
  })

  // Unmounting while open (e.g. a route change) must still give focus back, and the toasts their place.
  useEffect(() => {
    const dialog = ref.current
    return () => {
      if (dialog) modalClosed(dialog)
      restoreFocus(openerRef.current)
    }
  }, [])

  const askClose = () => {
    if (closeAskedRef.current) return
    closeAskedRef.current = true
    onCloseRef.current()
  }

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // React passes a nested dialog's 'cancel' and 'close' up its tree: only this dialog's own count
        if (event.target !== event.currentTarget) return
        event.preventDefault()
        askClose()
      }}
      onClose={(event) => {
        if (event.target === event.currentTarget && wantedOpenRef.current) askClose()
      }}
    >
      {open && (
        <>
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
          </header>
          {children != null && <div className="dialog__body">{children}</div>}
          {footer && <footer className="dialog__footer">{footer}</footer>}
        </>
      )}
    </dialog>
  )
}

function restoreFocus(element: Element | null) {
  if (element instanceof HTMLElement && element.isConnected) element.focus()
}
