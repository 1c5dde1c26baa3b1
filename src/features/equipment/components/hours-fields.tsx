import { WEEKDAY_LABELS } from '@contract'
import { EDITED_DAYS, type HoursForm } from '../lib/hours'
import './hours-fields.css'

/** What an empty day means for a machine or a doctor (docs/decisions.md "Opening hours"). */
export const RESOURCE_HOURS_HINT =
  'Sem nenhum dia preenchido, vale o horário da clínica. Com algum dia preenchido, o dia vazio não atende.'

/** A day's four times, the period's and the break's, each a labelled time field. */
const TIME_FIELDS: readonly (readonly [keyof HoursForm[number], (day: string) => string])[] = [
  ['inicio', (day) => `Início (${day})`],
  ['fim', (day) => `Fim (${day})`],
  ['intervaloInicio', (day) => `Intervalo: início (${day})`],
  ['intervaloFim', (day) => `Intervalo: fim (${day})`],
]

/** Start, end and break per weekday, seg–sáb, with 'Copiar para todos os dias' (break included) from the first day filled. */
export function HoursFields({
  legend,
  hint = RESOURCE_HOURS_HINT,
  value,
  error,
  onChange,
}: {
  legend: string
  hint?: string
  value: HoursForm
  error?: string | undefined
  onChange: (value: HoursForm) => void
}) {
  const first = EDITED_DAYS.map((dia) => value[dia]!).find((h) => h.inicio !== '' && h.fim !== '')
  const copyToAll = () => {
    if (!first) return
    const next: HoursForm = { ...value }
    for (const dia of EDITED_DAYS) next[dia] = { ...first }
    onChange(next)
  }
  return (
    <fieldset className="form-grid__full hours-fields">
      <legend>{legend}</legend>
      <p className="field__hint">{hint}</p>
      <button type="button" className="button" onClick={copyToAll} disabled={!first}>
        Copiar para todos os dias
      </button>
      {EDITED_DAYS.map((dia) => {
        const day = WEEKDAY_LABELS[dia]
        const set = (key: keyof HoursForm[number], v: string) =>
          onChange({ ...value, [dia]: { ...value[dia]!, [key]: v } })
        return (
          <div key={dia} className="hours-fields__day">
            {TIME_FIELDS.map(([key, label]) => (
              <label key={key}>
                {label(day)}
                <input
                  type="time"
                  className="field__control"
                  value={value[dia]![key]}
                  onChange={(e) => set(key, e.target.value)}
                />
              </label>
            ))}
          </div>
        )
      })}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
