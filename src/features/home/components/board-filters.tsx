import { SelectField } from '@/components/form-fields'
import { capitalizeName } from '@/lib/format'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'
import type { Agendamento } from '@contract'

export interface BoardFiltersProps {
  /** The day's appointments: the filter offers the doctors who have any. */
  day: Agendamento[]
  /** '' = every doctor. */
  medicoId: string
  onMedicoChange: (id: string) => void
}

/**
 * The board's doctor filter, among the doctors with appointments that day (taken from the day's list: no
 * request of its own). A doctor chosen on another day stays selected here, with no appointments.
 */
export function BoardFilters({ day, medicoId, onMedicoChange }: BoardFiltersProps) {
  const titles = useDoctorTitles()
  const doctors = new Map<string, string>()
  for (const a of day) doctors.set(a.doutor.id, a.doutor.nome)
  const sorted = [...doctors].sort(([, a], [, b]) => a.localeCompare(b, 'pt-BR'))
  return (
    <SelectField
      label="Médico"
      value={medicoId}
      onChange={(event) => onMedicoChange(event.target.value)}
      className="board-filters__doctor"
    >
      <option value="">Todos os médicos</option>
      {sorted.map(([id, nome]) => (
        <option key={id} value={id}>
          {doctorTitle({ id, nome: capitalizeName(nome) }, titles)}
        </option>
      ))}
      {medicoId && !doctors.has(medicoId) && (
        <option value={medicoId}>Médico escolhido (sem agendamentos neste dia)</option>
      )}
    </SelectField>
  )
}
