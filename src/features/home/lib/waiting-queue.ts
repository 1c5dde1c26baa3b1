// The board's waiting lists (issue 38 point 4): the patients 'Aguardando' of each machine (of each doctor
// when the appointment has no machine), legal priorities first — pessoa idosa of 80 or more before the
// others — then in arrival order. Pure: the board and its tests share it.
import type { Agendamento } from '@contract'
import { priorityRank } from '@contract/priorities'
import { statusOf } from '@contract/status'

export interface WaitingGroup {
  key: string
  /** The machine's name, or the doctor's as the board writes it. */
  title: string
  entries: Agendamento[]
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Priorities first (80+ before the others), then who arrived first; the id last, for a total order. */
export function waitingOrder(a: Agendamento, b: Agendamento): number {
  return (
    priorityRank(a) - priorityRank(b) || Date.parse(a.chegada ?? '') - Date.parse(b.chegada ?? '') || byText(a.id, b.id)
  )
}

/** The day's waiting lists, by machine (else doctor), each in waitingOrder; the groups by title. */
export function waitingGroups(entries: readonly Agendamento[], doctorName: (a: Agendamento) => string): WaitingGroup[] {
  const groups = new Map<string, WaitingGroup>()
  for (const entry of entries) {
    if (statusOf(entry) !== 'aguardando') continue
    const key = entry.equipamento ? `equipamento:${entry.equipamento.id}` : `medico:${entry.medicoId}`
    const group = groups.get(key) ?? { key, title: entry.equipamento?.nome ?? doctorName(entry), entries: [] }
    group.entries.push(entry)
    groups.set(key, group)
  }
  return [...groups.values()]
    .map((group) => ({ ...group, entries: group.entries.sort(waitingOrder) }))
    .sort((a, b) => a.title.localeCompare(b.title, 'pt-BR') || byText(a.key, b.key))
}
