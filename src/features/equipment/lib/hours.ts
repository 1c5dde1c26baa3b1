// Hours per weekday as ADMIN edits them: one period per day, seg–sáb (docs/decisions.md "Agenda and
// equipment"); domingo and any second period already kept are left as they are.
import { WEEKDAY_LABELS, type Horario } from '@contract'

export const EDITED_DAYS = [1, 2, 3, 4, 5, 6] as const
export type HoursForm = Record<number, { inicio: string; fim: string }>

export function hoursForm(horarios: readonly Horario[] | null): HoursForm {
  const form: HoursForm = {}
  for (const dia of EDITED_DAYS) {
    const first = horarios?.find((h) => h.dia === dia)
    form[dia] = { inicio: first?.inicio ?? '', fim: first?.fim ?? '' }
  }
  return form
}

/** The form's days with a start or an end, then what it does not edit (domingo, second periods). */
export function horariosOf(form: HoursForm, before: readonly Horario[] | null): Horario[] {
  const edited = EDITED_DAYS.filter((dia) => form[dia]!.inicio !== '' || form[dia]!.fim !== '').map((dia) => ({
    dia,
    ...form[dia]!,
  }))
  const kept = (before ?? []).filter(
    (h) => !(EDITED_DAYS as readonly number[]).includes(h.dia) || before!.find((x) => x.dia === h.dia) !== h,
  )
  return [...edited, ...kept]
}

/** 'seg 07:00–19:00, sáb 07:00–12:00' or 'Qualquer horário'. */
export function describeHours(horarios: readonly Horario[] | null): string {
  if (!horarios || horarios.length === 0) return 'Qualquer horário'
  return [...horarios]
    .sort((a, b) => a.dia - b.dia || (a.inicio < b.inicio ? -1 : 1))
    .map((h) => `${WEEKDAY_LABELS[h.dia]} ${h.inicio}–${h.fim}`)
    .join(', ')
}
