import type { FormEvent } from 'react'
import { formatDateTime, RegisterBloqueioRequest, toFloatingDateTime, type Bloqueio, type Equipamento } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useOfflineLock } from '@/components/offline'
import { useDeleteBlock, useRegisterBlock } from '../api/blocks'
import { useCheckedForm } from '@/lib/use-checked-form'

const empty = { equipamentoId: '', dataInicio: '', horaInicio: '', dataFim: '', horaFim: '', motivo: '' }

/** A machine's blocks: a period and a reason ('Manutenção'); removing one frees its time. */
export function BlocksSection({ equipamentos, bloqueios }: { equipamentos: Equipamento[]; bloqueios: Bloqueio[] }) {
  const { form, setForm, field, check } = useCheckedForm(empty)
  const register = useRegisterBlock()
  const remove = useDeleteBlock()
  const { offline } = useOfflineLock()
  const nomeOf = (id: string) => equipamentos.find((e) => e.id === id)?.nome ?? '—'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = {
      equipamentoId: form.equipamentoId,
      inicio: toFloatingDateTime(form.dataInicio, form.horaInicio) ?? '',
      fim: toFloatingDateTime(form.dataFim, form.horaFim) ?? '',
      motivo: form.motivo,
    }
    const checked = check(RegisterBloqueioRequest, body)
    if (!checked) return
    register.mutate(checked, { onSuccess: () => setForm(empty) })
  }

  return (
    <section className="card" aria-labelledby="blocks-title">
      <h2 id="blocks-title">Bloqueios</h2>
      <form onSubmit={submit} noValidate className="form-grid" aria-label="Bloqueio">
        <FormAlert failure={register.failure} className="form-grid__full" />
        <SelectField label="Equipamento bloqueado" {...field('equipamentoId')}>
          <option value="">Selecione…</option>
          {equipamentos.map((e) => (
            <option key={e.id} value={e.id}>
              {e.nome}
            </option>
          ))}
        </SelectField>
        <TextField label="Data de início" type="date" {...field('dataInicio', 'inicio')} />
        <TextField label="Hora de início" type="time" {...field('horaInicio')} />
        <TextField label="Data de fim" type="date" {...field('dataFim', 'fim')} />
        <TextField label="Hora de fim" type="time" {...field('horaFim')} />
        <TextField label="Motivo" placeholder="Manutenção" {...field('motivo')} />
        <FormActions className="form-grid__full" submitLabel="Salvar bloqueio" pending={register.isPending} />
      </form>
      {bloqueios.length === 0 ? (
        <p>Nenhum bloqueio.</p>
      ) : (
        <ul className="plain-list" aria-label="Bloqueios vigentes">
          {bloqueios.map((b) => {
            const text = `${nomeOf(b.equipamentoId)}: ${b.motivo}, de ${formatDateTime(b.inicio)} a ${formatDateTime(b.fim)}`
            return (
              <li key={b.id}>
                {text}{' '}
                <button
                  type="button"
                  className="button button--danger button--small"
                  aria-label={`Remover bloqueio ${text}`}
                  disabled={remove.isPending || offline}
                  onClick={() => remove.mutate(b.id)}
                >
                  Remover
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
