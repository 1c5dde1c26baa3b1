// An entry's laudo on the board (issue 36 point 3): 'Laudo: Liberado' (the contract's state names) and
// 'Laudo atrasado' when past its 'Previsão'. Small: one more badge among the entry's facts.
import type { Agendamento, LaudosDoDia } from '@contract'
import { entryLaudos, laudoBadgeClass, laudoSummary } from '../lib/laudo-states'
import './laudo-states.css'

export function EntryLaudoBadges({ entry, day }: { entry: Agendamento; day: LaudosDoDia | undefined }) {
  const laudos = entryLaudos(entry, day)
  const summary = laudoSummary(laudos)
  if (!summary) return null
  const states = new Set(laudos.map((l) => l.estado))
  return (
    <>
      <span className={states.size === 1 ? laudoBadgeClass(laudos[0]!.estado) : 'laudo-badge'}>{summary}</span>
      {laudos.some((l) => l.atrasado) && <span className="laudo-badge laudo-badge--atrasado">Laudo atrasado</span>}
    </>
  )
}
