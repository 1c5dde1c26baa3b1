import { Dialog } from './dialog'

export interface ConfirmDialogProps {
  open: boolean
  message: string
  onConfirm: () => void
  onCancel: () => void
  /** While the confirmed action runs: both buttons disabled so it cannot be sent twice. */
  busy?: boolean
}

export function ConfirmDialog({ open, message, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
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
            Cancelar
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            Confirmar
          </button>
        </>
      }
    />
  )
}
