import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form'
import { clinicToday, messages, type Paciente } from '@contract'
import { Dialog } from '@/components/dialog'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { SelectField, TextField } from '@/components/form-fields'
import type { ApiError } from '@/lib/api-client'
import { capitalizeName } from '@/lib/format'
import { notifyError, notifyNotSaved, notifySuccess } from '@/lib/notify'
import { useSession } from '@/lib/use-session'
import { ChangeHistory } from '@/components/change-history'
import { useCreatePatient } from '../api/create-patient'
import { usePatientHistory } from '../api/get-patient-history'
import { useUpdatePatient } from '../api/update-patient'
import {
  emptyPatientForm,
  FIELD_LABELS,
  PATIENT_FIELDS,
  patientFormSchema,
  reviewValue,
  SELECT_OPTIONS,
  STEP_FIELDS,
  toFormValues,
  type PatientField,
  type PatientFormValues,
  type PatientPayload,
} from '../lib/patient-form'
import './patients.css'

type Step = 1 | 2 | 3

const STEP_TITLES: Record<Step, string> = {
  1: 'Informações pessoais',
  2: 'Endereço',
  3: 'Revisão dos dados',
}
const STEPS = [1, 2, 3] as const

export interface PatientWizardProps {
  open: boolean
  /** The patient of 'Saiba mais' (edit), or null to register a new one. */
  paciente: Paciente | null
  onClose: () => void
}

/** Register (or, with a patient, review and change) a patient in three steps inside a modal dialog. */
export function PatientWizard({ open, paciente, onClose }: PatientWizardProps) {
  const session = useSession()
  const create = useCreatePatient()
  const update = useUpdatePatient()
  const pending = create.isPending || update.isPending
  // Set at once (the pending state reaches the buttons only on the next render): a double click sends once.
  const inFlight = useRef(false)

  const close = () => {
    // A request on its way must end first: closing would hide its outcome (and invite a second one).
    if (!pending) onClose()
  }

  function save(data: PatientPayload) {
    if (inFlight.current) return
    const settle = () => {
      inFlight.current = false
    }
    if (paciente) {
      inFlight.current = true
      update.mutate(
        { ...data, id: paciente.id, versao: paciente.versao },
        {
          onSuccess: () => {
            notifySuccess(messages.patientUpdated)
            onClose()
          },
          onError: (error) => (error.isNetworkError ? notifyNotSaved() : notifyError(updateFailureMessage(error))),
          onSettled: settle,
        },
      )
      return
    }
    const userId = session?.user.id
    if (!userId) return
    inFlight.current = true
    create.mutate(
      { ...data, userId },
      {
        onSuccess: () => {
          notifySuccess(messages.patientCreated)
          onClose()
        },
        onError: (error) => (error.isNetworkError ? notifyNotSaved() : notifyError(createFailureMessage(error))),
        onSettled: settle,
      },
    )
  }

  const title = paciente ? `Saiba mais sobre ${capitalizeName(paciente.nome)}` : 'Novo paciente'

  return (
    <Dialog open={open} onClose={close} title={title} className="patient-wizard">
      {/* The dialog renders its body only while open: every opening starts a fresh form at step 1. */}
      <PatientWizardForm paciente={paciente} pending={pending} onCancel={close} onSave={save} />
      {paciente && <PatientHistory id={paciente.id} />}
    </Dialog>
  )
}

function PatientHistory({ id }: { id: string }) {
  const history = usePatientHistory(id)
  return <ChangeHistory entries={history.data} status={history.status} />
}

function createFailureMessage(error: ApiError): string {
  if (error.status === 409) return messages.patientAlreadyExists
  if (error.status === 400 && error.body?.error) return error.body.error
  return error.message || messages.fetchFailed
}

function updateFailureMessage(error: ApiError): string {
  // A 409 says why in its own words: someone else changed the patient, or the CPF/RG is another's.
  if (error.status === 409 && error.body?.error) return error.body.error
  return messages.patientUpdateFailed
}

interface PatientWizardFormProps {
  paciente: Paciente | null
  pending: boolean
  onCancel: () => void
  onSave: (data: PatientPayload) => void
}

function PatientWizardForm({ paciente, pending, onCancel, onSave }: PatientWizardFormProps) {
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
    handleSubmit,
    formState: { errors },
  } = useForm<PatientFormValues, unknown, PatientPayload>({
    resolver: zodResolver(patientFormSchema),
    defaultValues: paciente ? toFormValues(paciente) : emptyPatientForm,
    // Validate on 'Próximo', not on blur: an error line appearing on blur moves the buttons under the
    // pointer, and the press on 'Próximo' that caused the blur then lands on nothing.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })

  // Moving between steps puts the focus on the new step's heading, so it is read out.
  useEffect(() => {
    if (moved) headingRef.current?.focus()
  }, [step, moved])

  function goTo(target: Step) {
    setMoved(true)
    setStep(target)
  }

  async function next() {
    if (step === 3) return
    const fields = STEP_FIELDS[step]
    const valid = await trigger(fields, { shouldFocus: true })
    if (!valid) {
      if (fields.some((field) => getFieldState(field).error?.message === messages.required)) notifyError(missingMessage)
      return
    }
    goTo(step === 1 ? 2 : 3)
  }

  function onInvalid(fieldErrors: FieldErrors<PatientFormValues>) {
    const withError = ([1, 2] as const).find((s) => STEP_FIELDS[s].some((field) => fieldErrors[field]))
    if (withError) goTo(withError)
    if (PATIENT_FIELDS.some((field) => fieldErrors[field]?.message === messages.required)) notifyError(missingMessage)
  }

  const confirm = handleSubmit(onSave, onInvalid)
  const error = (field: PatientField) => errors[field]?.message
  const field = (name: PatientField) => ({ label: FIELD_LABELS[name], error: error(name), ...register(name) })

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
        <div className="form-grid">
          <TextField {...field('nome')} className="form-grid__full" autoCapitalize="words" />
          <TextField {...field('cpf')} inputMode="numeric" />
          <TextField {...field('rg')} inputMode="numeric" />
          <TextField {...field('datanascimento')} type="date" max={clinicToday()} />
          <SelectField {...field('estadocivil')}>
            <SelectOptions options={SELECT_OPTIONS.estadocivil} />
          </SelectField>
          <SelectField {...field('sexo')}>
            <SelectOptions options={SELECT_OPTIONS.sexo} />
          </SelectField>
          <SelectField {...field('cor')}>
            <SelectOptions options={SELECT_OPTIONS.cor} />
          </SelectField>
          <TextField {...field('naturalidade')} />
          <TextField {...field('profissao')} />
          <TextField {...field('email')} type="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
          <TextField {...field('telefone')} type="tel" inputMode="tel" hint="Com DDD, ex.: (11) 98765-4321" />
        </div>
      )}

      {step === 2 && (
        <div className="form-grid">
          <TextField {...field('endereco')} className="form-grid__full" />
          <TextField {...field('numeroendereco')} inputMode="numeric" />
          <TextField {...field('bairro')} />
          <TextField {...field('cidade')} />
          <TextField {...field('estado')} />
        </div>
      )}

      {step === 3 && <PatientReview control={control} />}

      <div className="form-actions">
        <button key="cancel" type="button" className="button button--ghost" onClick={onCancel} disabled={pending}>
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
          <button key="next" type="button" className="button button--primary" onClick={() => void next()}>
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

function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return (
    <>
      <option value="">Selecione</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  )
}

/** Step 3: every field as it will be saved (CPF and phone formatted for reading). */
function PatientReview({ control }: { control: Control<PatientFormValues, unknown, PatientPayload> }) {
  const values = useWatch({ control }) as PatientFormValues
  return (
    <dl className="patient-review">
      {PATIENT_FIELDS.map((name) => (
        <div key={name} className="patient-review__item">
          <dt>{FIELD_LABELS[name]}</dt>
          <dd>{reviewValue(name, values)}</dd>
        </div>
      ))}
    </dl>
  )
}
