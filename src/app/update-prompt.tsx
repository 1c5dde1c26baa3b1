import { applyUpdate, dismissUpdate, useNeedRefresh } from './pwa-update'

/**
 * registerType 'prompt': a new version never replaces the running one behind the receptionist's back
 * (she may be halfway through a form); she chooses when.
 */
export function UpdatePrompt() {
  const needRefresh = useNeedRefresh()
  if (!needRefresh) return null
  return (
    <div className="update-prompt" role="status">
      <p>Nova versão disponível</p>
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
