// Appointment times are the clinic's wall-clock written as UTC ("floating" time, docs/product.md §12):
// 14:00 at the clinic travels and is stored as `…T14:00:00.000Z` and is shown as 14:00 on any device.
// The clinic is in America/Sao_Paulo, UTC−3 all year (docs/product.md §12: "shifted by 3 hours").
export const CLINIC_UTC_OFFSET_HOURS = -3

const HOUR_MS = 3_600_000
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/

const pad = (n: number) => String(n).padStart(2, '0')

/** The clinic's wall clock now, as a Date whose UTC fields read as the clinic's local time. */
export function clinicWallClock(now: Date = new Date()): Date {
  return new Date(now.getTime() + CLINIC_UTC_OFFSET_HOURS * HOUR_MS)
}

/** The clinic's date now, `YYYY-MM-DD`, whatever the device's timezone. */
export function clinicToday(now: Date = new Date()): string {
  return clinicWallClock(now).toISOString().slice(0, 10)
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** True when `YYYY-MM-DD` names a real calendar day. */
export function isValidDate(date: string): boolean {
  const m = DATE_RE.exec(date)
  if (!m) return false
  const d = new Date(`${date}T00:00:00.000Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date
}

export function isValidTime(time: string): boolean {
  return TIME_RE.test(time)
}

/** The floating date-time for a clinic date and `HH:MM`, or null when either is not real. */
export function toFloatingDateTime(date: string, time: string): string | null {
  if (!isValidDate(date) || !isValidTime(time)) return null
  return `${date}T${time}:00.000Z`
}

/** The whole clinic day as the range the API's date filter takes (docs/product.md §9: 00:00:00Z to 23:59:59Z). */
export function clinicDayRange(date: string): { datainicior: string; datafimr: string } {
  return { datainicior: `${date}T00:00:00.000Z`, datafimr: `${date}T23:59:59.999Z` }
}

/** `YYYY-MM-DD` of a floating date-time. */
export function datePart(floating: string): string {
  return new Date(floating).toISOString().slice(0, 10)
}

/** `HH:MM` of a floating date-time. */
export function timePart(floating: string): string {
  return new Date(floating).toISOString().slice(11, 16)
}

/** True when the floating date-time falls on a clinic date before today. */
export function isBeforeClinicToday(floating: string, now: Date = new Date()): boolean {
  return datePart(floating) < clinicToday(now)
}

/**
 * True when the floating date-time falls on a clinic date more than `years` years after today (the same
 * month and day `years` years on is still allowed). Dates compare as `YYYY-MM-DD` text.
 */
export function isBeyondYearsAhead(floating: string, years: number, now: Date = new Date()): boolean {
  const today = clinicToday(now)
  const limit = `${String(Number(today.slice(0, 4)) + years).padStart(4, '0')}${today.slice(4)}`
  return datePart(floating) > limit
}

/** `DD/MM/YYYY` of a `YYYY-MM-DD` date or of a floating/UTC date-time. */
export function formatDate(value: string): string {
  const iso = DATE_RE.test(value) ? value : new Date(value).toISOString().slice(0, 10)
  const [y, m, d] = iso.split('-')
  return `${d}/${m}/${y}`
}

/** `DD/MM/YYYY HH:MM` (24-hour) of a floating date-time. */
export function formatDateTime(floating: string): string {
  return `${formatDate(floating)} ${timePart(floating)}`
}

/** `DD/MM às HH:MM` of a real instant shown in the clinic's time (e.g. when data was fetched). */
export function formatClinicStamp(instant: number | Date): string {
  const wall = clinicWallClock(new Date(instant))
  return `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)} às ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
}
