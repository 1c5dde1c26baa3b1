import { messages, timePart, type Agendamento } from '@contract'
import { Dialog } from '@/components/dialog'
import { OfflineNote, useOfflineLock } from '@/components/offline'
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
  const { offline, noteId, describedBy } = useOfflineLock()
  const none = candidates.length === 0
  const titles = useDoctorTitles()
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose()
      }}
      title="Marcar faltas"
      className="dialog--confirm"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {none ? 'Fechar' : 'Cancelar'}
          </button>
          {!none && (
            <button
              type="button"
              className="button button--danger"
              onClick={onConfirm}
              disabled={busy || offline}
              aria-busy={busy || undefined}
              aria-describedby={describedBy()}
            >
              Confirmar
            </button>
          )}
          <OfflineNote id={noteId} offline={offline} />
        </>
      }
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
    </Dialog>
  )
}
