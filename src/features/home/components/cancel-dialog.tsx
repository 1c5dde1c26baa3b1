import { useState, type FormEvent } from 'react'
import type { Agendamento, MotivoCancelamento } from '@contract'
import { timePart } from '@contract/clinic-time'
import { messages } from '@contract/messages'
import { CANCEL_TEXT_MAX, MOTIVOS_CANCELAMENTO, motivoLabels } from '@contract/status'
import { Dialog } from '@/components/dialog'
import { TextAreaField } from '@/components/form-fields'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { capitalizeName } from '@/lib/format'

export interface CancelDialogProps {
  /** The appointment being cancelled; null: closed. */
  agendamento: Agendamento | null
  busy: boolean
  onConfirm: (motivo: MotivoCancelamento, texto: string) => void
  onClose: () => void
}

/** 'Cancelar agendamento': who cancelled (Paciente or Clínica, required) and an optional text. */
export function CancelDialog({ agendamento, busy, onConfirm, onClose }: CancelDialogProps) {
  const { offline, noteId, describedBy } = useOfflineLock()
  const [motivo, setMotivo] = useState<MotivoCancelamento | ''>('')
  const [texto, setTexto] = useState('')
  const [error, setError] = useState<string | undefined>()
  const close = () => {
    if (busy) return
    setMotivo('')
    setTexto('')
    setError(undefined)
    onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!motivo) return setError(messages.cancelReasonRequired)
    onConfirm(motivo, texto.trim())
  }
  const title = agendamento
    ? `Cancelar agendamento de ${capitalizeName(agendamento.paciente.nome)} às ${timePart(agendamento.datahora)}`
    : ''
  return (
    <Dialog open={agendamento !== null} onClose={close} title={title} className="dialog--confirm">
      <form className="cancel-form" onSubmit={submit} noValidate>
        <fieldset className="cancel-form__motivo" aria-describedby={error ? `${noteId}-motivo` : undefined}>
          <legend>Motivo</legend>
          {MOTIVOS_CANCELAMENTO.map((value) => (
            <label key={value} className="cancel-form__option">
              <input
                type="radio"
                name="motivo"
                value={value}
                checked={motivo === value}
                onChange={() => {
                  setMotivo(value)
                  setError(undefined)
                }}
              />
              {motivoLabels[value]}
            </label>
          ))}
          {error && (
            <p id={`${noteId}-motivo`} role="alert" className="field__error">
              {error}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label="Observação (opcional)"
          value={texto}
          maxLength={CANCEL_TEXT_MAX}
          rows={3}
          onChange={(event) => setTexto(event.target.value)}
        />
        <div className="dialog__footer">
          <button type="button" className="button" onClick={close} disabled={busy}>
            Voltar
          </button>
          <button
            type="submit"
            className="button button--danger"
            disabled={busy || offline}
            aria-busy={busy || undefined}
            aria-describedby={describedBy()}
          >
            Cancelar agendamento
          </button>
          <OfflineNote id={noteId} offline={offline} />
        </div>
      </form>
    </Dialog>
  )
}
