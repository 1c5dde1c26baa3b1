import {} from '@contract'
import { capitalizeName } from '@/lib/format'
import { useReactivatePatient } from '../api/activate-patient'
import type { Duplicate } from '../lib/use-early-duplicate'
import { formTexts } from '../lib/form-texts'

interface EarlyDuplicateProps {
  duplicate: Duplicate
  onOpen?: (id: string) => void
  onReactivated: () => void
}

/**
 * Under the CPF of step 1 (issue 14): the patient who already has this CPF, with 'Abrir cadastro'; an inactive
 * one with 'Reativar' when the server named them (it does so only for an ADMIN, docs/product.md §11).
 */
export function EarlyDuplicate({ duplicate, onOpen, onReactivated }: EarlyDuplicateProps) {
  const reactivation = useReactivatePatient()
  const { paciente, situacao } = duplicate
  const name = paciente && capitalizeName(paciente.nome)
  return (
    <div className="early-duplicate" role="status">
      {situacao === 'inativo' && !paciente ? (
        <p>{formTexts.duplicateInactiveAskAdmin}</p>
      ) : (
        <p>
          {situacao === 'ativo' ? formTexts.duplicateActive : formTexts.duplicateInactive} <strong>{name}</strong>
        </p>
      )}
      {paciente && situacao === 'ativo' && onOpen && (
        <button type="button" className="button button--small" onClick={() => onOpen(paciente.id)}>
          Abrir cadastro
        </button>
      )}
      {paciente && situacao === 'inativo' && (
        <button
          type="button"
          className="button button--small"
          disabled={reactivation.isPending}
          aria-busy={reactivation.isPending || undefined}
          onClick={() => reactivation.mutate({ id: paciente.id }, { onSuccess: onReactivated })}
        >
          Reativar
        </button>
      )}
    </div>
  )
}
