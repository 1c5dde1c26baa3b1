// The status moves of issue #11 (and the walk-in's arrival of issue 34) (docs/decisions.md "The front desk's day"), written out here
// rather than taken from the contract's function they check — one oracle for the API's tests and the contract
// suite run on both targets.
import { STATUSES, type Status } from '@contract'

/** Where each status may move (nothing leaves realizado, faltou or cancelado but 'Desfazer'). */
export const ALLOWED: Record<Status, Status[]> = {
  agendado: ['confirmado', 'aguardando', 'faltou', 'cancelado'],
  confirmado: ['aguardando', 'faltou', 'cancelado'],
  aguardando: ['em_atendimento', 'cancelado'],
  em_atendimento: ['realizado'],
  realizado: [],
  faltou: [],
  cancelado: [],
}

/** Every move from one status to another, with whether the rules allow it. */
export const MOVES = STATUSES.flatMap((from) =>
  STATUSES.filter((to) => to !== from).map((to) => [from, to, ALLOWED[from].includes(to)] as const),
)
