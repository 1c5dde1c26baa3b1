// The board's panel (src/features/home) shows a released laudo's 'Imprimir laudo', 'Baixar PDF' and
// 'Entregar laudo' (issue 36 point 7), which live in src/features/laudos. Features never import each other
// (docs/decisions.md "Code layout"): the app hands the part down through this context (src/app/shell.tsx),
// as it does the appointments' desk part (appointment-panel-slot.ts).
import { createContext, useContext, type ComponentType } from 'react'

export interface LaudoPanelPartProps {
  laudoId: string
  /** The exam's name, to name the buttons when an appointment has several laudos. */
  exame: string
  /** The patient's name as the board shows it (the dialog's title). */
  paciente: string
  /** The front desk records deliveries; a doctor's read-only panel prints and downloads only. */
  canDeliver: boolean
}

export interface LaudoPanelSlot {
  LaudoPart: ComponentType<LaudoPanelPartProps>
}

export const LaudoPanelSlotContext = createContext<LaudoPanelSlot | null>(null)

/** The part the app provided, or null (a test rendering a feature alone). */
export function useLaudoPanelSlot(): LaudoPanelSlot | null {
  return useContext(LaudoPanelSlotContext)
}
