// TISS at the front desk (issue 37 points 2, 3 and 6) lives in src/features/tiss; the patient's profile
// (src/features/patients) shows the cards and the appointments feature the guia. Features never import each
// other (docs/decisions.md "Code layout"): the app hands these parts down through this context
// (src/app/shell.tsx), as it does the board's desk part.
import { createContext, useContext, type ComponentType } from 'react'
import type { Agendamento, AgendamentoDetalhes } from '@contract'

export interface TissSlot {
  /** 'Carteirinhas' on the patient's profile: per convênio the card, its plan and validity; add, edit, remove. */
  PatientCards: ComponentType<{ pacienteId: string }>
  /** In the booking, for a convênio: the patient's card on it offered ('Usar a carteirinha …'), and its warning. */
  BookingCard: ComponentType<{
    pacienteId: string
    convenioId: string
    /** The booking's day (YYYY-MM-DD) or '' while not chosen. */
    data: string
    onUse: (numero: string) => void
  }>
  /** 'Guia TISS' (the guia's fields and 'Imprimir guia') of an appointment booked on a convênio. */
  GuiaButton: ComponentType<{ agendamento: Agendamento; detalhes: AgendamentoDetalhes }>
}

export const TissSlotContext = createContext<TissSlot | null>(null)

/** The parts the app provided, or null (a test rendering a feature alone). */
export function useTissSlot(): TissSlot | null {
  return useContext(TissSlotContext)
}
