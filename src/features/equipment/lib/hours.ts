// Hours per weekday as ADMIN edits them: one period per day with an optional break (two periods), seg–sáb
// (docs/decisions.md "Agenda and equipment", "Opening hours"); domingo is left as it was kept.
import { messages, WEEKDAY_LABELS, type Horario } from '@contract'

export const EDITED_DAYS = [1, 2, 3, 4, 5, 6] as const
/** A day's start and end, and its break ('Intervalo', e.g. 12:00–13:00; both empty: none). */
export interface DayHours {
  inicio: string
  fim: string
  intervaloInicio: string
  intervaloFim: string
}
export type HoursForm = Record<number, DayHours>

/** Two periods of a day read as one day with a break (issue 34); one period, no break. */
export function hoursForm(horarios: readonly Horario[] | null): HoursForm {
  const form: HoursForm = {}
  for (const dia of EDITED_DAYS) {
    const periods = (horarios ?? []).filter((h) => h.dia === dia).sort((a, b) => (a.inicio < b.inicio ? -1 : 1))
    const [first, second] = periods
    form[dia] = {
      inicio: first?.inicio ?? '',
      fim: (second ?? first)?.fim ?? '',
      intervaloInicio: second ? first!.fim : '',
      intervaloFim: second ? second.inicio : '',
    }
  }
  return form
}

const hasBreak = (day: DayHours) => day.intervaloInicio !== '' || day.intervaloFim !== ''

/** The form's days with a start or an end (two periods around a break), then domingo as it was kept. */
export function horariosOf(form: HoursForm, before: readonly Horario[] | null): Horario[] {
  const edited = EDITED_DAYS.filter((dia) => form[dia]!.inicio !== '' || form[dia]!.fim !== '').flatMap((dia) => {
    const day = form[dia]!
    if (!hasBreak(day)) return [{ dia, inicio: day.inicio, fim: day.fim }]
    return [
      { dia, inicio: day.inicio, fim: day.intervaloInicio },
      { dia, inicio: day.intervaloFim, fim: day.fim },
    ]
  })
  const kept = (before ?? []).filter((h) => !(EDITED_DAYS as readonly number[]).includes(h.dia))
  return [...edited, ...kept]
}

/** Why a day's break cannot be saved, in Portuguese, naming the day; undefined when every break fits. */
export function breakProblem(form: HoursForm): string | undefined {
  for (const dia of EDITED_DAYS) {
    const day = form[dia]!
    if (!hasBreak(day)) continue
    const label = WEEKDAY_LABELS[dia]
    if (day.intervaloInicio === '' || day.intervaloFim === '') return messages.breakIncomplete.replace('{dia}', label)
    if (day.intervaloInicio >= day.intervaloFim) return messages.breakOrder.replace('{dia}', label)
    if (day.inicio === '' || day.fim === '' || day.intervaloInicio <= day.inicio || day.intervaloFim >= day.fim)
      return messages.breakOutsideDay.replace('{dia}', label)
  }
  return undefined
}

/** 'seg 07:00–19:00, sáb 07:00–12:00' or 'Qualquer horário'. */
export function describeHours(horarios: readonly Horario[] | null): string {
  if (!horarios || horarios.length === 0) return 'Qualquer horário'
  return [...horarios]
    .sort((a, b) => a.dia - b.dia || (a.inicio < b.inicio ? -1 : 1))
    .map((h) => `${WEEKDAY_LABELS[h.dia]} ${h.inicio}–${h.fim}`)
    .join(', ')
}
