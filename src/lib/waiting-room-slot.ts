// The board (src/features/home) offers 'Chamar' for a waiting patient, which lives in
// src/features/waiting-room. Features never import each other (docs/decisions.md "Code layout"): the app
// hands the button down through this context (src/app/shell.tsx), as it does the appointment's desk part.
import { createContext, useContext, type ComponentType } from 'react'
import type { Agendamento } from '@contract'

export interface WaitingRoomSlot {
  /** 'Chamar' / 'Chamar novamente' for a patient 'Aguardando', with the room. */
  CallButton: ComponentType<{ agendamento: Agendamento; disabled: boolean; offlineNoteId: string | undefined }>
}

export const WaitingRoomSlotContext = createContext<WaitingRoomSlot | null>(null)

/** The button the app provided, or null (a test rendering the board alone). */
export function useWaitingRoomSlot(): WaitingRoomSlot | null {
  return useContext(WaitingRoomSlotContext)
}
