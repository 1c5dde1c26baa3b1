import { zodResolver } from '@hookform/resolvers/zod'
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react'
import { Controller, useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form'
import { clinicToday, messages } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextAreaField, TextField } from '@/components/form-fields'
import type { Failure } from '@/lib/describe-failure'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'
import { capitalizeName, formatDate, formatMoney, parseMoney } from '@/lib/format'
import { hiddenCpf } from '@/lib/masks'
import { notifyError } from '@/lib/notify'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useDoctors } from '../api/get-doctors'
import { useSearchPatients, type PatientOption } from '../api/search-patients'
import {
  appointmentFormSchema,
  formFieldOf,
  hasMissingField,
  NOTE_MAX,
  type AppointmentFormOptions,
  type AppointmentFormValues,
} from '../lib/appointment-form'
import { ExamsField } from './exams-field'

// Booking from the catalogue (docs/decisions.md, "Exam catalogue"): its own chunk, loaded with the form.
const CatalogueChoice = lazy(() => import('./catalogue-choice'))

export interface AppointmentFormProps {
  /** The <form>'s id: the dialog's footer buttons submit it through `form=`. */
  id: string
  defaultValues: AppointmentFormValues
  /** The patient already chosen (editing), offered in the select even when the search does not list it. */
  initialPatient?: PatientOption
  schemaOptions?: AppointmentFormOptions
  /** Creating: the date input offers no day before the clinic's today. */
  futureOnly?: boolean
  /** The save failed: said at the top of the form, and the fields it names are marked. */
  failure?: Failure | null
  /** Creating: exams and convênio may be picked from the catalogue. */
  catalogue?: boolean
  onSubmit: (values: AppointmentFormValues) => void
  /** More fields inside the form ('Horário e equipamento', docs/decisions.md "Agenda and equipment"). */
  extra?: (form: Pick<UseFormReturn<AppointmentFormValues>, 'control' | 'setValue'>) => ReactNode
}

/** The appointment's fields (docs/product.md §2), shared by the creation modal and the detail/edit modal. */
export function AppointmentForm({
  id,
  defaultValues,
  initialPatient,
  schemaOptions,
  futureOnly = false,
  failure = null,
  catalogue = false,
  onSubmit,
  extra,
}: AppointmentFormProps) {
  const originalDatahora = schemaOptions?.originalDatahora
  const now = schemaOptions?.now
  const resolver = useMemo(() => zodResolver(appointmentFormSchema({ originalDatahora, now })), [originalDatahora, now])
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<AppointmentFormValues>({ resolver, defaultValues })
  useFailedFields(failure, setError, formFieldOf)

  const onInvalid = (invalid: FieldErrors<AppointmentFormValues>) => {
    if (hasMissingField(invalid)) notifyError(messages.appointmentMissingFields)
  }

  const valor = register('valor')
  const note = useWatch({ control, name: 'anotacao' })
  const convenioId = useWatch({ control, name: 'convenioId' })
  const paidErrorId = useId()

  return (
    <form id={id} className="appointment-form form-grid" noValidate onSubmit={handleSubmit(onSubmit, onInvalid)}>
      <FormAlert failure={failure} className="form-grid__full" />
      <TextField
        label="Valor"
        inputMode="decimal"
        autoComplete="off"
        placeholder="R$ 0,00"
        hint="Em reais, com vírgula nos centavos (ex.: 150,00)."
        required
        error={errors.valor?.message}
        {...valor}
        onBlur={(event) => {
          // Shows what will be sent: '1234,5' becomes 'R$ 1.234,50'.
          const cents = parseMoney(event.target.value)
          if (cents !== null) setValue('valor', formatMoney(cents))
          return valor.onBlur(event)
        }}
      />
      <TextField
        label="Data"
        type="date"
        required
        min={futureOnly ? clinicToday() : undefined}
        error={errors.data?.message}
        {...register('data')}
      />
      <TextField label="Hora" type="time" required error={errors.hora?.message} {...register('hora')} />

      <Controller
        control={control}
        name="pacienteId"
        render={({ field, fieldState }) => (
          <PatientPicker
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            selectRef={field.ref}
            error={fieldState.error?.message}
            initialPatient={initialPatient}
          />
        )}
      />

      <Controller
        control={control}
        name="medicoId"
        render={({ field, fieldState }) => (
          <DoctorSelect
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            selectRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />

      <TextField
        label="Convênio"
        autoComplete="off"
        // a convênio of the list names itself
        readOnly={convenioId !== ''}
        error={errors.convenio?.message}
        {...register('convenio')}
      />
      {catalogue && (
        <Suspense fallback={<p className="form-grid__full">Carregando catálogo…</p>}>
          <CatalogueChoice control={control} register={register} setValue={setValue} />
        </Suspense>
      )}

      <Controller
        control={control}
        name="exames"
        render={({ field, fieldState }) => (
          <ExamsField
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />

      <fieldset
        className="choice-group"
        aria-describedby={errors.estaPago ? paidErrorId : undefined}
        aria-invalid={errors.estaPago ? true : undefined}
      >
        <legend>Está pago?</legend>
        <div className="choice-group__options">
          <label className="choice-group__option">
            <input type="radio" value="sim" {...register('estaPago')} />
            Sim
          </label>
          <label className="choice-group__option">
            <input type="radio" value="nao" {...register('estaPago')} />
            Não
          </label>
        </div>
        {errors.estaPago && (
          <p className="field__error" id={paidErrorId}>
            {errors.estaPago.message}
          </p>
        )}
      </fieldset>

      {extra?.({ control, setValue })}
      <TextAreaField
        label="Anotação do médico"
        className="form-grid__full"
        rows={4}
        hint={`${note.length}/${NOTE_MAX}`}
        error={errors.anotacao?.message}
        {...register('anotacao')}
      />
    </form>
  )
}

interface SelectControlProps {
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  selectRef: (element: HTMLSelectElement | null) => void
  error?: string
}

/**
 * The option's text: the name, and for namesakes also the birth date and the hidden CPF (issue 14: two 'Maria
 * Aparecida' told apart). A name nobody else in the list has stays the bare name, as the specification shows.
 */
function patientOptionText(patient: PatientOption, options: readonly PatientOption[]): string {
  const name = capitalizeName(patient.nome)
  const namesake = options.some((other) => other.id !== patient.id && other.nome === patient.nome)
  if (!namesake) return name
  const born = patient.datanascimento ? formatDate(patient.datanascimento) : ''
  return [name, born, patient.cpf ? `CPF ${hiddenCpf(patient.cpf)}` : ''].filter(Boolean).join(' — ')
}

/** A name filter (debounced 500 ms) and the select of the patients it finds. */
function PatientPicker({
  value,
  onChange,
  onBlur,
  selectRef,
  error,
  initialPatient,
}: SelectControlProps & { initialPatient?: PatientOption }) {
  const [filter, setFilter] = useState('')
  const debounced = useDebouncedValue(filter, 500)
  const patients = useSearchPatients(debounced)
  // Names of patients chosen so far: the chosen one stays in the select when the filter changes.
  const [chosen, setChosen] = useState<PatientOption | undefined>(initialPatient)

  const results = patients.data ?? []
  const options =
    chosen && chosen.id === value && !results.some((p) => p.id === chosen.id) ? [chosen, ...results] : results

  let hint: string | undefined
  if (patients.isError) hint = messages.fetchFailed
  else if (patients.isPending) hint = 'Carregando pacientes…'
  else if (results.length === 0) hint = messages.noPatientsFound

  return (
    <>
      <TextField
        label="Filtrar pacientes pelo nome"
        type="search"
        autoComplete="off"
        placeholder="Digite o nome do paciente"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault()
        }}
      />
      <SelectField
        label="Paciente"
        required
        ref={selectRef}
        value={value}
        error={error}
        hint={hint}
        onBlur={onBlur}
        onChange={(event) => {
          const id = event.target.value
          const picked = options.find((p) => p.id === id)
          if (picked) setChosen(picked)
          onChange(id)
        }}
      >
        <option value="">Selecione o paciente</option>
        {options.map((patient) => (
          <option key={patient.id} value={patient.id}>
            {patientOptionText(patient, options)}
          </option>
        ))}
      </SelectField>
    </>
  )
}

function DoctorSelect({ value, onChange, onBlur, selectRef, error }: SelectControlProps) {
  const doctors = useDoctors()
  const titles = useDoctorTitles()
  return (
    <SelectField
      label="Doutor"
      required
      ref={selectRef}
      value={value}
      error={error}
      hint={doctors.isError ? messages.fetchFailed : undefined}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Selecione o doutor</option>
      {(doctors.data ?? []).map((doctor) => (
        <option key={doctor.id} value={doctor.id}>
          {doctorTitle({ id: doctor.id, nome: capitalizeName(doctor.nome) }, titles)}
        </option>
      ))}
    </SelectField>
  )
}
