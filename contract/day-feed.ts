// The day boards' live channel (issue 38 point 6, docs/decisions.md "The day board's live channel"): every
// open board and 'Minha agenda' reads GET /api/agendamento/eventos, Server-Sent Events saying "this clinic
// day changed" on every booking, edit, move, payment, call or cancel, made through any API process. An
// event names the day and the appointment, never a person: the board reloads the day's list it already may
// read. Outside the `api` table: it streams.
import { z } from 'zod'

export { DIA_EVENTOS_PATH, DIA_EVENTOS_RETRY_MS } from './day-feed-path'

export const DiaEvento = z.object({
  /** The clinic day (YYYY-MM-DD) whose appointments changed. */
  dia: z.iso.date(),
  /** The appointment changed; null when one write touched several appointments of that day at once. */
  agendamentoId: z.string().nullable(),
})
export type DiaEvento = z.infer<typeof DiaEvento>
