// The agenda's day list to print: a page per machine or per doctor, as the agenda's columns are chosen
// (docs/decisions.md, "Messages and printouts"); the one resource picked, or every one that has bookings.
// Cancelled appointments are left out; a week view prints its first day.
import type { AgendaAnswer } from '@contract'
import type { DayListGroup } from '@/components/print/day-list-print'
import { capitalizeName } from '@/lib/format'
import { doctorTitle, type DoctorTitles } from '@/lib/doctor-titles'

export function agendaGroups(
  agenda: AgendaAnswer,
  dia: string,
  por: 'equipamento' | 'medico',
  recurso: string | undefined,
  titles?: DoctorTitles,
): DayListGroup[] {
  const day = agenda.agendamentos
    .filter((a) => a.datahora.startsWith(dia) && a.status !== 'cancelado')
    // the same ISO form everywhere: the text's order is the time's, without localeCompare's collator (that
    // comparator was most of the agenda's render,
    // bench/journal/2026-11-24-lighthouse-second-round.md "Lighthouse on every page (second round)")
    .sort((a, b) => (a.datahora < b.datahora ? -1 : a.datahora > b.datahora ? 1 : 0))
  const resources =
    por === 'equipamento'
      ? agenda.equipamentos.map((e) => ({ id: e.id, title: e.nome }))
      : agenda.medicos.map((m) => ({
          id: m.id,
          title: doctorTitle({ id: m.id, nome: capitalizeName(m.nome) }, titles),
        }))
  return resources
    .filter((r) => recurso === undefined || r.id === recurso)
    .map((r) => ({
      key: r.id,
      title: r.title,
      rows: day.filter((a) => (por === 'equipamento' ? a.equipamento?.id : a.doutor.id) === r.id),
    }))
}
