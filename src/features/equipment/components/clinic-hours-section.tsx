import { useState, type FormEvent } from 'react'
import { SalvarHorariosClinicaRequest, type Horario } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { FormActions } from '@/components/form-actions'
import { checkWith, type FieldErrors } from '@/lib/form-errors'
import { useSaveClinicHours } from '../api/clinic-hours'
import { breakProblem, describeHours, horariosOf, hoursForm, type HoursForm } from '../lib/hours'
import { HoursFields } from './hours-fields'

/**
 * The clinic's opening hours (docs/decisions.md "Opening hours"): machines' and doctors' hours count only
 * inside them; free times, bookings, confirmations and the agenda's frame follow them.
 */
export function ClinicHoursSection({ horarios }: { horarios: readonly Horario[] }) {
  const [hours, setHours] = useState<HoursForm>(hoursForm(horarios))
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSaveClinicHours()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const broken = breakProblem(hours)
    if (broken) return setErrors({ horarios: broken })
    const checked = checkWith(SalvarHorariosClinicaRequest, { horarios: horariosOf(hours, horarios) })
    if (checked.errors) return setErrors(checked.errors)
    setErrors({})
    save.mutate(checked.data)
  }

  return (
    <section className="card" aria-labelledby="clinic-hours-title">
      <h2 id="clinic-hours-title">Horário da clínica</h2>
      <p>{`Hoje: ${describeHours(horarios)}`}</p>
      <form onSubmit={submit} noValidate className="form-grid" aria-label="Horário da clínica">
        <FormAlert failure={save.failure} className="form-grid__full" />
        <HoursFields
          legend="Horário de atendimento da clínica"
          hint="Dia vazio: a clínica não abre nesse dia. Os equipamentos e os doutores atendem dentro deste horário."
          value={hours}
          error={errors.horarios}
          onChange={setHours}
        />
        <FormActions className="form-grid__full" submitLabel="Salvar horário da clínica" pending={save.isPending} />
      </form>
    </section>
  )
}
