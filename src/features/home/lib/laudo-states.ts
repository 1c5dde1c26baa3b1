// Each appointment's laudos on the day board (issue 36 point 3): the states POST /laudo/dia answers, and
// 'Pendente' for an attended exam nobody opened yet. Pure; type-only imports, as the board paints before zod.
import type { Agendamento, LaudoEstado, LaudosDoDia } from '@contract'
import { statusOf } from '@contract/status'

export interface EntryLaudo {
  exame: string
  estado: LaudoEstado
  /** null: not opened yet (no laudo row). */
  laudoId: string | null
  atrasado: boolean
}

/** Statuses whose exams await their laudo (the worklist's). */
const ATTENDED = new Set(['em_atendimento', 'realizado'])

/** The appointment's laudos in the order of its exams; none before it is attended and nobody opened one. */
export function entryLaudos(entry: Agendamento, day: LaudosDoDia | undefined): EntryLaudo[] {
  const opened = (day?.laudos ?? []).filter((l) => l.agendamentoId === entry.id)
  const laudos: EntryLaudo[] = opened.map((l) => ({
    exame: l.exame,
    estado: l.estado,
    laudoId: l.laudoId,
    atrasado: l.atrasado,
  }))
  if (ATTENDED.has(statusOf(entry))) {
    const left = [...opened]
    for (const exame of entry.exames) {
      const i = left.findIndex((l) => l.exame === exame)
      if (i >= 0) left.splice(i, 1)
      else laudos.push({ exame, estado: 'Pendente', laudoId: null, atrasado: false })
    }
  }
  const order = (exame: string) => entry.exames.indexOf(exame)
  return laudos.sort((a, b) => order(a.exame) - order(b.exame))
}

/** 'Laudo: Liberado'; several exams in different states: 'Laudos: Liberado, Pendente'. */
export function laudoSummary(laudos: EntryLaudo[]): string | null {
  if (laudos.length === 0) return null
  const states = [...new Set(laudos.map((l) => l.estado))]
  return `${laudos.length === 1 ? 'Laudo' : 'Laudos'}: ${states.join(', ')}`
}

/** '2 laudos atrasados' (the whole clinic's, past their 'Previsão'), or null when none is. */
export function lateText(atrasados: number | undefined): string | null {
  if (!atrasados) return null
  return atrasados === 1 ? '1 laudo atrasado' : `${atrasados} laudos atrasados`
}

/** The class of a state's badge: 'Em edição' → 'em-edicao'. */
export const laudoBadgeClass = (estado: LaudoEstado) =>
  `laudo-badge laudo-badge--${estado.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '-')}`
