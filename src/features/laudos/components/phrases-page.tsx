// 'Frases prontas' (issue 36 point 2): a modality's stock phrases — list, add, edit, delete. ADMIN and
// doctor-linked users change them; the server refuses anyone else.
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import {
  MODALIDADES,
  modalidadeLabels,
  RegisterFraseRequest,
  sortFrases,
  type FrasePronta,
  type Modalidade,
} from '@contract'
import { DataTable, type DataColumn } from '@/components/data-table'
import { FormActions } from '@/components/form-actions'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextAreaField, TextField } from '@/components/form-fields'
import { useCheckedForm } from '@/lib/use-checked-form'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useFrasesProntas } from '../api/phrase-list'
import { useDeleteFrase, useSaveFrase } from '../api/phrase-save'

const COLUMNS: DataColumn<FrasePronta>[] = [
  { label: 'Código', cell: (f) => `.${f.codigo}` },
  { label: 'Texto', cell: (f) => f.texto },
]

function PhraseForm({
  modalidade,
  frase,
  onDone,
}: {
  modalidade: Modalidade
  frase?: FrasePronta
  onDone: () => void
}) {
  const { form, setForm, field, check } = useCheckedForm({ codigo: frase?.codigo ?? '', texto: frase?.texto ?? '' })
  const save = useSaveFrase()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = check(RegisterFraseRequest, { modalidade, ...form })
    if (!checked) return
    save.mutate(
      { ...checked, id: frase?.id },
      {
        onSuccess: () => {
          setForm({ codigo: '', texto: '' })
          onDone()
        },
      },
    )
  }
  return (
    <form onSubmit={submit} noValidate className="form-grid">
      <FormAlert failure={save.failure} className="form-grid__full" />
      <TextField label="Código" autoComplete="off" hint="Digitado como .código no laudo." {...field('codigo')} />
      <TextAreaField label="Texto da frase" className="form-grid__full" rows={3} {...field('texto')} />
      <FormActions
        className="form-grid__full"
        submitLabel={frase ? 'Salvar alterações da frase' : 'Adicionar frase'}
        pending={save.isPending}
        onCancelEdit={frase ? onDone : undefined}
      />
    </form>
  )
}

export default function PhrasesPage() {
  useDocumentTitle('Frases prontas')
  const [modalidade, setModalidade] = useState<Modalidade>('RX')
  const [editing, setEditing] = useState<FrasePronta | undefined>()
  const frases = useFrasesProntas()
  const remove = useDeleteFrase()
  const rows = sortFrases(frases.data ?? []).filter((f) => f.modalidade === modalidade)
  return (
    <div className="page">
      <header className="page-header">
        <h1>Frases prontas</h1>
        <Link to="/laudos/modelos">Modelos de laudo</Link>
      </header>
      <section className="card" aria-labelledby="phrases-title">
        <h2 id="phrases-title">{modalidadeLabels[modalidade]}</h2>
        <SelectField
          label="Modalidade"
          value={modalidade}
          onChange={(event) => {
            setEditing(undefined)
            setModalidade(event.target.value as Modalidade)
          }}
        >
          {MODALIDADES.map((m) => (
            <option key={m} value={m}>
              {modalidadeLabels[m]}
            </option>
          ))}
        </SelectField>
        <PhraseForm
          key={`${modalidade} ${editing?.id ?? 'new'}`}
          modalidade={modalidade}
          frase={editing}
          onDone={() => setEditing(undefined)}
        />
        <DataTable
          caption={`Frases prontas de ${modalidadeLabels[modalidade]}`}
          columns={COLUMNS}
          rows={rows}
          rowKey={(f) => f.id}
          empty="Nenhuma frase pronta."
          actions={(f) => (
            <>
              <button
                type="button"
                className="button button--small"
                aria-label={`Editar .${f.codigo}`}
                onClick={() => setEditing(f)}
              >
                Editar
              </button>
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={`Excluir .${f.codigo}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(f.id)}
              >
                Excluir
              </button>
            </>
          )}
        />
      </section>
    </div>
  )
}
