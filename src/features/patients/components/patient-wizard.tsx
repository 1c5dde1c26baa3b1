import { useRef } from 'react'
import { messages, type Paciente } from '@contract'
import { Dialog } from '@/components/dialog'
import type { ApiError } from '@/lib/api-client'
import { capitalizeName } from '@/lib/format'
import { notifyError, notifyNotSaved, notifySuccess } from '@/lib/notify'
import { useSession } from '@/lib/use-session'
import { ChangeHistory } from '@/components/change-history'
import { useCreatePatient } from '../api/create-patient'
import { usePatientHistory } from '../api/get-patient-history'
import { useUpdatePatient } from '../api/update-patient'
import type { PatientPayload } from '../lib/patient-form'
import { PatientWizardForm } from './patient-wizard-form'
import './patients.css'

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
