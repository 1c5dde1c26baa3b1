// A catalogue row's buttons, alike for an exam and a convênio: 'Editar' (into the form above), 'Desativar'
// or 'Ativar', 'Excluir'; each named with the row's name. The changes wait while another runs or offline.
export interface RowActionsProps {
  nome: string
  ativo: boolean
  /** A save or a delete of the section is under way, or the device is offline. */
  locked: boolean
  onEdit: () => void
  onToggle: () => void
  onDelete: () => void
}

export function RowActions({ nome, ativo, locked, onEdit, onToggle, onDelete }: RowActionsProps) {
  const toggle = ativo ? 'Desativar' : 'Ativar'
  return (
    <>
      <button type="button" className="button button--small" aria-label={`Editar ${nome}`} onClick={onEdit}>
        Editar
      </button>
      <button
        type="button"
        className="button button--small"
        aria-label={`${toggle} ${nome}`}
        disabled={locked}
        onClick={onToggle}
      >
        {toggle}
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        aria-label={`Excluir ${nome}`}
        disabled={locked}
        onClick={onDelete}
      >
        Excluir
      </button>
    </>
  )
}
