import { messages } from '@contract/messages'
import { useHasUnsavedChanges } from '@/lib/unsaved-changes'
import { applyUpdate, dismissUpdate, useNeedRefresh } from './pwa-update'

/**
 * registerType 'prompt': a new version never replaces the running one behind the receptionist's back.
 * The prompt is non-modal, and held back while a dialog is open or a form has typed input (the update
 * reloads the page): it appears once that work is saved or cancelled.
 */
export function UpdatePrompt() {
  const needRefresh = useNeedRefresh()
  const busy = useHasUnsavedChanges()
  if (!needRefresh || busy) return null
  return (
    <div className="update-prompt" role="status">
      <p>{messages.newVersionAvailable}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => void applyUpdate()}>
          Atualizar
        </button>
        <button type="button" className="button button--ghost" onClick={dismissUpdate}>
          Depois
        </button>
      </div>
    </div>
  )
}
