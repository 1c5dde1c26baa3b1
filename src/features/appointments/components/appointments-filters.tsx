import { useId } from 'react'
import { SelectField, TextField } from '@/components/form-fields'
import { STATUSES, statusLabels, type Medico, type Status } from '@contract'
import { capitalizeName } from '@/lib/format'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'

export interface AppointmentsFiltersProps {
  nome: string
  medicoId: string
  dataInicio: string
  dataFim: string
  doctors: Medico[]
  /** '' = every status. */
  status: Status | ''
  /** Shown under the dates while they cannot filter (one date only, or start after end). */
  dateError?: string
  onNomeChange: (value: string) => void
  onMedicoChange: (value: string) => void
  onDataInicioChange: (value: string) => void
  onDataFimChange: (value: string) => void
  onStatusChange: (value: Status | '') => void
}

/** Name search, doctor, status and date range: they combine into one listAll call. */
export function AppointmentsFilters(props: AppointmentsFiltersProps) {
  const { nome, medicoId, dataInicio, dataFim, doctors, dateError } = props
  const dateErrorId = useId()
  const titles = useDoctorTitles()
  const describedBy = dateError ? dateErrorId : undefined
  return (
    <form
      role="search"
      aria-label="Filtrar agendamentos"
      className="toolbar appointments-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <TextField
        label="Buscar pelo nome do paciente"
        type="search"
        autoComplete="off"
        placeholder="Digite o nome do paciente"
        value={nome}
        onChange={(event) => props.onNomeChange(event.target.value)}
      />
      <SelectField
        label="Filtrar por doutor"
        value={medicoId}
        onChange={(event) => props.onMedicoChange(event.target.value)}
      >
        <option value="">Nenhum doutor</option>
        {doctors.map((doctor) => (
          <option key={doctor.id} value={doctor.id}>
            {doctorTitle({ id: doctor.id, nome: capitalizeName(doctor.nome) }, titles)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Filtrar por status"
        value={props.status}
        onChange={(event) => props.onStatusChange(event.target.value as Status | '')}
      >
        <option value="">Todos os status</option>
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabels[status]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Data início"
        type="date"
        value={dataInicio}
        max={dataFim || undefined}
        aria-invalid={dateError && !dataInicio ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => props.onDataInicioChange(event.target.value)}
      />
      <TextField
        label="Data fim"
        type="date"
        value={dataFim}
        min={dataInicio || undefined}
        aria-invalid={dateError && !dataFim ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => props.onDataFimChange(event.target.value)}
      />
      {dateError && (
        <p role="alert" id={dateErrorId} className="alert appointments-filters__error">
          {dateError}
        </p>
      )}
    </form>
  )
}
