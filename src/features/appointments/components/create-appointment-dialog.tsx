import { useId, useState } from 'react'
import { Dialog } from '@/components/dialog'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { useCreateAppointment, type ScheduleExtras } from '../api/create-appointment'
import type { PatientOption } from '../api/search-patients'
import { emptyAppointmentForm, formToRequest, type AppointmentFormValues } from '../lib/appointment-form'
import { AppointmentForm } from './appointment-form'
import { ScheduleFieldset } from './schedule-fieldset'

export interface CreateAppointmentDialogProps {
  open: boolean
  onClose: () => void
  /** Chosen already: 'Agendar' of the patient's profile (issue 14). */
  patient?: PatientOption | null
  /** Pre-filled fields and machine (a free time pressed on the agenda). */
  initial?: { values: Partial<AppointmentFormValues>; schedule: ScheduleExtras }
}

/** 'Novo agendamento'. The form lives only while the dialog is open: closing resets every field. */
export function CreateAppointmentDialog({ open, onClose, patient, initial }: CreateAppointmentDialogProps) {
  const formId = useId()
  const [schedule, setSchedule] = useState<ScheduleExtras>(initial?.schedule ?? {})
  const create = useCreateAppointment()
  const { offline, noteId, describedBy } = useOfflineLock()

  const close = () => {
    if (create.isPending) return
    create.reset()
    onClose()
  }

  // The toasts come from the mutation's texts; a failure is also said at the top of the form.
  const submit = (values: AppointmentFormValues) => {
    create.mutate(
      { ...formToRequest(values), ...schedule },
      {
        onSuccess: () => {
          create.reset()
          onClose()
        },
      },
    )
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
        defaultValues={{
          ...emptyAppointmentForm,
          ...(patient ? { pacienteId: patient.id } : {}),
          ...initial?.values,
        }}
        initialPatient={patient ?? undefined}
        extra={(form) => <ScheduleFieldset {...form} value={schedule} onChange={setSchedule} />}
        futureOnly
        catalogue
        failure={create.failure}
        onSubmit={submit}
      />
    </Dialog>
  )
}
