// 'Chamar' on the board (issue 38): a patient 'Aguardando' is called to a room — the machine's by default,
// or another typed ('Consultório 2'). Once called, the entry says when and where, and the button reads
// 'Chamar novamente'. Handed to the board by the app (src/lib/waiting-room-slot.ts).
import { useState, type FormEvent } from 'react'
import type { Agendamento } from '@contract'
import { datePart, formatClinicStamp, timePart } from '@contract/clinic-time'
import { messages } from '@contract/messages'
import { SALA_MAX } from '@contract/waiting-room'
import { Dialog } from '@/components/dialog'
import { TextField } from '@/components/form-fields'
import { capitalizeName } from '@/lib/format'
import { useCallPatient, useDayCalls } from '../api/call-patient'
import './waiting-room.css'

export interface CallButtonProps {
  agendamento: Agendamento
  disabled: boolean
  offlineNoteId: string | undefined
}

export default function CallButton({ agendamento, disabled, offlineNoteId }: CallButtonProps) {
  const day = datePart(agendamento.datahora)
  const calls = useDayCalls(day)
  const call = useCallPatient(day)
  const [open, setOpen] = useState(false)
  const [sala, setSala] = useState('')
  const [error, setError] = useState<string | undefined>()
  const last = calls.data?.find((c) => c.agendamentoId === agendamento.id)

  const start = () => {
    setSala(last?.sala ?? agendamento.equipamento?.nome ?? '')
    setError(undefined)
    call.reset()
    setOpen(true)
  }
  const close = () => {
    if (!call.isPending) setOpen(false)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const room = sala.trim()
    if (!room) return setError(messages.callRoomRequired)
    call.mutate({ id: agendamento.id, sala: room }, { onSuccess: () => setOpen(false) })
  }
  const name = capitalizeName(agendamento.paciente.nome)
  return (
    <>
      {last && (
        <p className="call-button__last">
          Chamado {formatClinicStamp(new Date(last.chamadoEm)).slice(6)} — {last.sala}
        </p>
      )}
      <button
        type="button"
        className="button button--primary call-button"
        disabled={disabled}
        aria-describedby={offlineNoteId}
        onClick={start}
      >
        {last ? 'Chamar novamente' : 'Chamar'}
      </button>
      <Dialog
        open={open}
        onClose={close}
        title={`Chamar ${name} (${timePart(agendamento.datahora)})`}
        className="dialog--confirm"
      >
        <form onSubmit={submit} noValidate>
          {call.failure && (
            <p role="alert" className="field__error">
              {call.failure.toast}
            </p>
          )}
          <TextField
            label="Sala"
            hint="A sala do equipamento, ou outra: Consultório 2, Sala 3…"
            value={sala}
            maxLength={SALA_MAX}
            required
            error={error}
            onChange={(event) => {
              setSala(event.target.value)
              setError(undefined)
            }}
          />
          <div className="dialog__footer">
            <button type="button" className="button" onClick={close} disabled={call.isPending}>
              Voltar
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={call.isPending || disabled}
              aria-busy={call.isPending || undefined}
            >
              Chamar
            </button>
          </div>
        </form>
      </Dialog>
    </>
  )
}
