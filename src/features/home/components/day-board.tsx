import { useId, type CSSProperties, type MouseEvent } from 'react'
import type { Agendamento, LaudosDoDia } from '@contract'
import { timePart } from '@contract/clinic-time'
import { statusLabels, statusOf } from '@contract/status'
import { priorityText } from '@contract/priorities'
import { capitalizeName, formatDateTime } from '@/lib/format'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'
import { isPast, nowLineIndex, waitingText } from '../lib/board'
import { useAfterFirstRender } from '../lib/use-after-first-render'
import { EntryActions, type EntryActionsProps } from './entry-actions'
import { EntryLaudoBadges } from './entry-laudo-badges'

export const APPOINTMENTS_PATH = '/agendamentos'

export interface DayBoardProps extends Omit<EntryActionsProps, 'agendamento'> {
  entries: Agendamento[]
  day: string
  now: Date
  /** The id of the board's heading: the list of entries is named by it. */
  labelledBy: string
  /** A plain click on an entry: its panel opens over the board (issue 34). */
  onOpen: (agendamento: Agendamento) => void
  /**
   * 'Minha agenda': the doctor's own day, denser — the doctor's name and the date, implied by the page, are
   * read by a screen reader but not shown (issue 34).
   */
  own?: boolean
  /** The day's laudo states (issue 36), once read. */
  laudos?: LaudosDoDia
}

/**
 * Entries in the board's first render: a screenful and more (an entry is never less than ~110 px tall, so
 * this is more than the screen shows). A day has up to 280 (thousands of elements): the rest follow at once
 * in a transition, after that first paint, so the offline start on a mid-range tablet does not wait for the
 * whole day (issue #18; bench/journal/2026-11-24-mid-range-tablet-second-round.md, "The mid-range tablet
 * (second round)"; bench/journal/2026-11-28-start-harness.md).
 */
export const firstEntries = (screenHeight = window.innerHeight): number =>
  Math.max(6, Math.ceil(screenHeight / 110) + 1)

/** A plain left click on an entry's link: what react-router's <Link> would handle itself. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey

/**
 * The day's entries in one column by time. Each entry is three cells of one grid row: its time, large
 * (for the eye only); the list item with exactly what the specification puts in an entry (the patient,
 * the date and time, 'Dr.' or 'Dra.' + doctor; a link to /agendamentos); and beside it (below, on a phone) its
 * status, waiting time, exams, convênio, payment and buttons. The list item's link is described by that
 * status, so a screen reader hears both.
 */
export function DayBoard({
  entries: allEntries,
  day,
  now,
  labelledBy,
  onOpen,
  own = false,
  laudos,
  ...actions
}: DayBoardProps) {
  const shown = useAfterFirstRender() ? allEntries.length : Math.min(allEntries.length, firstEntries())
  const entries = shown === allEntries.length ? allEntries : allEntries.slice(0, shown)
  const baseId = useId()
  const titles = useDoctorTitles()
  const fullLine = nowLineIndex(allEntries, day, now)
  // the line after the entries rendered so far waits for them
  const line = fullLine !== undefined && fullLine <= entries.length ? fullLine : undefined
  const row = (i: number) => i + 1 + (line !== undefined && i >= line ? 1 : 0)
  const rowStyle = (r: number, part: 'main' | 'extras' | 'line'): CSSProperties =>
    ({ '--row-wide': r, '--row-narrow': part === 'extras' ? 2 * r : 2 * r - 1 }) as CSSProperties

  // One handler for every entry: the link's href stays /agendamentos (the specification's), a plain click
  // opens the entry's panel over the board instead (issue 34); a new tab still gets the page.
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    const agendamento = allEntries.find((entry) => entry.id === event.currentTarget.dataset.id)
    if (agendamento) onOpen(agendamento)
  }

  return (
    <div className={`board${own ? ' board--own' : ''}`}>
      <ul className="board__list" aria-labelledby={labelledBy}>
        {entries.map((entry, i) => {
          const past = isPast(entry, day, now)
          return (
            <li key={entry.id} className={`board-main${past ? ' is-past' : ''}`} style={rowStyle(row(i), 'main')}>
              <a
                href={APPOINTMENTS_PATH}
                data-id={entry.id}
                onClick={open}
                className="board-main__link"
                aria-describedby={`${baseId}-${entry.id}-status`}
              >
                <span className="board-main__patient">{capitalizeName(entry.paciente.nome)}</span>
                {/* Floating time: the clinic's wall clock as written, never converted to the device's zone. */}
                <time
                  className={`board-main__datetime${own ? ' visually-hidden' : ''}`}
                  dateTime={entry.datahora.slice(0, 16)}
                >
                  {formatDateTime(entry.datahora)}
                </time>
                <span className={`board-main__doctor${own ? ' visually-hidden' : ''}`}>
                  {doctorTitle({ id: entry.doutor.id, nome: capitalizeName(entry.doutor.nome) }, titles)}
                </span>
              </a>
            </li>
          )
        })}
      </ul>
      <div className="board__extras">
        {line !== undefined && (
          <div
            className="board__now"
            role="separator"
            aria-label={`Agora, ${timePart(nowFloating(now))}`}
            style={rowStyle(line + 1, 'line')}
          >
            <span>Agora {timePart(nowFloating(now))}</span>
          </div>
        )}
        {entries.map((entry, i) => (
          // the time, large, for the eye; the entry's link says it already
          <span
            key={`${entry.id}-clock`}
            className={`board-clock${isPast(entry, day, now) ? ' is-past' : ''}`}
            aria-hidden="true"
            style={rowStyle(row(i), 'main')}
          >
            {timePart(entry.datahora)}
          </span>
        ))}
        {entries.map((entry, i) => (
          <EntryExtras
            key={entry.id}
            entry={entry}
            statusId={`${baseId}-${entry.id}-status`}
            past={isPast(entry, day, now)}
            now={now}
            style={rowStyle(row(i), 'extras')}
            laudos={laudos}
            {...actions}
          />
        ))}
      </div>
    </div>
  )
}

/** The clinic's wall clock now, written as a floating date-time. */
function nowFloating(now: Date): string {
  return new Date(now.getTime() - 3 * 3_600_000).toISOString()
}

interface EntryExtrasProps extends Omit<EntryActionsProps, 'agendamento'> {
  entry: Agendamento
  statusId: string
  past: boolean
  now: Date
  style: CSSProperties
  laudos: LaudosDoDia | undefined
}

function EntryExtras({ entry, statusId, past, now, style, laudos, ...actions }: EntryExtrasProps) {
  const status = statusOf(entry)
  const priority = priorityText(entry)
  return (
    <div
      className={`board-extras${past ? ' is-past' : ''}`}
      style={style}
      role="group"
      aria-label={`${capitalizeName(entry.paciente.nome)}, ${timePart(entry.datahora)}`}
    >
      <p id={statusId} className="board-extras__facts">
        <span className={`status-badge status-badge--${status}`}>{statusLabels[status]}</span>
        {status === 'aguardando' && entry.chegada && (
          <span className="board-extras__waiting">{waitingText(entry.chegada, now)}</span>
        )}
        {priority && <span className="priority-badge">{priority}</span>}
        <span className="board-extras__exams">{entry.exames.join(', ')}</span>
        <span className="board-extras__convenio">{entry.convenio || 'Sem convênio'}</span>
        <span className={`board-extras__paid${entry.estapago ? '' : ' is-pending'}`}>
          {entry.estapago ? 'Pago' : 'Pendente'}
        </span>
        <EntryLaudoBadges entry={entry} day={laudos} />
      </p>
      <EntryActions agendamento={entry} {...actions} />
    </div>
  )
}
