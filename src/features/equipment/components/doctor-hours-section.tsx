import { useState, type FormEvent } from 'react'
import { MedicoHorariosRequest, type MedicoHorarios } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { SelectField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useSetDoctorHours } from '../api/doctor-hours'
import { checkWith, type FieldErrors } from '@/lib/form-errors'
import { breakProblem, describeHours, horariosOf, hoursForm, type HoursForm } from '../lib/hours'
import { HoursFields } from './hours-fields'

/** A doctor's hours per weekday; all days empty keeps no hours (any time). */
export function DoctorHoursSection({ medicos }: { medicos: MedicoHorarios[] }) {
  const [medicoId, setMedicoId] = useState('')
  const [hours, setHours] = useState<HoursForm>(hoursForm(null))
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSetDoctorHours()
  const chosen = medicos.find((m) => m.id === medicoId)

  const choose = (id: string) => {
    setMedicoId(id)
    setHours(hoursForm(medicos.find((m) => m.id === id)?.horarios ?? null))
    setErrors({})
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const broken = breakProblem(hours)
    if (broken) return setErrors({ horarios: broken })
    const horarios = horariosOf(hours, chosen?.horarios ?? null)
    const checked = checkWith(MedicoHorariosRequest, { medicoId, horarios: horarios.length > 0 ? horarios : null })
    if (checked.errors) return setErrors(checked.errors)
    setErrors({})
    save.mutate(checked.data)
  }

  return (
    <section className="card" aria-labelledby="doctor-hours-title">
      <h2 id="doctor-hours-title">Horários dos doutores</h2>
      <form onSubmit={submit} noValidate className="form-grid" aria-label="Horários do doutor">
        <FormAlert failure={save.failure} className="form-grid__full" />
        <SelectField label="Doutor" value={medicoId} error={errors.medicoId} onChange={(e) => choose(e.target.value)}>
          <option value="">Selecione…</option>
          {medicos.map((m) => (
            <option key={m.id} value={m.id}>
              {m.nome}
            </option>
          ))}
        </SelectField>
        {chosen && <p className="form-grid__full">{`Hoje: ${describeHours(chosen.horarios)}`}</p>}
        <HoursFields legend="Horário do doutor" value={hours} error={errors.horarios} onChange={setHours} />
        <FormActions className="form-grid__full" submitLabel="Salvar horários do doutor" pending={save.isPending} />
      </form>
    </section>
  )
}
