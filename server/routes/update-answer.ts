// The answer of an appointment's update, shared by /agendamento/update and /agendamento/reagendar (which
// changes the schedule too, docs/decisions.md "Agenda and equipment"): the appointment, or its refusal.
import { messages } from '@contract'
import { HttpError } from '../plugins/errors'
import type { UpdateResult } from '../repositories/agendamentos'

export function updateAnswer(result: UpdateResult) {
  switch (result.kind) {
    case 'notFound':
      throw new HttpError(404, messages.appointmentNotFound)
    case 'stale':
      throw new HttpError(409, messages.staleWrite)
    case 'pastDate':
      throw new HttpError(400, messages.dateBeforeToday)
    case 'patientNotFound':
      throw new HttpError(404, messages.patientNotFound)
  }
  return { agendamento: result.agendamento }
}
