// 'Carteirinhas' on the patient's profile (issue 37 point 2; src/lib/tiss-slot.ts): per convênio the card
// number, the plan and 'Validade da carteirinha', which the booking then offers. One card per patient and
// convênio: saving on a convênio that has one replaces it, as the server does.
import { useState } from 'react'
import { DefinirCarteirinhaRequest, messages, PARTICULAR_ID, type Carteirinha } from '@contract'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { SelectField, TextField } from '@/components/form-fields'
import { useCatalogo } from '@/lib/catalogue-query'
import { formatDate } from '@/lib/format'
import { useCheckedForm } from '@/lib/use-checked-form'
import { useCarteirinhas } from '../api/carteirinhas'
import { useRemoveCarteirinha } from '../api/remove-carteirinha'
import { useSaveCarteirinha } from '../api/save-carteirinha'
import './tiss.css'

interface CardForm {
  convenioId: string
  numero: string
  plano: string
  validade: string
}

export default function PatientCards({ pacienteId }: { pacienteId: string }) {
  const cards = useCarteirinhas(pacienteId)
  const catalogo = useCatalogo()
  const remove = useRemoveCarteirinha()
  // the card being edited ('' : a new one), or null while no form is open
  const [editing, setEditing] = useState<Carteirinha | 'new' | null>(null)
  const [removing, setRemoving] = useState<Carteirinha | null>(null)
  const titleId = `${pacienteId}-carteirinhas`
  const convenioName = (id: string) => catalogo.data?.convenios.find((c) => c.id === id)?.nome ?? 'Convênio'

  return (
    <section className="tiss-cards" aria-labelledby={titleId}>
      <h3 id={titleId}>Carteirinhas</h3>
      {cards.isPending ? (
        <p role="status">Carregando carteirinhas…</p>
      ) : cards.isError ? (
        <p role="alert">{messages.fetchFailed}</p>
      ) : cards.data.length === 0 ? (
        <p>Nenhuma carteirinha cadastrada.</p>
      ) : (
        <table className="tiss-cards__table">
          <thead>
            <tr>
              <th scope="col">Convênio</th>
              <th scope="col">Carteirinha</th>
              <th scope="col">Plano</th>
              <th scope="col">Validade</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cards.data.map((card) => (
              <tr key={card.id}>
                <th scope="row">{convenioName(card.convenioId)}</th>
                <td data-label="Carteirinha">{card.numero}</td>
                <td data-label="Plano">{card.plano || '—'}</td>
                <td data-label="Validade">{card.validade ? formatDate(card.validade) : '—'}</td>
                <td className="tiss-cards__actions">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Editar carteirinha ${convenioName(card.convenioId)}`}
                    onClick={() => setEditing(card)}
                  >
                    Editar
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Remover carteirinha ${convenioName(card.convenioId)}`}
                    onClick={() => setRemoving(card)}
                  >
                    Remover
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing === null ? (
        <button type="button" className="button button--small" onClick={() => setEditing('new')}>
          Adicionar carteirinha
        </button>
      ) : (
        <CardEditor
          key={editing === 'new' ? 'new' : editing.id}
          pacienteId={pacienteId}
          card={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        message={removing ? `Remover a carteirinha ${removing.numero} (${convenioName(removing.convenioId)})?` : ''}
        busy={remove.isPending}
        failure={remove.failure}
        onCancel={() => {
          remove.reset()
          setRemoving(null)
        }}
        onConfirm={() => removing && remove.mutate(removing, { onSuccess: () => setRemoving(null) })}
      />
    </section>
  )
}

function CardEditor({
  pacienteId,
  card,
  onDone,
}: {
  pacienteId: string
  card: Carteirinha | null
  onDone: () => void
}) {
  const catalogo = useCatalogo()
  const save = useSaveCarteirinha()
  const { form, field, check } = useCheckedForm<CardForm>(() => ({
    convenioId: card?.convenioId ?? '',
    numero: card?.numero ?? '',
    plano: card?.plano ?? '',
    validade: card?.validade ?? '',
  }))
  // Particular has no card; a card's own convênio stays listed even if it was deactivated since
  const convenios = (catalogo.data?.convenios ?? []).filter(
    (c) => c.id !== PARTICULAR_ID && (c.ativo || c.id === card?.convenioId),
  )
  const submit = () => {
    const body = check(DefinirCarteirinhaRequest, { ...form, pacienteId, convenioId: form.convenioId || undefined })
    if (body) save.mutate(body, { onSuccess: onDone })
  }
  return (
    <form
      className="tiss-cards__form"
      aria-label={card ? 'Editar carteirinha' : 'Nova carteirinha'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <SelectField label="Convênio" required disabled={card !== null} {...field('convenioId')}>
        <option value="">Selecione o convênio</option>
        {convenios.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
          </option>
        ))}
      </SelectField>
      <TextField label="Carteirinha" required autoComplete="off" {...field('numero')} />
      <TextField label="Plano" autoComplete="off" {...field('plano')} />
      <TextField label="Validade da carteirinha" type="date" {...field('validade')} />
      <div className="tiss-cards__form-actions">
        <button type="button" className="button" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Salvar carteirinha
        </button>
      </div>
    </form>
  )
}
