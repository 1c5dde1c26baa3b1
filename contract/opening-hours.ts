// The clinic's opening hours (docs/decisions.md "Opening hours"): one list of periods per weekday for the
// whole clinic, and each machine's and doctor's hours read inside it. Pure: the server, the msw mock and
// the PWA (free times, booking checks, the agenda's frame, the next working day) decide with this code.
import type { Horario } from './weekly-hours'

/** What the clinic is open before ADMIN first saves its hours: the days and frame the app assumed before. */
export const DEFAULT_CLINIC_HOURS: readonly Horario[] = [1, 2, 3, 4, 5].map((dia) => ({
  dia,
  inicio: '07:00',
  fim: '20:00',
}))

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** The clinic's hours as kept (null or empty: never saved, the defaults). */
export function clinicHours(kept: readonly Horario[] | null | undefined): readonly Horario[] {
  return kept && kept.length > 0 ? kept : DEFAULT_CLINIC_HOURS
}

/** The periods of one weekday, by start. */
export function periodsOfDay(horarios: readonly Horario[], dia: number): Horario[] {
  return horarios.filter((h) => h.dia === dia).sort((a, b) => toMinutes(a.inicio) - toMinutes(b.inicio))
}

/**
 * A machine's or doctor's hours inside the clinic's: each of its periods cut to the clinic's periods of the
 * same weekday. None kept (null or empty): the clinic's hours — never "any time" (issue 34: a machine
 * without hours counted as open 24 hours, and free times offered 00:00).
 */
export function effectiveHours(own: readonly Horario[] | null, clinic: readonly Horario[]): Horario[] {
  if (own === null || own.length === 0) return [...clinic]
  const out: Horario[] = []
  for (const mine of own)
    for (const open of clinic) {
      if (open.dia !== mine.dia) continue
      const from = Math.max(toMinutes(mine.inicio), toMinutes(open.inicio))
      const to = Math.min(toMinutes(mine.fim), toMinutes(open.fim))
      if (to > from) out.push({ dia: mine.dia, inicio: toTime(from), fim: toTime(to) })
    }
  return out
}

/** True when [start, end) (floating date-times) lies inside one period of its weekday; no period: never. */
export function insideHours(horarios: readonly Horario[], start: string, end: string): boolean {
  const s = new Date(start)
  const e = new Date(end)
  const sameDay = s.toISOString().slice(0, 10) === e.toISOString().slice(0, 10)
  const endsAtMidnight = e.getUTCHours() === 0 && e.getUTCMinutes() === 0 && e.getTime() - s.getTime() <= 86_400_000
  if (!sameDay && !endsAtMidnight) return false
  const from = s.getUTCHours() * 60 + s.getUTCMinutes()
  const to = endsAtMidnight && !sameDay ? 24 * 60 : e.getUTCHours() * 60 + e.getUTCMinutes()
  return horarios.some((h) => h.dia === s.getUTCDay() && toMinutes(h.inicio) <= from && to <= toMinutes(h.fim))
}

/** True when the clinic opens on the weekday of `date` (`YYYY-MM-DD`). */
export function opensOn(clinic: readonly Horario[], date: string): boolean {
  const dia = new Date(`${date}T12:00:00.000Z`).getUTCDay()
  return clinic.some((h) => h.dia === dia)
}

/**
 * 'Confirmações de amanhã': the first day after `today` on which the clinic opens (a Friday gives Saturday
 * when the clinic opens on Saturdays, Monday otherwise).
 */
export function nextOpenDay(today: string, clinic: readonly Horario[]): string {
  const date = new Date(`${today}T12:00:00.000Z`)
  for (let i = 0; i < 7; i++) {
    date.setUTCDate(date.getUTCDate() + 1)
    const day = date.toISOString().slice(0, 10)
    if (opensOn(clinic, day)) return day
  }
  return date.toISOString().slice(0, 10)
}

/** The clinic's frame of a weekday in minutes from midnight ([first start, last end]), or null when closed. */
export function frameOfDay(clinic: readonly Horario[], dia: number): { from: number; to: number } | null {
  const periods = clinic.filter((h) => h.dia === dia)
  if (periods.length === 0) return null
  return {
    from: Math.min(...periods.map((h) => toMinutes(h.inicio))),
    to: Math.max(...periods.map((h) => toMinutes(h.fim))),
  }
}

/** True when the clinic's last period of the day of `now` (a clinic wall clock) has ended. */
export function closedForTheDay(clinic: readonly Horario[], wallClock: Date): boolean {
  const frame = frameOfDay(clinic, wallClock.getUTCDay())
  return frame === null || wallClock.getUTCHours() * 60 + wallClock.getUTCMinutes() >= frame.to
}
