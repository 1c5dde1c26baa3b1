// One period of a week's hours: the clinic's, a machine's or a doctor's. A module of its own so that the
// agenda, the opening hours and the statuses, which all read it, need not import each other for it.
import { z } from 'zod'
import { isValidTime } from './clinic-time'
import { requiredError } from './fields'
import { messages } from './messages'

const timeField = z.string(requiredError).refine(isValidTime, { error: messages.hoursInvalid })

/** One opening period of a weekday (0 = domingo … 6 = sábado), `HH:MM` to `HH:MM` in clinic time. */
export const Horario = z
  .object({
    dia: z
      .number({ error: messages.weekdayInvalid })
      .int()
      .min(0, messages.weekdayInvalid)
      .max(6, messages.weekdayInvalid),
    inicio: timeField,
    fim: timeField,
  })
  .refine((h) => h.fim > h.inicio, { error: messages.hoursInvalid, path: ['fim'] })
export type Horario = z.infer<typeof Horario>
