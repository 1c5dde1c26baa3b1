// Of the one booking path (booking.ts, behind /agendamento/register and /agendamento/agendar): the answer to a
// catalogue choice that cannot be booked.
import { messages } from '@contract'
import { HttpError } from '../plugins/errors'
import type * as agendamentoCatalogo from '../repositories/agendamento-catalogo'

/** A catalogue choice that cannot be booked (docs/decisions.md, "Exam catalogue"). */
export function refuseChoice(kind: Exclude<agendamentoCatalogo.Resolved['kind'], 'ok'>): never {
  switch (kind) {
    case 'exameNotFound':
      throw new HttpError(404, messages.exameNotFound)
    case 'convenioNotFound':
      throw new HttpError(404, messages.convenioNotFound)
    case 'exameInactive':
      throw new HttpError(409, messages.exameInactive)
    case 'convenioInactive':
      throw new HttpError(409, messages.convenioInactive)
  }
}
