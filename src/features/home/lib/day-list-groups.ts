// The home board's day list to print: a page per doctor (or only the doctor the board is filtered by),
// cancelled appointments left out (docs/decisions.md, "Messages and printouts").
import type { Agendamento } from '@contract'
import { statusOf } from '@contract/status'
import type { DayListGroup } from '@/components/print/day-list-print'
import { capitalizeName } from '@/lib/format'
import { doctorTitle, type DoctorTitles } from '@/lib/doctor-titles'

export function doctorGroups(entries: readonly Agendamento[], medicoId: string, titles?: DoctorTitles): DayListGroup[] {
  const groups = new Map<string, { key: string; nome: string; rows: DayListGroup['rows'][number][] }>()
  for (const a of entries) {
    const status = statusOf(a)
    if (status === 'cancelado' || (medicoId && a.medicoId !== medicoId)) continue
    const group = groups.get(a.medicoId) ?? { key: a.medicoId, nome: a.doutor.nome, rows: [] }
    group.rows.push({ ...a, status })
    groups.set(a.medicoId, group)
  }
  return [...groups.values()]
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
    .map(({ key, nome, rows }) => ({ key, title: doctorTitle({ id: key, nome: capitalizeName(nome) }, titles), rows }))
}
