// A form's row of buttons: its submit — disabled while it saves or offline, saying why offline
// (docs/decisions.md, "Offline and installability") — and, while a listed record is being edited, 'Cancelar edição'.
import { OfflineNote, useOfflineLock } from './offline'

export interface FormActionsProps {
  submitLabel: string
  /** The save is under way: the submit is disabled and says it is busy. */
  pending?: boolean
  /** Another change of the same section is under way (a delete): the submit waits for it. */
  disabled?: boolean
  /** A listed record is being edited: 'Cancelar edição' goes back to a new one. */
  onCancelEdit?: () => void
  /** The row's place in a grid form (e.g. 'form-grid__full'). */
  className?: string
}

export function FormActions({
  submitLabel,
  pending = false,
  disabled = false,
  onCancelEdit,
  className,
}: FormActionsProps) {
  const { offline, noteId, describedBy } = useOfflineLock()
  return (
    <div className={className ? `form-actions ${className}` : 'form-actions'}>
      <button
        type="submit"
        className="button button--primary"
        disabled={pending || disabled || offline}
        aria-busy={pending || undefined}
        aria-describedby={describedBy()}
      >
        {submitLabel}
      </button>
      {onCancelEdit && (
        <button type="button" className="button" onClick={onCancelEdit}>
          Cancelar edição
        </button>
      )}
      <OfflineNote id={noteId} offline={offline} />
    </div>
  )
}
