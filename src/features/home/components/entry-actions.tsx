import { Suspense, useId, useRef, useState } from 'react'
import type { Agendamento, Mover, Status } from '@contract'
import { canMove, moverRefusal, NEXT_STEPS, statusOf, WALK_IN_ARRIVAL } from '@contract/status'
import { useWaitingRoomSlot } from '@/lib/waiting-room-slot'

export interface EntryActionsProps {
  agendamento: Agendamento
  /** Who is looking: the buttons shown are the moves this user may make. */
  mover: Mover
  /** Offline: every button disabled and described by this note (undefined online). */
  offlineNoteId: string | undefined
  /** An appointment whose move is being sent: its buttons wait. */
  busyId: string | undefined
  /** Whether this appointment's last move may still be taken back from here. */
  canUndo: (agendamento: Agendamento) => boolean
  onMove: (agendamento: Agendamento, status: Status) => void
  onCancel: (agendamento: Agendamento) => void
  onUndo: (agendamento: Agendamento) => void
}

/**
 * An entry's buttons: the one next step ('Confirmar', 'Registrar chegada', 'Iniciar atendimento',
 * 'Concluir') and a small menu with 'Faltou', 'Cancelar agendamento' and 'Desfazer' — each only when this
 * user may do it from the current status.
 */
export function EntryActions({
  agendamento,
  mover,
  offlineNoteId,
  busyId,
  canUndo,
  onMove,
  onCancel,
  onUndo,
}: EntryActionsProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const moreRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const status = statusOf(agendamento)
  const allowed = (to: Status) => canMove(status, to) && moverRefusal(mover, agendamento.medicoId, to) === undefined
  const next = NEXT_STEPS[status]
  const showNext = next !== undefined && allowed(next.to)
  const menu = [
    // a walk-in: straight from 'Agendado' (issue 34)
    status === WALK_IN_ARRIVAL.from &&
      allowed(WALK_IN_ARRIVAL.to) && {
        label: WALK_IN_ARRIVAL.label,
        danger: false,
        run: () => onMove(agendamento, WALK_IN_ARRIVAL.to),
      },
    allowed('faltou') && { label: 'Faltou', danger: true, run: () => onMove(agendamento, 'faltou') },
    allowed('cancelado') && { label: 'Cancelar agendamento', danger: true, run: () => onCancel(agendamento) },
    status !== 'agendado' &&
      canUndo(agendamento) && { label: 'Desfazer', danger: false, run: () => onUndo(agendamento) },
  ].filter((item) => item !== false)
  // issue 38: 'Chamar' a waiting patient (the app's waiting-room button); whoever may start the exam may call
  const waitingRoom = useWaitingRoomSlot()
  const showCall = waitingRoom !== null && status === 'aguardando' && allowed('em_atendimento')
  if (!showNext && menu.length === 0 && !showCall) return null

  const disabled = offlineNoteId !== undefined || busyId === agendamento.id
  return (
    <div className="entry-actions">
      {showCall && (
        <Suspense fallback={null}>
          <waitingRoom.CallButton agendamento={agendamento} disabled={disabled} offlineNoteId={offlineNoteId} />
        </Suspense>
      )}
      {showNext && (
        <button
          type="button"
          className="button button--primary entry-actions__next"
          disabled={disabled}
          aria-busy={busyId === agendamento.id || undefined}
          aria-describedby={offlineNoteId}
          onClick={() => onMove(agendamento, next.to)}
        >
          {next.label}
        </button>
      )}
      {menu.length > 0 && (
        <div className="entry-actions__menu">
          <button
            ref={moreRef}
            type="button"
            className="button entry-actions__more"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Mais ações
          </button>
          <div id={menuId} className="entry-actions__items" hidden={!menuOpen}>
            {menu.map((item) => (
              <button
                key={item.label}
                type="button"
                className={`button${item.danger ? ' button--danger' : ''}`}
                disabled={disabled}
                aria-describedby={offlineNoteId}
                onClick={() => {
                  // the item hides with the menu: focus goes back to 'Mais ações', where a dialog the item
                  // opens gives it back on closing (a hidden item cannot take it, and it fell to the page)
                  moreRef.current?.focus()
                  setMenuOpen(false)
                  item.run()
                }}
              >
                {item.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  )
}
