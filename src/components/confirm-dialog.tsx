import type { ReactNode } from 'react'
import type { Failure } from '@/lib/describe-failure'
import { Dialog } from './dialog'
import { FormAlert } from './form-alert'
import { OfflineNote, useOfflineLock } from './offline'

export interface ConfirmDialogProps {
  open: boolean
  message: string
  onConfirm: () => void
  onCancel: () => void
  /** While the confirmed action runs: both buttons disabled so it cannot be sent twice. */
  busy?: boolean
  /** The confirmed action failed: said inside the dialog, which stays open to try again or cancel. */
  failure?: Failure | null
  /** Under the question: what it concerns (issue 14: the patient's name, their appointments). */
  children?: ReactNode
  /** Nothing to confirm (e.g. 'Marcar faltas' with no late appointment): only the cancel button. */
  confirmable?: boolean
  /** The cancel button's text; 'Fechar' suits a dialog with nothing to confirm. */
  cancelLabel?: string
  /** The confirm button's text, when 'Confirmar' says too little (e.g. 'Bloquear mesmo assim'). */
  confirmLabel?: string
}

export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  busy = false,
  failure = null,
  children,
  confirmable = true,
  cancelLabel = 'Cancelar',
  confirmLabel = 'Confirmar',
}: ConfirmDialogProps) {
  // Every confirmation here is a change (a delete): offline it cannot be confirmed, and says why.
  const { offline, noteId, describedBy } = useOfflineLock()
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel()
      }}
      title={message}
      className="dialog--confirm"
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          {confirmable && (
            <button
              type="button"
              className="button button--danger"
              onClick={onConfirm}
              disabled={busy || offline}
              aria-busy={busy || undefined}
              aria-describedby={describedBy()}
            >
              {confirmLabel}
            </button>
          )}
          <OfflineNote id={noteId} offline={offline} />
        </>
      }
    >
      {children}
      {failure ? <FormAlert failure={failure} /> : null}
    </Dialog>
  )
}
