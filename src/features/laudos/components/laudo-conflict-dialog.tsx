import { useEffect, useRef } from 'react'
import { messages, type LaudoTexto } from '@contract'

const SECTIONS = [
  ['tecnica', 'Técnica'],
  ['relatorio', 'Relatório'],
  ['impressao', 'Impressão diagnóstica'],
] as const

function TextoView({ texto }: { texto: LaudoTexto }) {
  return (
    <dl>
      {SECTIONS.map(([field, label]) => (
        <div key={field}>
          <dt>{label}</dt>
          <dd>{texto[field] || '—'}</dd>
        </div>
      ))}
      {texto.birads !== null && (
        <div>
          <dt>BI-RADS</dt>
          <dd>{texto.birads}</dd>
        </div>
      )}
    </dl>
  )
}

/** Two saves met (issue 36 point 4): both texts side by side, and the doctor chooses which stays. */
export function LaudoConflictDialog({
  mine,
  server,
  onKeepMine,
  onUseServer,
}: {
  mine: LaudoTexto
  server: LaudoTexto
  onKeepMine: () => void
  onUseServer: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal?.()
  }, [])
  return (
    <dialog
      ref={ref}
      className="laudo-conflict"
      aria-labelledby="laudo-conflict-title"
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id="laudo-conflict-title">Laudo alterado por outra pessoa</h2>
      <p>{messages.laudoConflict}</p>
      <div className="laudo-conflict__texts">
        <section aria-label="Seu texto">
          <h3>Seu texto</h3>
          <TextoView texto={mine} />
        </section>
        <section aria-label="Texto salvo no servidor">
          <h3>Texto salvo no servidor</h3>
          <TextoView texto={server} />
        </section>
      </div>
      <div className="laudo-conflict__actions">
        <button type="button" className="button" onClick={onKeepMine}>
          Manter o meu texto
        </button>
        <button type="button" className="button button--ghost" onClick={onUseServer}>
          Usar o texto do servidor
        </button>
      </div>
    </dialog>
  )
}
