import { useQuery } from '@tanstack/react-query'
import { SelectField } from '@/components/form-fields'
import { callApi } from '@/lib/api-client'
import { capitalizeName } from '@/lib/format'
import { medicoKeys } from '@/lib/query-keys'

export interface BoardFiltersProps {
  /** '' = every doctor. */
  medicoId: string
  onMedicoChange: (id: string) => void
}

/** The board's doctor filter (the same cached list of doctors as the appointments page's). */
export function BoardFilters({ medicoId, onMedicoChange }: BoardFiltersProps) {
  const doctors = useQuery({
    queryKey: medicoKeys.list(),
    queryFn: async ({ signal }) => (await callApi('listMedicos', undefined, { signal })).medicos,
    staleTime: 10 * 60_000,
  })
  return (
    <SelectField label="Médico" value={medicoId} onChange={(event) => onMedicoChange(event.target.value)} className="board-filters__doctor">
      <option value="">Todos os médicos</option>
      {(doctors.data ?? []).map((doctor) => (
        <option key={doctor.id} value={doctor.id}>
          {`Dr. ${capitalizeName(doctor.nome)}`}
        </option>
      ))}
    </SelectField>
  )
}
