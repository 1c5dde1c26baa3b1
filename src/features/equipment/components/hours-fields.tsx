import { WEEKDAY_LABELS } from '@contract'
import { EDITED_DAYS, type HoursForm } from '../lib/hours'

/** Start and end per weekday, seg–sáb; a day left empty is not served. */
export function HoursFields({
  legend,
  value,
  error,
  onChange,
}: {
  legend: string
  value: HoursForm
  error?: string | undefined
  onChange: (value: HoursForm) => void
}) {
  return (
    <fieldset className="form-grid__full hours-fields">
      <legend>{legend}</legend>
      <p className="field__hint">Deixe o dia vazio quando não atende.</p>
      {EDITED_DAYS.map((dia) => {
        const day = WEEKDAY_LABELS[dia]
        const set = (key: 'inicio' | 'fim', v: string) => onChange({ ...value, [dia]: { ...value[dia]!, [key]: v } })
        return (
          <div key={dia} className="hours-fields__day">
            <label>
              {`Início (${day})`}
              <input
                type="time"
                className="field__control"
                value={value[dia]!.inicio}
                onChange={(e) => set('inicio', e.target.value)}
              />
            </label>
            <label>
              {`Fim (${day})`}
              <input
                type="time"
                className="field__control"
                value={value[dia]!.fim}
                onChange={(e) => set('fim', e.target.value)}
              />
            </label>
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
