import { useRef } from 'react'
import type { Paciente } from '@contract'
import { ChangeHistory } from '@/components/change-history'
import { Dialog } from '@/components/dialog'
import { capitalizeName } from '@/lib/format'
import { useCreatePatient } from '../api/create-patient'
import { usePatientHistory } from '../api/get-patient-history'
import { useUpdatePatient } from '../api/update-patient'
import { withoutBlankOptionals, type PatientPayload } from '../lib/patient-form'
import { PatientWizardForm } from './patient-wizard-form'
import './patients.css'

export interface PatientWizardProps {
  open: boolean
  /** The patient of 'Saiba mais' (edit), or null to register a new one. */
  paciente: Paciente | null
  onClose: () => void
  /** 'Abrir cadastro' of the early duplicate (issue 14). */
  onOpenPatient?: (id: string) => void
  /** A new patient was saved: the page offers 'Agendar' for them (issue 34). */
  onCreated?: (paciente: Paciente) => void
}

/** Register (or, with a patient, review and change) a patient in three steps inside a modal dialog. */
export function PatientWizard({ open, paciente, onClose, onOpenPatient, onCreated }: PatientWizardProps) {
  const create = useCreatePatient()
  const update = useUpdatePatient()
  const pending = create.isPending || update.isPending
  // Set at once (the pending state reaches the buttons only on the next render): a double click sends once.
  const inFlight = useRef(false)

  const forget = () => {
    create.reset()
    update.reset()
  }

  const close = () => {
    // A request on its way must end first: closing would hide its outcome (and invite a second one).
    if (pending) return
    forget()
    onClose()
  }

  // The toasts come from the mutations' texts; a failure is also said at the top of the form.
  function save(data: PatientPayload) {
    if (inFlight.current) return
    inFlight.current = true
    const outcome = {
      onSuccess: () => {
        forget()
        onClose()
      },
      onSettled: () => {
        inFlight.current = false
      },
    }
    if (paciente) update.mutate({ ...data, id: paciente.id, versao: paciente.versao }, outcome)
    else
      create.mutate(withoutBlankOptionals(data), {
        ...outcome,
        onSuccess: (created) => {
          outcome.onSuccess()
          if (created?.id) onCreated?.(created)
        },
      })
  }

  const title = paciente ? `Saiba mais sobre ${capitalizeName(paciente.nome)}` : 'Novo paciente'

  return (
    <Dialog open={open} onClose={close} title={title} className="patient-wizard">
      {/* The dialog renders its body only while open: every opening starts a fresh form at step 1. */}
      <PatientWizardForm
        // another patient ('Abrir cadastro') is a fresh form
        key={paciente?.id ?? 'new'}
        paciente={paciente}
        onOpenPatient={
          onOpenPatient &&
          ((id) => {
            forget()
            onOpenPatient(id)
          })
        }
        pending={pending}
        failure={paciente ? update.failure : create.failure}
        onCancel={close}
        onSave={save}
      />
      {paciente && <PatientHistory id={paciente.id} />}
    </Dialog>
  )
}

function PatientHistory({ id }: { id: string }) {
  const history = usePatientHistory(id)
  return <ChangeHistory entries={history.data} status={history.status} />
}
