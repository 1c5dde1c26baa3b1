// 'Horário e equipamento' in 'Novo agendamento' and in the edit dialog (docs/decisions.md "Agenda and
// equipment"): the machine, the duration and its end, ADMIN's 'Encaixar mesmo assim', and 'Próximos horários
// livres', whose choice fills Data, Hora, Doutor and the machine. The chosen catalogue exams give the
// modalities searched (one machine serving them all) and, with 15 minutes per free-text exam, the minimum
// (minimumDurationMinutes, as the server's); without them the modality is chosen here.
import { useState } from 'react'
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form'
import {
  clinicToday,
  endOf,
  formatDate,
  messages,
  minimumDurationMinutes,
  MODALIDADES,
  modalidadeLabels,
  noMachineForModalitiesMessage,
  servesAll,
  timePart,
  toFloatingDateTime,
  type ExameAgendado,
  type HorariosLivresRequest,
  type Modalidade,
} from '@contract'
import { SelectField, TextField } from '@/components/form-fields'
import { useCatalogo } from '@/lib/catalogue-query'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'
import { useSession } from '@/lib/use-session'
import { useEquipments } from '../api/get-equipments'
import { useFreeTimes } from '../api/get-free-times'
import type { ScheduleExtras } from '../api/create-appointment'
import type { AppointmentFormValues } from '../lib/appointment-form'

export interface ScheduleFieldsetProps {
  control: Control<AppointmentFormValues>
  setValue: UseFormSetValue<AppointmentFormValues>
  value: ScheduleExtras
  onChange: (value: ScheduleExtras) => void
  /** The edit dialog: the appointment's catalogue copies, counted by their durations while still named. */
  keptExams?: readonly ExameAgendado[]
}

export function ScheduleFieldset({ control, setValue, value, onChange, keptExams }: ScheduleFieldsetProps) {
  const session = useSession()
  const admin = session?.user.role === 'ADMIN'
  const equipments = useEquipments()
  const titles = useDoctorTitles()
  const [data, hora, exames, medicoId, catalogoExames] = useWatch({
    control,
    name: ['data', 'hora', 'exames', 'medicoId', 'catalogoExames'],
  })
  const catalogo = useCatalogo()
  const picked = (catalogoExames ?? []).flatMap((c) => catalogo.data?.exames.find((e) => e.id === c.id) ?? [])
  const kept = (keptExams ?? []).filter((e) => exames.includes(e.nome))
  // the catalogue exams' durations plus 15 minutes per free-text exam (docs/decisions.md "Agenda and equipment")
  const minimum = minimumDurationMinutes(
    [...picked, ...kept].map((e) => e.duracao),
    exames.length - kept.length,
  )
  const examModalities = [
    ...new Set<Modalidade>([
      ...picked.map((e) => e.modalidade),
      ...kept.flatMap((k) => catalogo.data?.exames.find((e) => e.id === k.exameId)?.modalidade ?? []),
    ]),
  ]
  // several modalities: one visit on one machine serving them all, or a sentence saying there is none
  const noMachine =
    examModalities.length > 1 &&
    equipments.data !== undefined &&
    !equipments.data.some((e) => servesAll(e, examModalities))
  const duration = value.duracaoMinutos ?? minimum
  const start = toFloatingDateTime(data, hora)
  const chosen = equipments.data?.find((e) => e.id === value.equipamentoId)
  const [typedModalidade, setModalidade] = useState<Modalidade>(chosen?.modalidades[0] ?? 'US')
  const [search, setSearch] = useState<HorariosLivresRequest | null>(null)
  const free = useFreeTimes(search)

  const askFree = () =>
    setSearch({
      ...(examModalities.length > 0 ? { modalidades: examModalities } : { modalidade: typedModalidade }),
      duracaoMinutos: duration,
      desde: start ?? `${clinicToday()}T00:00:00.000Z`,
      ...(medicoId ? { medicoId } : {}),
    })

  return (
    <fieldset className="schedule-fieldset form-grid__full">
      <legend>Horário e equipamento</legend>
      <SelectField
        label="Equipamento"
        value={value.equipamentoId ?? ''}
        onChange={(event) => {
          const id = event.target.value || undefined
          const picked = equipments.data?.find((e) => e.id === id)
          if (picked?.modalidades[0]) setModalidade(picked.modalidades[0])
          onChange({ ...value, equipamentoId: id })
        }}
      >
        <option value="">Nenhum</option>
        {(equipments.data ?? []).map((e) => (
          <option key={e.id} value={e.id}>
            {e.nome}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Duração (minutos)"
        type="number"
        min={minimum}
        step={5}
        value={String(duration)}
        hint={start ? `Termina às ${timePart(endOf(start, duration))}` : `Padrão: 15 minutos por exame`}
        onChange={(event) => {
          const minutes = Number(event.target.value)
          onChange({ ...value, duracaoMinutos: Number.isInteger(minutes) && minutes > 0 ? minutes : undefined })
        }}
      />
      {examModalities.length > 0 ? (
        <p className="schedule-fieldset__modality">
          {`${examModalities.length > 1 ? 'Modalidades' : 'Modalidade'} dos exames: ${examModalities.map((m) => modalidadeLabels[m]).join(', ')}`}
        </p>
      ) : (
        <SelectField
          label="Modalidade"
          value={typedModalidade}
          onChange={(event) => setModalidade(event.target.value as Modalidade)}
        >
          {MODALIDADES.map((m) => (
            <option key={m} value={m}>
              {modalidadeLabels[m]}
            </option>
          ))}
        </SelectField>
      )}
      {admin && (
        <div className="schedule-fieldset__encaixe">
          <label className="choice-group__option">
            <input
              type="checkbox"
              checked={value.encaixe === true}
              onChange={(event) =>
                onChange({ ...value, encaixe: event.target.checked || undefined, sobrepor: undefined })
              }
            />
            Encaixar mesmo assim
          </label>
          <label className="choice-group__option">
            <input
              type="checkbox"
              disabled={value.encaixe !== true}
              checked={value.sobrepor === true}
              onChange={(event) => onChange({ ...value, sobrepor: event.target.checked || undefined })}
            />
            Sobrepor a outro agendamento
          </label>
        </div>
      )}
      <div className="schedule-fieldset__free">
        <button type="button" className="button" onClick={askFree} disabled={noMachine}>
          Próximos horários livres
        </button>
        {noMachine && <p role="status">{noMachineForModalitiesMessage(examModalities)}</p>}
        {free.isFetching && <p role="status">Buscando horários…</p>}
        {free.data && free.data.length === 0 && <p role="status">{messages.noFreeSlots}</p>}
        {free.data && free.data.length > 0 && (
          <ul className="schedule-fieldset__slots" aria-label="Horários livres">
            {free.data.map((slot) => (
              <li key={`${slot.datahora}-${slot.equipamento.id}`}>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setValue('data', slot.datahora.slice(0, 10), { shouldValidate: true })
                    setValue('hora', timePart(slot.datahora), { shouldValidate: true })
                    setValue('medicoId', slot.medico.id, { shouldValidate: true })
                    onChange({ ...value, equipamentoId: slot.equipamento.id })
                    setSearch(null)
                  }}
                >
                  {`${formatDate(slot.datahora)} ${timePart(slot.datahora)} · ${slot.equipamento.nome} · ${doctorTitle(slot.medico, titles)}`}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  )
}
