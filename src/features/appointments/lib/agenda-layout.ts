// The agenda's geometry (docs/decisions.md "Agenda and equipment"): a day's columns, each with its
// bookings as blocks sized by duration and the free time between them inside the resource's hours. Pure.
import { addDays, type AgendaAnswer, type AgendaItem, type Bloqueio, type Horario } from '@contract'
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

/** The day's grid: from 07:00 to 20:00 unless hours say otherwise. */
export const GRID_START = 7 * 60
export const GRID_END = 20 * 60

const minuteOf = (iso: string) => {
  const d = new Date(iso)
  return d.getUTCHours() * 60 + d.getUTCMinutes()
}
const at = (day: string, minute: number) =>
  `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

function openPeriods(horarios: readonly Horario[] | null, day: string): [number, number][] {
  if (horarios === null || horarios.length === 0) return [[GRID_START, GRID_END]]
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return horarios
    .filter((h) => h.dia === weekday)
    .map((h) => [toMinutes(h.inicio), toMinutes(h.fim)] as [number, number])
    .sort((a, b) => a[0] - b[0])
}

/** Free time: the open periods minus live bookings and blocks, 15 minutes or longer. */
function freeTime(day: string, horarios: readonly Horario[] | null, taken: { inicio: string; fim: string }[]) {
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

/** One column per resource for `day`, or (with `resourceId`) one column per day of `days` for that resource. */
export function buildColumns(
  agenda: AgendaAnswer,
  kind: ResourceKind,
  days: string[],
  resourceId?: string,
  titles?: DoctorTitles,
): Column[] {
  const resources =
    kind === 'equipamento'
      ? agenda.equipamentos.map((e) => ({ id: e.id, nome: e.nome, horarios: e.horarios }))
      : agenda.medicos.map((m) => ({ id: m.id, nome: doctorTitle(m, titles), horarios: m.horarios }))
  const chosen = resourceId ? resources.filter((r) => r.id === resourceId) : resources
  return days.flatMap((day) =>
    chosen.map((r) => {
      const items = agenda.agendamentos.filter(
        (a) => a.datahora.startsWith(day) && (kind === 'equipamento' ? a.equipamento?.id : a.doutor.id) === r.id,
      )
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
        free: freeTime(day, r.horarios, taken),
      }
    }),
  )
}

/** Top and height of a period on the grid, in minutes from GRID_START (clamped to the grid). */
export function placement(inicio: string, fim: string, day: string): { top: number; height: number } {
  const start = inicio < `${day}T00` ? 0 : minuteOf(inicio)
  const end = fim >= `${addDays(day, 1)}T00` ? 24 * 60 : minuteOf(fim)
  const top = Math.max(start, GRID_START) - GRID_START
  const bottom = Math.min(Math.max(end, GRID_START), GRID_END) - GRID_START
  return { top, height: Math.max(bottom - top, 0) }
}
