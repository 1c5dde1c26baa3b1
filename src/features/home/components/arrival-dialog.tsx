// 'Registrar chegada' asks the legal priority (issue 38 point 4; docs/decisions.md "Legal priorities at
// arrival"): pessoa idosa is computed from the birth date and shown, the others are declared here; the
// priority travels with the arrival's own move (POST /agendamento/status).
import { useState, type FormEvent } from 'react'
import type { Agendamento, Prioridade } from '@contract'
import { clinicToday, timePart } from '@contract/clinic-time'
import { ageOn, IDOSA_AGE, IDOSA_FIRST_AGE, PRIORIDADE_OPTIONS } from '@contract/priorities'
import { Dialog } from '@/components/dialog'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { capitalizeName } from '@/lib/format'
import { usePatientForArrival } from '../api/get-patient'
import './priorities.css'

export interface ArrivalDialogProps {
  /** The appointment whose patient arrives; null: closed. */
  agendamento: Agendamento | null
  busy: boolean
  onConfirm: (prioridade: Prioridade | undefined) => void
  onClose: () => void
}

export function ArrivalDialog({ agendamento, busy, onConfirm, onClose }: ArrivalDialogProps) {
  const title = agendamento
    ? `Registrar chegada de ${capitalizeName(agendamento.paciente.nome)} (${timePart(agendamento.datahora)})`
    : ''
  return (
    <Dialog open={agendamento !== null} onClose={() => !busy && onClose()} title={title} className="dialog--confirm">
      {agendamento && (
        <ArrivalForm
          key={agendamento.id}
          agendamento={agendamento}
          busy={busy}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      )}
    </Dialog>
  )
}

function ArrivalForm({ agendamento, busy, onConfirm, onClose }: ArrivalDialogProps & { agendamento: Agendamento }) {
  const { offline, noteId, describedBy } = useOfflineLock()
  const [prioridade, setPrioridade] = useState<Prioridade | ''>('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onConfirm(prioridade || undefined)
  }
  return (
    <form className="arrival-form" onSubmit={submit} noValidate>
      <AgeNote pacienteId={agendamento.pacienteId} />
      <fieldset className="arrival-form__options">
        <legend>Prioridade</legend>
        {PRIORIDADE_OPTIONS.map((option) => (
          <label key={option.value || 'nenhuma'} className="arrival-form__option">
            <input
              type="radio"
              name="prioridade"
              value={option.value}
              checked={prioridade === option.value}
              onChange={() => setPrioridade(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <div className="dialog__footer">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Voltar
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || offline}
          aria-busy={busy || undefined}
          aria-describedby={describedBy()}
        >
          Registrar chegada
        </button>
        <OfflineNote id={noteId} offline={offline} />
      </div>
    </form>
  )
}

/** Pessoa idosa from the birth date, today: said before the choice, as it needs none. */
function AgeNote({ pacienteId }: { pacienteId: string }) {
  const paciente = usePatientForArrival(pacienteId)
  if (!paciente.data) return null
  const age = ageOn(paciente.data.datanascimento, clinicToday())
  if (age < IDOSA_AGE) return null
  return (
    <p className="arrival-form__age" role="status">
      {age >= IDOSA_FIRST_AGE
        ? `Prioridade: pessoa idosa (80+), ${age} anos pela data de nascimento — atendida antes das demais prioridades.`
        : `Prioridade: pessoa idosa (60+), ${age} anos pela data de nascimento.`}
    </p>
  )
}
