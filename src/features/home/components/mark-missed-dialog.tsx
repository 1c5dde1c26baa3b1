import type { Agendamento } from '@contract'
import { timePart } from '@contract/clinic-time'
import { messages } from '@contract/messages'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { capitalizeName } from '@/lib/format'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'

export interface MarkMissedDialogProps {
  open: boolean
  /** Today's appointments more than 30 minutes late without an arrival (isMissedCandidate). */
  candidates: Agendamento[]
  busy: boolean
  onConfirm: () => void
  onClose: () => void
}

/** 'Marcar faltas': the late appointments, listed, marked 'Faltou' after one confirmation. */
export function MarkMissedDialog({ open, candidates, busy, onConfirm, onClose }: MarkMissedDialogProps) {
  const none = candidates.length === 0
  const titles = useDoctorTitles()
  return (
    <ConfirmDialog
      open={open}
      message="Marcar faltas"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onClose}
      confirmable={!none}
      cancelLabel={none ? 'Fechar' : 'Cancelar'}
    >
      {none ? (
        <p>{messages.missedNoneLate}</p>
      ) : (
        <>
          <p>{messages.missedQuestion}</p>
          <ul className="missed-list" aria-label="Agendamentos atrasados">
            {candidates.map((a) => (
              <li key={a.id}>
                {timePart(a.datahora)} — {capitalizeName(a.paciente.nome)} (
                {doctorTitle({ id: a.doutor.id, nome: capitalizeName(a.doutor.nome) }, titles)})
              </li>
            ))}
          </ul>
        </>
      )}
    </ConfirmDialog>
  )
}
