// The board's panel (src/features/home) shows the front desk's part of an appointment — payment, receipt,
// WhatsApp, the edit form — which lives in src/features/appointments. Features never import each other
// (docs/decisions.md "Code layout"): the app hands the part down through this context (src/app/shell.tsx).
import { createContext, useContext, type ComponentType } from 'react'
import type { Agendamento } from '@contract'

export interface AppointmentPanelSlot {
  /** Payment, 'Imprimir comprovante', 'Enviar WhatsApp' and 'Editar agendamento' for one appointment. */
  DeskPart: ComponentType<{ agendamento: Agendamento }>
}

export const AppointmentPanelSlotContext = createContext<AppointmentPanelSlot | null>(null)

/** The parts the app provided, or null (a test rendering a feature alone). */
export function useAppointmentPanelSlot(): AppointmentPanelSlot | null {
  return useContext(AppointmentPanelSlotContext)
}
