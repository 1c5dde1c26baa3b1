// The day board's arithmetic: which entries a filter keeps, the counts per status, how long a patient has
// been waiting, which entries are past and where the current-time line goes. Pure: the board and its
// tests share it.
import type { Agendamento, Status } from '@contract'
import { addDays, clinicToday, clinicWallClock, isValidDate } from '@contract/clinic-time'
import { statusOf, STATUSES } from '@contract/status'

/** How a count reads: '1 aguardando', '5 realizados' (singular, plural). */
const COUNT_WORDS: Record<Status, [string, string]> = {
  agendado: ['agendado', 'agendados'],
  confirmado: ['confirmado', 'confirmados'],
  aguardando: ['aguardando', 'aguardando'],
  em_atendimento: ['em atendimento', 'em atendimento'],
  realizado: ['realizado', 'realizados'],
  faltou: ['falta', 'faltas'],
  cancelado: ['cancelado', 'cancelados'],
}

export interface StatusCount {
  status: Status
  count: number
  /** '3 aguardando'. */
  text: string
}

/** The statuses present on the board, in the day's order, with their counts. */
export function countByStatus(entries: Agendamento[]): StatusCount[] {
  const counts = new Map<Status, number>()
  for (const entry of entries) counts.set(statusOf(entry), (counts.get(statusOf(entry)) ?? 0) + 1)
  return STATUSES.filter((status) => counts.has(status)).map((status) => {
    const count = counts.get(status)!
    const [one, many] = COUNT_WORDS[status]
    return { status, count, text: `${count} ${count === 1 ? one : many}` }
  })
}

/** 'aguardando há 12 min' (at least 1 minute; hours past 60 minutes: 'aguardando há 1 h 05 min'). */
export function waitingText(chegada: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(chegada)) / 60_000))
  if (minutes < 60) return `aguardando há ${Math.max(1, minutes)} min`
  return `aguardando há ${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}

/** The clinic's wall clock now as a floating instant (comparable with `datahora`). */
const wallNow = (now: Date) => clinicWallClock(now).getTime()

/** Whether an entry's time has passed: every entry of a past day; today's before the current time. */
export function isPast(entry: Agendamento, day: string, now: Date): boolean {
  const today = clinicToday(now)
  if (day !== today) return day < today
  return Date.parse(entry.datahora) < wallNow(now)
}

/**
 * Where the current-time line goes on today's board: the index of the first entry at or after now
 * (entries.length after the last one); undefined on any other day.
 */
export function nowLineIndex(entries: Agendamento[], day: string, now: Date): number | undefined {
  if (day !== clinicToday(now)) return undefined
  const index = entries.findIndex((entry) => Date.parse(entry.datahora) >= wallNow(now))
  return index === -1 ? entries.length : index
}

/** The board's day from `?dia=YYYY-MM-DD`: a real date, else today. */
export function boardDay(param: string | null, now: Date = new Date()): string {
  return param && isValidDate(param) ? param : clinicToday(now)
}

export const previousDay = (day: string) => addDays(day, -1)
export const nextDay = (day: string) => addDays(day, 1)
