// Quick choices over the specification's start and end dates (issue 14): each fills both dates, or clears
// them ('Todos'); the dates stay editable and the specification's rule for them is unchanged.
import { addDays, clinicToday } from '@contract'

type Range = { inicio: string; fim: string }

/** Monday to Sunday of the clinic's week containing `day` (docs/product.md §12: the clinic's date). */
function weekOf(day: string): Range {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay() // 0 = Sunday
  const monday = addDays(day, weekday === 0 ? -6 : 1 - weekday)
  return { inicio: monday, fim: addDays(monday, 6) }
}

export function quickRanges(today: string = clinicToday()): Record<string, Range> {
  const tomorrow = addDays(today, 1)
  return {
    Hoje: { inicio: today, fim: today },
    Amanhã: { inicio: tomorrow, fim: tomorrow },
    'Esta semana': weekOf(today),
    Todos: { inicio: '', fim: '' },
  }
}

export function QuickDates({
  dataInicio,
  dataFim,
  fromToday = false,
  onChoose,
}: {
  dataInicio: string
  dataFim: string
  /** The list's opening view (today and after): 'Hoje' shows as the current choice. */
  fromToday?: boolean
  onChoose: (range: Range) => void
}) {
  const ranges = quickRanges()
  return (
    <div className="quick-dates" role="group" aria-label="Período">
      {Object.entries(ranges).map(([label, range]) => (
        <button
          key={label}
          type="button"
          className="button button--small"
          aria-pressed={fromToday ? label === 'Hoje' : range.inicio === dataInicio && range.fim === dataFim}
          onClick={() => onChoose(range)}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
