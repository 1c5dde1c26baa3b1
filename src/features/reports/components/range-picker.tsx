// The range of a report: a day, its week (domingo a sábado), its month, or any interval up to a year.
import { useId } from 'react'
import { RelatorioRequest } from '@contract'
import { presetRange } from '../lib/range'

export type RangeKind = 'dia' | 'semana' | 'mes' | 'intervalo'
export interface RangeState {
  kind: RangeKind
  /** The day the day, week and month are taken from. */
  day: string
  de: string
  ate: string
}

const KINDS: [RangeKind, string][] = [
  ['dia', 'Dia'],
  ['semana', 'Semana'],
  ['mes', 'Mês'],
  ['intervalo', 'Intervalo'],
]

/** The range a state asks for, or the Portuguese reason it cannot be asked. */
export function rangeOf(state: RangeState): { range: RelatorioRequest } | { error: string } {
  const asked =
    state.kind === 'intervalo' ? { de: state.de, ate: state.ate } : presetRange(state.kind, state.day || 'x')
  const parsed = RelatorioRequest.safeParse(asked)
  return parsed.success ? { range: parsed.data } : { error: parsed.error.issues[0]!.message }
}

export function RangePicker({ value, onChange }: { value: RangeState; onChange: (next: RangeState) => void }) {
  const id = useId()
  const set = (patch: Partial<RangeState>) => onChange({ ...value, ...patch })
  return (
    <fieldset className="range-picker">
      <legend>Período</legend>
      <div className="range-picker__kinds" role="radiogroup" aria-label="Tipo de período">
        {KINDS.map(([kind, label]) => (
          <label key={kind}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={kind}
              checked={value.kind === kind}
              onChange={() => set({ kind })}
            />
            {label}
          </label>
        ))}
      </div>
      {value.kind === 'intervalo' ? (
        <div className="range-picker__dates">
          <label>
            De
            <input type="date" value={value.de} onChange={(e) => set({ de: e.target.value })} />
          </label>
          <label>
            Até
            <input type="date" value={value.ate} onChange={(e) => set({ ate: e.target.value })} />
          </label>
        </div>
      ) : (
        <label className="range-picker__dates">
          {value.kind === 'dia' ? 'Dia' : value.kind === 'semana' ? 'Um dia da semana' : 'Um dia do mês'}
          <input type="date" value={value.day} onChange={(e) => set({ day: e.target.value })} />
        </label>
      )}
    </fieldset>
  )
}
