import type { Agendamento, Mover, Status } from '@contract'
import { canMove, moverRefusal, NEXT_STEPS, statusOf, WALK_IN_ARRIVAL } from '@contract/status'

export interface PanelMove {
  label: string
  /** The status to move to; 'desfazer' takes back the last move. */
  to: Status | 'desfazer'
  kind: 'primary' | 'plain' | 'danger'
}

/**
 * The moves an entry's panel offers this user, in the order the day goes: the next step, the walk-in's
 * 'Registrar chegada' from 'Agendado' (issue 34), then 'Faltou', 'Cancelar agendamento' and 'Desfazer'.
 */
export function panelMoves(agendamento: Agendamento, mover: Mover, canUndo: boolean): PanelMove[] {
  const status = statusOf(agendamento)
  const allowed = (to: Status) => canMove(status, to) && moverRefusal(mover, agendamento.medicoId, to) === undefined
  const moves: PanelMove[] = []
  const next = NEXT_STEPS[status]
  if (next && allowed(next.to)) moves.push({ label: next.label, to: next.to, kind: 'primary' })
  if (status === WALK_IN_ARRIVAL.from && allowed(WALK_IN_ARRIVAL.to))
    moves.push({ label: WALK_IN_ARRIVAL.label, to: WALK_IN_ARRIVAL.to, kind: 'primary' })
  if (allowed('faltou')) moves.push({ label: 'Faltou', to: 'faltou', kind: 'danger' })
  if (allowed('cancelado')) moves.push({ label: 'Cancelar agendamento', to: 'cancelado', kind: 'danger' })
  if (status !== 'agendado' && canUndo) moves.push({ label: 'Desfazer', to: 'desfazer', kind: 'plain' })
  return moves
}
