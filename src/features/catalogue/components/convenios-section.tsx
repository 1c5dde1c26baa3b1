import type { FormEvent } from 'react'
import { PARTICULAR_ID, RegisterConvenioRequest, type Convenio } from '@contract'
import { DataTable, type DataColumn } from '@/components/data-table'
import { FormAlert } from '@/components/form-alert'
import { TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useOfflineLock } from '@/components/offline'
import { useDeleteConvenio } from '../api/delete-convenio'
import { useSaveConvenio } from '../api/save-convenio'
import { RowActions } from './row-actions'
import { useCheckedForm } from '@/lib/use-checked-form'

interface ConvenioForm {
  id?: string
  nome: string
  ans: string
  ativo: boolean
}

const emptyForm: ConvenioForm = { nome: '', ans: '', ativo: true }

const CONVENIO_COLUMNS: DataColumn<Convenio>[] = [
  { label: 'Convênio', cell: (convenio) => convenio.nome },
  { label: 'Registro ANS', cell: (convenio) => convenio.ans ?? '—' },
  { label: 'Situação', cell: (convenio) => (convenio.ativo ? 'Ativo' : 'Inativo') },
]

/** 'Convênios': register or change one (name, registro ANS), deactivate, delete. 'Particular' stays as it is. */
export function ConveniosSection({ convenios }: { convenios: Convenio[] }) {
  const { form, setForm, field, check } = useCheckedForm<ConvenioForm>(emptyForm)
  const save = useSaveConvenio()
  const remove = useDeleteConvenio()
  const { offline } = useOfflineLock()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { id, ...rest } = form
    const checked = check(RegisterConvenioRequest, rest)
    if (!checked) return
    save.mutate({ ...checked, id }, { onSuccess: () => setForm(emptyForm) })
  }

  const busy = save.isPending || remove.isPending
  return (
    <section className="card" aria-labelledby="catalogue-convenios-title">
      <h2 id="catalogue-convenios-title">Convênios</h2>
      <form onSubmit={submit} noValidate className="form-grid">
        <FormAlert failure={save.failure} className="form-grid__full" />
        <TextField label="Nome do convênio" autoComplete="off" {...field('nome')} />
        <TextField label="Registro ANS" inputMode="numeric" hint="Opcional, 6 dígitos." {...field('ans')} />
        <FormActions
          className="form-grid__full"
          submitLabel={form.id ? 'Salvar alterações do convênio' : 'Salvar convênio'}
          pending={save.isPending}
          disabled={remove.isPending}
          onCancelEdit={form.id ? () => setForm(emptyForm) : undefined}
        />
      </form>
      <DataTable
        caption="Convênios"
        columns={CONVENIO_COLUMNS}
        rows={convenios}
        rowKey={(convenio) => convenio.id}
        actions={(convenio) =>
          // 'Particular' stays as it is
          convenio.id !== PARTICULAR_ID && (
            <RowActions
              nome={convenio.nome}
              ativo={convenio.ativo}
              locked={busy || offline}
              onEdit={() =>
                setForm({ id: convenio.id, nome: convenio.nome, ans: convenio.ans ?? '', ativo: convenio.ativo })
              }
              onToggle={() =>
                save.mutate({ id: convenio.id, nome: convenio.nome, ans: convenio.ans, ativo: !convenio.ativo })
              }
              onDelete={() => remove.mutate(convenio.id)}
            />
          )
        }
      />
    </section>
  )
}
