// Busiest hours of the week: a grid of weekdays × hours drawn as SVG, each cell's count written in it
// and its shade growing with the count (one hue: the number carries the meaning, in colour or in print).
import { useId } from 'react'
import type { Relatorio } from '@contract'

export const WEEKDAYS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const

const CELL = 22
const LEFT = 34
const TOP = 14

export function HoursChart({ horarios }: { horarios: Relatorio['horarios'] }) {
  const id = useId().replace(/:/g, '')
  const hours = horarios.map((h) => h.hora)
  const first = Math.min(7, ...hours)
  const last = Math.max(18, ...hours)
  const max = Math.max(1, ...horarios.map((h) => h.agendamentos))
  const count = (d: number, h: number) => horarios.find((x) => x.diaSemana === d && x.hora === h)?.agendamentos ?? 0
  const span = last - first + 1
  const busiest = [...horarios].sort(
    (a, b) => b.agendamentos - a.agendamentos || a.diaSemana - b.diaSemana || a.hora - b.hora,
  )
  const top = busiest[0]
  const summary = top
    ? `O horário mais cheio foi ${WEEKDAYS[top.diaSemana]!.toLowerCase()} às ${top.hora}h, com ${top.agendamentos} agendamento(s).`
    : 'Sem agendamentos no período.'
  return (
    <figure className="chart">
      <h3 id={`${id}-t`}>Horários mais cheios da semana</h3>
      <svg
        viewBox={`0 0 ${LEFT + span * CELL} ${TOP + 7 * CELL}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-s`}
        className="chart__svg"
      >
        {Array.from({ length: span }, (_, i) => (
          <text key={i} x={LEFT + i * CELL + CELL / 2} y={10} className="chart__axis" textAnchor="middle">
            {first + i}
          </text>
        ))}
        {WEEKDAYS.map((day, d) => (
          <g key={day}>
            <text x="0" y={TOP + d * CELL + 15} className="chart__axis">
              {day.slice(0, 3)}
            </text>
            {Array.from({ length: span }, (_, i) => {
              const n = count(d, first + i)
              return (
                <g key={i}>
                  <rect
                    x={LEFT + i * CELL}
                    y={TOP + d * CELL}
                    width={CELL - 2}
                    height={CELL - 2}
                    className="heat"
                    fillOpacity={n === 0 ? 0.04 : 0.15 + (0.85 * n) / max}
                  />
                  {n > 0 && (
                    <text
                      x={LEFT + i * CELL + CELL / 2 - 1}
                      y={TOP + d * CELL + 14}
                      textAnchor="middle"
                      className={n / max > 0.55 ? 'chart__value chart__value--on-dark' : 'chart__value'}
                    >
                      {n}
                    </text>
                  )}
                </g>
              )
            })}
          </g>
        ))}
      </svg>
      <figcaption id={`${id}-s`}>{summary}</figcaption>
      <details className="chart__table">
        <summary>Ver tabela: Horários mais cheios da semana</summary>
        <table>
          <caption>Horários mais cheios da semana</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">Hora</th>
              <th scope="col">Agendamentos</th>
            </tr>
          </thead>
          <tbody>
            {busiest.map((h) => (
              <tr key={`${h.diaSemana}-${h.hora}`}>
                <td>{WEEKDAYS[h.diaSemana]}</td>
                <td>{h.hora}h</td>
                <td>{h.agendamentos}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
