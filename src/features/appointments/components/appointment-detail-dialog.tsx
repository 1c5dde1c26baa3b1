import { lazy, Suspense, useId, useState } from 'react'
import {
  defaultDurationMinutes,
  endOf,
  messages,
  minutesBetween,
  statusLabels,
  statusOf,
  type Agendamento,
} from '@contract'
import { Dialog } from '@/components/dialog'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { ApiError } from '@/lib/api-client'
import type { Failure } from '@/lib/describe-failure'
import { capitalizeName, formatClinicStamp } from '@/lib/format'
import { ChangeHistory } from '@/components/change-history'
import { useAppointment } from '../api/get-appointment'
import { useAppointmentDetails } from '../api/get-appointment-details'
import { useAppointmentHistory } from '../api/get-appointment-history'
import type { ScheduleExtras } from '../api/create-appointment'
import type { Reschedule } from '../api/reschedule-appointment'
import { useUpdateAppointment } from '../api/update-appointment'
import { appointmentToForm, formToRequest, type AppointmentFormValues } from '../lib/appointment-form'
import { AppointmentForm } from './appointment-form'
import { ScheduleFieldset } from './schedule-fieldset'
import { GuiaPart } from './guia-part'

// In its own chunk: the printout's code arrives when a dialog opens, not with the appointments page.
const ReceiptPrint = lazy(() => import('./receipt-print'))
// Payments and the catalogue's copies (docs/decisions.md, "Exam catalogue"): a chunk of their own.
const PaymentPanel = lazy(() => import('./payment-panel'))

export interface AppointmentDetailDialogProps {
  /** The row whose 'Saiba mais' was pressed (or the agenda's block); null when closed. */
  appointment: (Pick<Agendamento, 'id'> & { paciente: { nome: string } }) | null
  onClose: () => void
}

/** 'Agendamento do paciente {name}': the appointment read fresh (its current `versao`), editable. */
export function AppointmentDetailDialog({ appointment, onClose }: AppointmentDetailDialogProps) {
  const formId = useId()
  const detail = useAppointment(appointment?.id ?? null)
  const update = useUpdateAppointment()
  const { offline, noteId, describedBy } = useOfflineLock()
  const open = appointment !== null
  const name = capitalizeName(detail.data?.paciente.nome ?? appointment?.paciente.nome ?? '')

  const close = () => {
    if (update.isPending) return
    update.reset()
    onClose()
  }

  let body
  if (detail.data && appointment && detail.data.id === appointment.id) {
    body = (
      <EditForm
        // Shown at once from the cache (also offline); if the fresh read brings a newer version (someone
        // else changed it), the form starts over from it rather than keep editing the old one.
        key={`${detail.data.id}:${detail.data.versao}`}
        formId={formId}
        agendamento={detail.data}
        failure={update.failure}
        // The toasts come from the mutation's texts; a failure is also said at the top of the form.
        onSubmit={(values, original, schedule) =>
          update.mutate(
            { changes: formToRequest(values), original, ...(schedule ? { schedule } : {}) },
            {
              onSuccess: () => {
                update.reset()
                onClose()
              },
            },
          )
        }
      />
    )
  } else if (detail.isError) {
    const gone = detail.error instanceof ApiError && detail.error.status === 404
    body = (
      <p role="alert" className="alert">
        {gone ? messages.appointmentNotFound : messages.fetchFailed}
      </p>
    )
  } else {
    // Offline and not saved: the read waits for the connection (paused) — say why.
    body = <p role="status">{detail.fetchStatus === 'paused' ? messages.offline : 'Carregando agendamento…'}</p>
  }

  const ready = Boolean(detail.data && appointment && detail.data.id === appointment.id)

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Agendamento do paciente ${name}`}
      className="appointment-dialog"
      footer={
        <>
          {appointment && (
            <Suspense fallback={null}>
              <ReceiptPrint id={appointment.id} />
            </Suspense>
          )}
          <button type="button" className="button" onClick={close} disabled={update.isPending}>
            Fechar
          </button>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={!ready || update.isPending || offline}
            aria-busy={update.isPending || undefined}
            aria-describedby={describedBy()}
          >
            Confirmar alterações
          </button>
          <OfflineNote id={noteId} offline={offline} />
        </>
      }
    >
      {ready && detail.data && <AppointmentStatus agendamento={detail.data} />}
      {body}
      {ready && detail.data && (
        <Suspense fallback={null}>
          <PaymentPanel agendamento={detail.data} />
        </Suspense>
      )}
      {ready && detail.data && <GuiaPart agendamento={detail.data} />}
      {appointment && <AppointmentHistory id={appointment.id} />}
    </Dialog>
  )
}

/** The day's status, and when the patient arrived. */
function AppointmentStatus({ agendamento }: { agendamento: Agendamento }) {
  const status = statusOf(agendamento)
  return (
    <p className="appointment-status">
      Status: <span className={`status-badge status-badge--${status}`}>{statusLabels[status]}</span>
      {agendamento.chegada && ` — chegada em ${formatClinicStamp(new Date(agendamento.chegada))}`}
    </p>
  )
}

function AppointmentHistory({ id }: { id: string }) {
  const history = useAppointmentHistory(id)
  return <ChangeHistory entries={history.data} status={history.status} />
}

/** The appointment's duration in minutes (the default of its exams when `fim` is left out). */
function minutesOf(agendamento: Agendamento): number {
  const fim = agendamento.fim ?? endOf(agendamento.datahora, defaultDurationMinutes(agendamento.exames.length))
  return minutesBetween(agendamento.datahora, fim)
}

/**
 * The schedule to send to /agendamento/reagendar, or undefined for the specification's update: an appointment
 * without a machine, a lengthened duration or an encaixe, left so, keeps the specification's call
 * (docs/decisions.md "Agenda and equipment").
 */
function rescheduleOf(original: Agendamento, schedule: ScheduleExtras): Reschedule | undefined {
  const minutes = schedule.duracaoMinutos ?? minutesOf(original)
  const plain = original.equipamento === undefined && original.fim === undefined && original.encaixe === undefined
  const untouched =
    schedule.equipamentoId === undefined && minutes === minutesOf(original) && !schedule.encaixe && !schedule.sobrepor
  if (plain && untouched) return undefined
  return {
    equipamentoId: schedule.equipamentoId ?? null,
    // untouched, the server keeps the booking's duration (at least its exams', should they change)
    ...(minutes === minutesOf(original) ? {} : { duracaoMinutos: minutes }),
    ...(schedule.encaixe ? { encaixe: true } : {}),
    ...(schedule.sobrepor ? { sobrepor: true } : {}),
  }
}

function EditForm({
  formId,
  agendamento,
  failure,
  onSubmit,
}: {
  formId: string
  agendamento: Agendamento
  failure: Failure | null
  onSubmit: (values: AppointmentFormValues, original: Agendamento, schedule: Reschedule | undefined) => void
}) {
  // The appointment as it was when the form opened: its `versao` guards against overwriting someone
  // else's change made meanwhile (the server answers 409 with its own sentence).
  const [original] = useState(agendamento)
  const [defaultValues] = useState(() => appointmentToForm(agendamento))
  // 'Horário e equipamento' starts from the booking's machine and duration (an encaixe is kept unless moved)
  const [schedule, setSchedule] = useState<ScheduleExtras>(() => ({
    ...(agendamento.equipamento ? { equipamentoId: agendamento.equipamento.id } : {}),
    duracaoMinutos: minutesOf(agendamento),
  }))
  const details = useAppointmentDetails(agendamento.id)
  return (
    <AppointmentForm
      id={formId}
      defaultValues={defaultValues}
      initialPatient={original.paciente}
      schemaOptions={{ originalDatahora: original.datahora }}
      extra={(form) => (
        <ScheduleFieldset {...form} value={schedule} onChange={setSchedule} keptExams={details.data?.exames ?? []} />
      )}
      failure={failure}
      onSubmit={(values) => onSubmit(values, original, rescheduleOf(original, schedule))}
    />
  )
}
