// A horizontal bar chart drawn as SVG (docs/decisions.md, "Reports"): each series a colour of the
// Okabe–Ito palette (safe for the common colour blindnesses) AND a fill pattern, every bar labelled
// with its value, so that it reads in grey print too. The figure's caption is its text summary; the same
// numbers sit in a table behind 'Ver tabela'.
import { useId } from 'react'

export interface Series {
  name: string
  /** 0…3: the colour and pattern (see PATTERNS). */
  look: number
}

export interface BarRow {
  label: string
  values: number[]
}

interface Props {
  title: string
  summary: string
  series: Series[]
  rows: BarRow[]
  format: (value: number) => string
  /** At most this many rows drawn; the table lists them all. */
  limit?: number
}

const WIDTH = 320
const LABEL_H = 16
const BAR_H = 14
const GAP = 10

/** Fill patterns, one per look: solid, diagonal lines, dots, crossed lines. */
export function ChartPatterns({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={`${id}-1`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" className="look-1" />
        <line x1="0" y1="0" x2="0" y2="6" className="hatch" />
      </pattern>
      <pattern id={`${id}-2`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" className="look-2" />
        <circle cx="3" cy="3" r="1.3" className="dot" />
      </pattern>
      <pattern id={`${id}-3`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" className="look-3" />
        <path d="M0 0L6 6M6 0L0 6" className="hatch" />
      </pattern>
    </defs>
  )
}

export const fillOf = (id: string, look: number) => (look === 0 ? undefined : `url(#${id}-${look})`)
// a class's fill would override the pattern's fill attribute: only the solid look takes its colour from CSS
const lookClass = (look: number) => (look === 0 ? 'look-0' : undefined)

export function BarChart({ title, summary, series, rows: all, format, limit = all.length }: Props) {
  const rows = all.slice(0, limit)
  const id = useId().replace(/:/g, '')
  const max = Math.max(1, ...rows.flatMap((r) => r.values))
  const groupH = LABEL_H + series.length * (BAR_H + 2) + GAP
  const height = Math.max(groupH * rows.length, 24)
  return (
    <figure className="chart">
      <h3 id={`${id}-t`}>{title}</h3>
      {series.length > 1 && (
        <ul className="chart__legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.name}>
              <svg width="14" height="14">
                <ChartPatterns id={`${id}-l`} />
                <rect width="14" height="14" className={lookClass(s.look)} fill={fillOf(`${id}-l`, s.look)} />
              </svg>
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-s`}
        className="chart__svg"
        preserveAspectRatio="xMinYMin meet"
      >
        <ChartPatterns id={id} />
        {rows.length === 0 && (
          <text x="0" y="16" className="chart__empty">
            Sem dados no período.
          </text>
        )}
        {rows.map((row, i) => {
          const y0 = i * groupH
          return (
            <g key={i}>
              <text x="0" y={y0 + 12} className="chart__label">
                {row.label}
              </text>
              {row.values.map((value, k) => {
                const y = y0 + LABEL_H + k * (BAR_H + 2)
                const w = Math.max(value > 0 ? 2 : 0, (value / max) * (WIDTH - 90))
                const look = series[k]!.look
                return (
                  <g key={k}>
                    <rect
                      x="0"
                      y={y}
                      width={w}
                      height={BAR_H}
                      className={`bar ${lookClass(look) ?? ''}`}
                      fill={fillOf(id, look)}
                    />
                    <text x={w + 4} y={y + 11} className="chart__value">
                      {format(value)}
                    </text>
                  </g>
                )
              })}
            </g>
          )
        })}
      </svg>
      <figcaption id={`${id}-s`}>{summary}</figcaption>
      <details className="chart__table">
        <summary>Ver tabela: {title}</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{series.length > 1 ? '' : 'Item'}</th>
              {series.map((s) => (
                <th scope="col" key={s.name}>
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {all.map((row, i) => (
              <tr key={i}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, k) => (
                  <td key={k}>{format(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
