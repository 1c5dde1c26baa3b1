import { useId } from 'react'
import { messages } from '@contract'
import { Dialog } from '@/components/dialog'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { isNetworkFailure } from '@/lib/api-errors'
import { notifyError, notifyNotSaved, notifySuccess } from '@/lib/notify'
import { useSession } from '@/lib/use-session'
import { useCreateAppointment } from '../api/create-appointment'
import { emptyAppointmentForm, formToRequest, type AppointmentFormValues } from '../lib/appointment-form'
import { saveErrorMessage } from '../lib/errors'
import { AppointmentForm } from './appointment-form'

export interface CreateAppointmentDialogProps {
  open: boolean
  onClose: () => void
}

/** 'Novo agendamento'. The form lives only while the dialog is open: closing resets every field. */
export function CreateAppointmentDialog({ open, onClose }: CreateAppointmentDialogProps) {
  const formId = useId()
  const session = useSession()
  const create = useCreateAppointment()
  const { offline, noteId, describedBy } = useOfflineLock()

  const close = () => {
    if (create.isPending) return
    create.reset()
    onClose()
  }

  const submit = (values: AppointmentFormValues) => {
    if (!session) return
    create.mutate(formToRequest(values, session.user.id), {
      onSuccess: () => {
        notifySuccess(messages.appointmentCreated)
        create.reset()
        onClose()
      },
      onError: (error) =>
        isNetworkFailure(error)
          ? notifyNotSaved(messages.appointmentCreateFailed)
          : notifyError(saveErrorMessage(error, messages.appointmentCreateFailed)),
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
      <AppointmentForm id={formId} defaultValues={emptyAppointmentForm} futureOnly onSubmit={submit} />
    </Dialog>
  )
}
