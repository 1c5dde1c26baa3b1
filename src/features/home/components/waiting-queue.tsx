// 'Fila de espera' on the board (issue 38 point 4): who waits for each machine (or doctor), in the order
// they will be called — legal priorities first, with the reason, then arrival — and for how long since
// they arrived. The day's list below stays by time, as the specification has it.
import { useId } from 'react'
import type { Agendamento } from '@contract'
import { timePart } from '@contract/clinic-time'
import { priorityText } from '@contract/priorities'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'
import { capitalizeName } from '@/lib/format'
import { useIsPhone } from '@/lib/use-is-phone'
import { waitingText } from '../lib/board'
import { waitingGroups } from '../lib/waiting-queue'
import './priorities.css'

export interface WaitingQueueProps {
  entries: readonly Agendamento[]
  now: Date
}

export function WaitingQueue({ entries, now }: WaitingQueueProps) {
  const titleId = useId()
  const titles = useDoctorTitles()
  // on a phone the queue folds to one line, so the day's first entry stays on the first screen
  const phone = useIsPhone()
  const groups = waitingGroups(entries, (a) =>
    doctorTitle({ id: a.doutor.id, nome: capitalizeName(a.doutor.nome) }, titles),
  )
  if (groups.length === 0) return null
  const waiting = groups.reduce((sum, group) => sum + group.entries.length, 0)
  return (
    <section className="waiting-queue" aria-labelledby={titleId}>
      <details open={!phone}>
        <summary>
          <h2 id={titleId} className="waiting-queue__title">
            Fila de espera
          </h2>{' '}
          <span className="waiting-queue__count">
            ({waiting} {waiting === 1 ? 'paciente' : 'pacientes'})
          </span>
        </summary>
        <div className="waiting-queue__groups">
          {groups.map((group) => (
            <section key={group.key} className="waiting-queue__group" aria-label={`Fila de espera: ${group.title}`}>
              <h3>{group.title}</h3>
              <ol className="waiting-queue__list">
                {group.entries.map((entry) => {
                  const priority = priorityText(entry)
                  return (
                    <li key={entry.id} className={`waiting-queue__entry${priority ? ' has-priority' : ''}`}>
                      <span className="waiting-queue__name">{capitalizeName(entry.paciente.nome)}</span>
                      <span className="waiting-queue__time">{timePart(entry.datahora)}</span>
                      {priority && <span className="priority-badge">{priority}</span>}
                      {entry.chegada && (
                        <span className="waiting-queue__waiting">{waitingText(entry.chegada, now)}</span>
                      )}
                    </li>
                  )
                })}
              </ol>
            </section>
          ))}
        </div>
      </details>
    </section>
  )
}
