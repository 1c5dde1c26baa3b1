import { useState, type FormEvent } from 'react'
import { MODALIDADES, PREPARO_MAX, RegisterExameRequest, type Exame, type Modalidade } from '@contract'
import { DataTable, type DataColumn } from '@/components/data-table'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextAreaField, TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useOfflineLock } from '@/components/offline'
import { useDeleteExame } from '../api/delete-exame'
import { useSaveExame } from '../api/save-exame'
import { RowActions } from './row-actions'
import { checkWith, type FieldErrors } from '@/lib/form-errors'

interface ExameForm {
  id?: string
  nome: string
  modalidade: Modalidade | ''
  duracao: string
  tuss: string
  preparo: string
  ativo: boolean
}

const emptyForm: ExameForm = { nome: '', modalidade: '', duracao: '', tuss: '', preparo: '', ativo: true }

const toForm = (exame: Exame): ExameForm => ({
  id: exame.id,
  nome: exame.nome,
  modalidade: exame.modalidade,
  duracao: String(exame.duracao),
  tuss: exame.tuss ?? '',
  preparo: exame.preparo,
  ativo: exame.ativo,
})

const EXAME_COLUMNS: DataColumn<Exame>[] = [
  { label: 'Exame', cell: (exame) => exame.nome },
  { label: 'Modalidade', cell: (exame) => exame.modalidade },
  { label: 'Duração', cell: (exame) => `${exame.duracao} min` },
  { label: 'TUSS', cell: (exame) => exame.tuss ?? '—' },
  { label: 'Situação', cell: (exame) => (exame.ativo ? 'Ativo' : 'Inativo') },
]

/** 'Exames': register or change an exam (name, modality, duration, preparo, TUSS), deactivate, delete. */
export function ExamsSection({ exames }: { exames: Exame[] }) {
  const [form, setForm] = useState<ExameForm>(emptyForm)
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSaveExame()
  const remove = useDeleteExame()
  const { offline } = useOfflineLock()
  const set = (patch: Partial<ExameForm>) => setForm((current) => ({ ...current, ...patch }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { id, duracao, ...rest } = form
    const checked = checkWith(RegisterExameRequest, { ...rest, duracao: duracao === '' ? undefined : Number(duracao) })
    if (checked.errors) return setErrors(checked.errors)
    setErrors({})
    save.mutate({ ...checked.data, id }, { onSuccess: () => setForm(emptyForm) })
  }

  const toggle = (exame: Exame) => {
    const { id, ...data } = exame
    save.mutate({ ...data, id, ativo: !exame.ativo })
  }

  const busy = save.isPending || remove.isPending
  return (
    <section className="card" aria-labelledby="catalogue-exams-title">
      <h2 id="catalogue-exams-title">Exames</h2>
      <form onSubmit={submit} noValidate className="form-grid">
        <FormAlert failure={save.failure} className="form-grid__full" />
        <TextField
          label="Nome do exame"
          autoComplete="off"
          value={form.nome}
          error={errors.nome}
          onChange={(e) => set({ nome: e.target.value })}
        />
        <SelectField
          label="Modalidade"
          value={form.modalidade}
          error={errors.modalidade}
          onChange={(e) => set({ modalidade: e.target.value as Modalidade })}
        >
          <option value="">Selecione a modalidade</option>
          {MODALIDADES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Duração (minutos)"
          inputMode="numeric"
          value={form.duracao}
          error={errors.duracao}
          onChange={(e) => set({ duracao: e.target.value.replace(/\D/g, '') })}
        />
        <TextField
          label="Código TUSS"
          inputMode="numeric"
          hint="Opcional, 8 dígitos."
          value={form.tuss}
          error={errors.tuss}
          onChange={(e) => set({ tuss: e.target.value })}
        />
        <TextAreaField
          label="Preparo"
          className="form-grid__full"
          rows={3}
          hint={`Escrito para o paciente. ${form.preparo.length}/${PREPARO_MAX}`}
          value={form.preparo}
          error={errors.preparo}
          onChange={(e) => set({ preparo: e.target.value })}
        />
        <FormActions
          className="form-grid__full"
          submitLabel={form.id ? 'Salvar alterações do exame' : 'Salvar exame'}
          pending={save.isPending}
          disabled={remove.isPending}
          onCancelEdit={form.id ? () => setForm(emptyForm) : undefined}
        />
      </form>
      <DataTable
        caption="Exames do catálogo"
        columns={EXAME_COLUMNS}
        rows={exames}
        rowKey={(exame) => exame.id}
        empty="Nenhum exame cadastrado."
        actions={(exame) => (
          <RowActions
            nome={exame.nome}
            ativo={exame.ativo}
            locked={busy || offline}
            onEdit={() => setForm(toForm(exame))}
            onToggle={() => toggle(exame)}
            onDelete={() => remove.mutate(exame.id)}
          />
        )}
      />
    </section>
  )
}
