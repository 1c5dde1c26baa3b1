import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm, type FieldErrors } from 'react-hook-form'
import { messages, type Paciente } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import type { Failure } from '@/lib/describe-failure'
import { notifyError } from '@/lib/notify'
import { useFailedFields } from '@/lib/use-failed-fields'
import { UFS } from '../lib/form-texts'
import { useCepFill, CEP_STATUS_TEXT } from '../lib/use-cep-fill'
import { useEarlyDuplicate } from '../lib/use-early-duplicate'
import {
  emptyPatientForm,
  FIELD_LABELS,
  FIELD_MASKS,
  OPTIONAL_FIELDS,
  PATIENT_FIELDS,
  patientFormSchema,
  STEP_FIELDS,
  toFormValues,
  type PatientField,
  type PatientFormValues,
  type PatientPayload,
} from '../lib/patient-form'
import { EarlyDuplicate } from './early-duplicate'
import { PatientReview } from './patient-review'
import { AddressFields, PersonalFields, type FieldProps } from './patient-step-fields'

type Step = 1 | 2 | 3

const STEP_TITLES: Record<Step, string> = {
  1: 'Informações pessoais',
  2: 'Endereço',
  3: 'Revisão dos dados',
}
const STEPS = [1, 2, 3] as const

/** The step (1 or 2) where one of these fields is typed. */
const stepOf = (fields: readonly PatientField[]) =>
  ([1, 2] as const).find((s) => STEP_FIELDS[s].some((field) => fields.includes(field)))
const patientFieldOf = (field: string) => PATIENT_FIELDS.find((name) => name === field)
/** An older record's Estado that is not one of the 27 UFs (free text of docs/product.md §3), if any. */
const legacyEstado = (paciente: Paciente | null) =>
  paciente && paciente.estado && !(UFS as readonly string[]).includes(paciente.estado) ? paciente.estado : undefined

export interface PatientWizardFormProps {
  paciente: Paciente | null
  pending: boolean
  /** The save failed: said at the top of the form; the fields it names are marked and their step shown. */
  failure: Failure | null
  onCancel: () => void
  onSave: (data: PatientPayload) => void
  /** 'Abrir cadastro' of the early duplicate (issue 14): show that patient instead. */
  onOpenPatient?: (id: string) => void
}

/** The wizard's form: steps 1 and 2 checked on 'Próximo', step 3 reviews and confirms. */
export function PatientWizardForm({
  paciente,
  pending,
  failure,
  onCancel,
  onSave,
  onOpenPatient,
}: PatientWizardFormProps) {
  const isEdit = paciente !== null
  const missingMessage = isEdit ? messages.patientMissingFieldsOnUpdate : messages.patientMissingFieldsOnCreate
  const [step, setStep] = useState<Step>(1)
  // Until the person moves between steps the heading is not focusable, so that opening the dialog puts
  // the focus on the first field (the browser's dialog focusing steps pick the first focusable element).
  const [moved, setMoved] = useState(false)
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { offline, noteId, describedBy } = useOfflineLock()

  const {
    control,
    register,
    trigger,
    getFieldState,
    setValue,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<PatientFormValues, unknown, PatientPayload>({
    resolver: zodResolver(patientFormSchema),
    defaultValues: paciente ? toFormValues(paciente) : emptyPatientForm,
    // Validate on 'Próximo', not on blur: an error line appearing on blur moves the buttons under the
    // pointer, and the press on 'Próximo' that caused the blur then lands on nothing.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })

  // 'Cancelar' with something typed asks first (issue 34): the typing of a walk-in is minutes of work
  const [askingDiscard, setAskingDiscard] = useState(false)
  const cancel = () => (isDirty ? setAskingDiscard(true) : onCancel())

  // After the first 'Próximo' that found errors, each field's message follows the field as it is corrected
  // (issue 14); before it, nothing is said while typing.
  const [attempted, setAttempted] = useState(false)
  const earlyDuplicate = useEarlyDuplicate(paciente?.cpf)
  const cep = useCepFill((address) => {
    // what the service knows replaces what is there; what it does not know stays as typed
    for (const [name, value] of Object.entries(address) as [PatientField, string][]) {
      if (value) setValue(name, value, { shouldValidate: attempted })
    }
  })

  // Moving between steps puts the focus on the new step's heading, so it is read out.
  useEffect(() => {
    if (moved) headingRef.current?.focus()
  }, [step, moved])

  function goTo(target: Step) {
    setMoved(true)
    setStep(target)
  }

  // A refused save (400) names fields: show the step that has them.
  useFailedFields(failure, setError, patientFieldOf, (fields) => {
    const withError = stepOf(fields as PatientField[])
    if (withError) goTo(withError)
  })

  async function next() {
    if (step === 3) return
    const fields = STEP_FIELDS[step]
    const valid = await trigger(fields, { shouldFocus: true })
    if (!valid) {
      setAttempted(true)
      if (fields.some((field) => getFieldState(field).error?.message === messages.required)) notifyError(missingMessage)
      return
    }
    goTo(step === 1 ? 2 : 3)
  }

  function onInvalid(fieldErrors: FieldErrors<PatientFormValues>) {
    setAttempted(true)
    const withError = stepOf(PATIENT_FIELDS.filter((field) => fieldErrors[field]))
    if (withError) goTo(withError)
    if (PATIENT_FIELDS.some((field) => fieldErrors[field]?.message === messages.required)) notifyError(missingMessage)
  }

  const confirm = handleSubmit(onSave, onInvalid)
  const field: FieldProps = (name) => {
    const registered = register(name)
    const mask = FIELD_MASKS[name]
    return {
      label: FIELD_LABELS[name],
      error: errors[name]?.message,
      required: !OPTIONAL_FIELDS.includes(name),
      ...registered,
      onChange: async (event: { target: HTMLInputElement }) => {
        // masked as typed (issue 14): a letter is left for the rule to refuse with its message
        if (mask) {
          const masked = mask(event.target.value)
          if (masked !== event.target.value) event.target.value = masked
        }
        await registered.onChange(event)
        if (attempted) void trigger(name)
        if (name === 'cep') cep.onCepChange(event.target.value)
      },
      onBlur: async (event: { target: HTMLInputElement }) => {
        await registered.onBlur(event)
        if (name === 'cpf' && !isEdit) void earlyDuplicate.check(event.target.value)
      },
    }
  }

  return (
    <form
      noValidate
      autoComplete="off"
      aria-labelledby={headingId}
      onSubmit={(event) => {
        if (step < 3) {
          event.preventDefault()
          void next()
        } else {
          void confirm(event)
        }
      }}
    >
      <FormAlert failure={failure} />
      <ol className="wizard-steps" aria-label="Etapas">
        {STEPS.map((s) => (
          <li key={s} aria-current={s === step ? 'step' : undefined}>
            {STEP_TITLES[s]}
          </li>
        ))}
      </ol>
      <h3 id={headingId} ref={headingRef} tabIndex={moved ? -1 : undefined} className="patient-wizard__step-title">
        Passo {step} de 3: {STEP_TITLES[step]}
      </h3>

      {step === 1 && (
        <PersonalFields
          field={field}
          consent={register('aceitaMensagens')}
          cpfNote={
            earlyDuplicate.duplicate && (
              <EarlyDuplicate
                duplicate={earlyDuplicate.duplicate}
                onOpen={onOpenPatient}
                onReactivated={earlyDuplicate.reactivated}
              />
            )
          }
        />
      )}
      {step === 2 && (
        <AddressFields field={field} cepNote={CEP_STATUS_TEXT[cep.status]} legacyEstado={legacyEstado(paciente)} />
      )}
      {step === 3 && <PatientReview control={control} />}

      {askingDiscard && (
        <div role="alertdialog" aria-labelledby={`${headingId}-discard`} className="patient-wizard__discard">
          <p id={`${headingId}-discard`}>Descartar os dados digitados?</p>
          <button type="button" className="button" onClick={() => setAskingDiscard(false)} autoFocus>
            Continuar editando
          </button>
          <button type="button" className="button button--danger" onClick={onCancel}>
            Descartar
          </button>
        </div>
      )}
      <div className="form-actions">
        <button key="cancel" type="button" className="button button--ghost" onClick={cancel} disabled={pending}>
          Cancelar
        </button>
        {step > 1 && (
          <button
            key="back"
            type="button"
            className="button"
            onClick={() => goTo(step === 3 ? 2 : 1)}
            disabled={pending}
          >
            Voltar
          </button>
        )}
        {step < 3 ? (
          // a submit button, so that Enter in a field moves to the next step (issue 14); onSubmit calls next()
          <button key="next" type="submit" className="button button--primary">
            Próximo
          </button>
        ) : (
          <button
            key="confirm"
            type="submit"
            className="button button--primary"
            disabled={pending || offline}
            aria-busy={pending || undefined}
            aria-describedby={describedBy()}
          >
            {isEdit ? 'Confirmar alterações' : 'Confirmar cadastro'}
          </button>
        )}
        <OfflineNote id={noteId} offline={offline} />
      </div>
    </form>
  )
}
