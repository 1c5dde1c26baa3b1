import type { FormEvent } from 'react'
import { MODALIDADES, modalidadeLabels, RegisterEquipamentoRequest, type Equipamento, type Modalidade } from '@contract'
import { DataTable } from '@/components/data-table'
import { FormAlert } from '@/components/form-alert'
import { TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useCheckedForm } from '@/lib/use-checked-form'
import { useSaveEquipment } from '../api/equipment-admin'
import { breakProblem, describeHours, horariosOf, hoursForm, type HoursForm } from '../lib/hours'
import { HoursFields } from './hours-fields'

interface Form {
  id?: string
  nome: string
  modalidades: Modalidade[]
  hours: HoursForm
  before: Equipamento['horarios']
  /** Its DICOM AE title (issue 19, docs/dicom.md); '' for none. */
  aeTitle: string
  /** May its worklist read another machine's (issue 35, docs/dicom.md)? */
  leOutrasWorklists: boolean
}

const emptyForm = (): Form => ({
  nome: '',
  modalidades: [],
  hours: hoursForm(null),
  before: [],
  aeTitle: '',
  leOutrasWorklists: false,
})

/** Add or edit a machine: nome, the modalities it serves, its hours seg–sáb (docs/product.md §21). */
export function EquipmentSection({ equipamentos }: { equipamentos: Equipamento[] }) {
  const { form, setForm, errors, setErrors, field, check } = useCheckedForm<Form>(emptyForm)
  const save = useSaveEquipment()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const broken = breakProblem(form.hours)
    if (broken) return setErrors({ horarios: broken })
    const body = {
      nome: form.nome,
      modalidades: form.modalidades,
      horarios: horariosOf(form.hours, form.before),
      aeTitle: form.aeTitle,
      leOutrasWorklists: form.leOutrasWorklists,
    }
    const checked = check(RegisterEquipamentoRequest, body)
    if (!checked) return
    save.mutate({ ...checked, id: form.id }, { onSuccess: () => setForm(emptyForm()) })
  }

  const toggle = (m: Modalidade, on: boolean) =>
    setForm({ ...form, modalidades: on ? [...form.modalidades, m] : form.modalidades.filter((x) => x !== m) })

  return (
    <section className="card" aria-labelledby="equipment-title">
      <h2 id="equipment-title">Equipamentos</h2>
      <form onSubmit={submit} noValidate className="form-grid" aria-label="Equipamento">
        <FormAlert failure={save.failure} className="form-grid__full" />
        <TextField label="Nome do equipamento" autoComplete="off" {...field('nome')} />
        <TextField
          label="AE title (DICOM)"
          hint="O nome do aparelho na rede DICOM, ex.: RX1. Vazio: o aparelho não consulta a lista de trabalho."
          autoComplete="off"
          maxLength={16}
          {...field('aeTitle')}
        />
        <label className="checkbox form-grid__full">
          <input
            type="checkbox"
            checked={form.leOutrasWorklists}
            onChange={(e) => setForm({ ...form, leOutrasWorklists: e.target.checked })}
          />
          Pode consultar a worklist de outros equipamentos (DICOM)
        </label>
        <fieldset className="form-grid__full">
          <legend>Modalidades atendidas</legend>
          {MODALIDADES.map((m) => (
            <label key={m} className="checkbox">
              <input
                type="checkbox"
                checked={form.modalidades.includes(m)}
                onChange={(e) => toggle(m, e.target.checked)}
              />
              {modalidadeLabels[m]}
            </label>
          ))}
          {errors.modalidades && (
            <p className="field__error" role="alert">
              {errors.modalidades}
            </p>
          )}
        </fieldset>
        <HoursFields
          legend="Horário de funcionamento"
          value={form.hours}
          error={errors.horarios}
          onChange={(hours) => setForm({ ...form, hours })}
        />
        <FormActions
          className="form-grid__full"
          submitLabel={form.id ? 'Salvar alterações do equipamento' : 'Salvar equipamento'}
          pending={save.isPending}
          onCancelEdit={form.id ? () => setForm(emptyForm()) : undefined}
        />
      </form>
      <DataTable
        caption="Equipamentos"
        columns={[
          {
            label: 'Equipamento',
            cell: (e: Equipamento) => (
              <>
                {e.nome}
                {e.aeTitle ? <span> (AE title {e.aeTitle})</span> : null}
              </>
            ),
          },
          { label: 'Modalidades', cell: (e: Equipamento) => e.modalidades.join(', ') },
          { label: 'Horário', cell: (e: Equipamento) => describeHours(e.horarios) },
        ]}
        rows={equipamentos}
        rowKey={(e) => e.id}
        actions={(e) => (
          <button
            type="button"
            className="button button--small"
            aria-label={`Editar ${e.nome}`}
            onClick={() =>
              setForm({
                id: e.id,
                nome: e.nome,
                modalidades: [...e.modalidades],
                hours: hoursForm(e.horarios),
                before: e.horarios,
                aeTitle: e.aeTitle ?? '',
                leOutrasWorklists: e.leOutrasWorklists ?? false,
              })
            }
          >
            Editar
          </button>
        )}
      />
    </section>
  )
}
