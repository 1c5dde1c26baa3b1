// The agenda's geometry (docs/decisions.md "Agenda and equipment"): a day's columns, each with its
// bookings as blocks sized by duration and the free time between them inside the resource's hours. Pure.
import {
  addDays,
  clinicHours,
  effectiveHours,
  frameOfDay,
  type AgendaAnswer,
  type AgendaItem,
  type Bloqueio,
  type Horario,
} from '@contract'
import { doctorTitle, type DoctorTitles } from '@/lib/doctor-titles'

export type ResourceKind = 'equipamento' | 'medico'

export interface Column {
  key: string
  label: string
  /** The day this column shows, `YYYY-MM-DD`. */
  day: string
  resource: { kind: ResourceKind; id: string; nome: string }
  items: AgendaItem[]
  bloqueios: Bloqueio[]
  free: { inicio: string; fim: string }[]
}

/** The day's grid when the clinic is closed that day and nothing is booked: 07:00 to 20:00. */
export const GRID_START = 7 * 60
export const GRID_END = 20 * 60

/** The grid's first and last minute of the day (docs/decisions.md "Opening hours"). */
export interface Frame {
  start: number
  end: number
}

/** The id of the equipment view's lane of appointments booked without a machine. */
export const NO_MACHINE_ID = 'sem-equipamento'
export const NO_MACHINE_LABEL = 'Sem equipamento'

const minuteOf = (iso: string) => {
  const d = new Date(iso)
  return d.getUTCHours() * 60 + d.getUTCMinutes()
}
const at = (day: string, minute: number) =>
  `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

function openPeriods(horarios: readonly Horario[], day: string): [number, number][] {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return horarios
    .filter((h) => h.dia === weekday)
    .map((h) => [toMinutes(h.inicio), toMinutes(h.fim)] as [number, number])
    .sort((a, b) => a[0] - b[0])
}

/** Free time: the open periods minus live bookings and blocks, 15 minutes or longer. */
function freeTime(day: string, horarios: readonly Horario[], taken: { inicio: string; fim: string }[]) {
  const busy = taken
    .map(
      (t) =>
        [
          Math.max(0, minuteOf(t.inicio) + (t.inicio < `${day}T00` ? -24 * 60 : 0)),
          t.fim >= `${addDays(day, 1)}T00` ? 24 * 60 : minuteOf(t.fim),
        ] as const,
    )
    .sort((a, b) => a[0] - b[0])
  const free: { inicio: string; fim: string }[] = []
  for (const [open, close] of openPeriods(horarios, day)) {
    let cursor = open
    for (const [s, e] of busy) {
      if (e <= cursor || s >= close) continue
      if (s - cursor >= 15) free.push({ inicio: at(day, cursor), fim: at(day, s) })
      cursor = Math.max(cursor, e)
    }
    if (close - cursor >= 15) free.push({ inicio: at(day, cursor), fim: at(day, close) })
  }
  return free
}

const live = (a: AgendaItem) => a.status !== 'cancelado' && a.status !== 'faltou'

/** The resources of a view: machines (and the 'Sem equipamento' lane) or doctors, with their hours. */
export function agendaResources(
  agenda: AgendaAnswer,
  kind: ResourceKind,
  titles?: DoctorTitles,
): { id: string; nome: string; horarios: Horario[] | null }[] {
  if (kind === 'medico')
    return agenda.medicos.map((m) => ({ id: m.id, nome: doctorTitle(m, titles), horarios: m.horarios }))
  const machines = agenda.equipamentos.map((e) => ({ id: e.id, nome: e.nome, horarios: e.horarios }))
  // appointments booked without a machine (the specification's calls book none): never hidden (issue 34)
  const withoutMachine = agenda.agendamentos.some((a) => a.equipamento === null)
  return withoutMachine ? [...machines, { id: NO_MACHINE_ID, nome: NO_MACHINE_LABEL, horarios: [] }] : machines
}

/**
 * One column per resource for `day`, or (with `resourceId`) one column per day of `days` for that resource.
 * Free time is inside each resource's hours read within the clinic's (`clinic`, the settings' hours).
 */
export function buildColumns(
  agenda: AgendaAnswer,
  kind: ResourceKind,
  days: string[],
  resourceId?: string,
  titles?: DoctorTitles,
  clinic: readonly Horario[] = clinicHours(null),
): Column[] {
  const resources = agendaResources(agenda, kind, titles)
  const chosen = resourceId ? resources.filter((r) => r.id === resourceId) : resources
  const resourceOf = (a: AgendaItem) => (kind === 'equipamento' ? (a.equipamento?.id ?? NO_MACHINE_ID) : a.doutor.id)
  return days.flatMap((day) =>
    chosen.map((r) => {
      const items = agenda.agendamentos.filter((a) => a.datahora.startsWith(day) && resourceOf(a) === r.id)
      // the lane without a machine offers no free time: a booking there needs no machine's time
      const hours = r.id === NO_MACHINE_ID ? [] : effectiveHours(r.horarios, clinic)
      const bloqueios =
        kind === 'equipamento'
          ? agenda.bloqueios.filter(
              (b) => b.equipamentoId === r.id && b.inicio < `${addDays(day, 1)}T00` && b.fim > `${day}T00`,
            )
          : []
      const taken = [
        ...items.filter(live).map((a) => ({ inicio: a.datahora, fim: a.fim })),
        ...bloqueios.map((b) => ({ inicio: b.inicio, fim: b.fim })),
      ]
      return {
        key: `${day}-${r.id}`,
        label: r.nome,
        day,
        resource: { kind, id: r.id, nome: r.nome },
        items,
        bloqueios,
        free: freeTime(day, hours, taken),
      }
    }),
  )
}

/**
 * The grid of `days`: the clinic's hours of those weekdays (07:00–20:00 when closed on all of them),
 * stretched to whole hours around every appointment and block shown, so nothing booked is ever outside it.
 */
export function agendaFrame(columns: readonly Column[], days: readonly string[], clinic: readonly Horario[]): Frame {
  let start = Infinity
  let end = -Infinity
  for (const day of days) {
    const frame = frameOfDay(clinic, new Date(`${day}T12:00:00Z`).getUTCDay())
    if (frame) {
      start = Math.min(start, frame.from)
      end = Math.max(end, frame.to)
    }
  }
  if (start === Infinity) ({ start, end } = { start: GRID_START, end: GRID_END })
  for (const column of columns)
    for (const period of [
      ...column.items.map((a) => ({ inicio: a.datahora, fim: a.fim })),
      ...column.bloqueios
        .filter((b) => b.inicio >= `${column.day}T00`)
        .map((b) => ({ inicio: b.inicio, fim: b.inicio })),
    ]) {
      const from = minuteOf(period.inicio)
      const to = period.fim >= `${addDays(column.day, 1)}T00` ? 24 * 60 : Math.max(minuteOf(period.fim), from)
      start = Math.min(start, Math.floor(from / 60) * 60)
      end = Math.max(end, Math.min(24 * 60, Math.ceil(to / 60) * 60))
    }
  return { start, end }
}

/** Top and height of a period on the grid, in minutes from the frame's start (clamped to the frame). */
export function placement(
  inicio: string,
  fim: string,
  day: string,
  frame: Frame = { start: GRID_START, end: GRID_END },
): { top: number; height: number } {
  const start = inicio < `${day}T00` ? 0 : minuteOf(inicio)
  const end = fim >= `${addDays(day, 1)}T00` ? 24 * 60 : minuteOf(fim)
  const top = Math.max(start, frame.start) - frame.start
  const bottom = Math.min(Math.max(end, frame.start), frame.end) - frame.start
  return { top, height: Math.max(bottom - top, 0) }
}
