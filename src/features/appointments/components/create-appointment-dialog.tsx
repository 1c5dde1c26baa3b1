import { useId } from 'react'
import { Dialog } from '@/components/dialog'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { useCreateAppointment } from '../api/create-appointment'
import type { PatientOption } from '../api/search-patients'
import { emptyAppointmentForm, formToRequest, type AppointmentFormValues } from '../lib/appointment-form'
import { AppointmentForm } from './appointment-form'

export interface CreateAppointmentDialogProps {
  open: boolean
  onClose: () => void
  /** Chosen already: 'Agendar' of the patient's profile (issue 14). */
  patient?: PatientOption | null
}

/** 'Novo agendamento'. The form lives only while the dialog is open: closing resets every field. */
export function CreateAppointmentDialog({ open, onClose, patient }: CreateAppointmentDialogProps) {
  const formId = useId()
  const create = useCreateAppointment()
  const { offline, noteId, describedBy } = useOfflineLock()

  const close = () => {
    if (create.isPending) return
    create.reset()
    onClose()
  }

  // The toasts come from the mutation's texts; a failure is also said at the top of the form.
  const submit = (values: AppointmentFormValues) => {
    create.mutate(formToRequest(values), {
      onSuccess: () => {
        create.reset()
        onClose()
      },
    })
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Novo agendamento"
      className="appointment-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={close} disabled={create.isPending}>
            Cancelar
          </button>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={create.isPending || offline}
            aria-busy={create.isPending || undefined}
            aria-describedby={describedBy()}
          >
            Confirmar
          </button>
          <OfflineNote id={noteId} offline={offline} />
        </>
      }
    >
      <AppointmentForm
        id={formId}
        defaultValues={patient ? { ...emptyAppointmentForm, pacienteId: patient.id } : emptyAppointmentForm}
        initialPatient={patient ?? undefined}
        futureOnly
        catalogue
        failure={create.failure}
        onSubmit={submit}
      />
    </Dialog>
  )
}
