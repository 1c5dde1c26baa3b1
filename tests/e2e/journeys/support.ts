// What the journeys set up through the API before the browser walks (docs/journeys.md): the shared helpers
// of tests/e2e/support/booking.ts, the run's tag for names and a weekday's date. The walk itself starts at
// the home page and clicks.
import { run } from '../support/booking'

export { bookingBody, newDoctor, newPatient, run } from '../support/booking'

/** The run in letters, for names (which take no digits). */
export const tag = [...run].map((d) => 'abcdefghij'[Number(d)]).join('')

/** The first day on or after `from` that falls on `weekday` (0 = domingo … 6 = sábado). */
export function onWeekday(from: string, weekday: number): string {
  const d = new Date(`${from}T12:00:00.000Z`)
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}
