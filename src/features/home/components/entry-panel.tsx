// An entry's panel on the board (issue 34): the appointment at a glance without leaving the board — its
// status moves, and for the front desk payment, receipt, WhatsApp and the edit form (the app's
// appointment part, src/lib/appointment-panel-slot.ts); a doctor's user reads exams, preparation and the
// note. 'Fechar' (or Esc) returns to the board where it was. Its own chunk, loaded on the first press.
import { Suspense } from 'react'
import type { Agendamento, LaudosDoDia, Mover, Status } from '@contract'
import { formatClinicStamp, formatDateTime, timePart } from '@contract/clinic-time'
import { statusLabels, statusOf } from '@contract/status'
import { priorityText } from '@contract/priorities'
import { Dialog } from '@/components/dialog'
import { useAppointmentPanelSlot } from '@/lib/appointment-panel-slot'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'
import { useExamesComPreparo } from '@/lib/exam-preparo'
import { capitalizeName } from '@/lib/format'
import { panelMoves } from '../lib/panel-moves'
import { EntryPanelLaudos } from './entry-panel-laudos'

export interface EntryPanelProps {
  /** The entry as the board reads it now (it follows every move); null when closed. */
  agendamento: Agendamento | null
  mover: Mover
  /** A doctor's user: the read-only view (exams, preparation, note), without the desk's part. */
  readOnly: boolean
  offlineNoteId: string | undefined
  busy: boolean
  canUndo: boolean
  onMove: (agendamento: Agendamento, status: Status) => void
  onCancel: (agendamento: Agendamento) => void
  onUndo: (agendamento: Agendamento) => void
  onClose: () => void
  /** The day's laudo states (issue 36), once read. */
  laudos?: LaudosDoDia
}

export default function EntryPanel({ agendamento, onClose, ...rest }: EntryPanelProps) {
  const name = agendamento ? capitalizeName(agendamento.paciente.nome) : ''
  return (
    <Dialog
      open={agendamento !== null}
      onClose={onClose}
      title={agendamento ? `${name}, ${timePart(agendamento.datahora)}` : ''}
      className="entry-panel"
      footer={
        <button type="button" className="button" onClick={onClose}>
          Fechar
        </button>
      }
    >
      {agendamento && <PanelBody agendamento={agendamento} {...rest} />}
    </Dialog>
  )
}

function PanelBody({
  agendamento,
  mover,
  readOnly,
  offlineNoteId,
  busy,
  canUndo,
  onMove,
  onCancel,
  onUndo,
  laudos,
}: Omit<EntryPanelProps, 'onClose'> & { agendamento: Agendamento }) {
  const slot = useAppointmentPanelSlot()
  const titles = useDoctorTitles()
  const status = statusOf(agendamento)
  const moves = panelMoves(agendamento, mover, canUndo)
  const priority = priorityText(agendamento)
  return (
    <>
      <dl className="entry-panel__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-badge status-badge--${status}`}>{statusLabels[status]}</span>
            {agendamento.chegada && ` — chegada em ${formatClinicStamp(new Date(agendamento.chegada))}`}
          </dd>
        </div>
        {priority && (
          <div>
            <dt>Prioridade</dt>
            <dd>
              <span className="priority-badge">{priority}</span>
            </dd>
          </div>
        )}
        <div>
          <dt>Data e hora</dt>
          <dd>{formatDateTime(agendamento.datahora)}</dd>
        </div>
        {!readOnly && (
          <div>
            <dt>Médico</dt>
            <dd>{doctorTitle({ id: agendamento.doutor.id, nome: capitalizeName(agendamento.doutor.nome) }, titles)}</dd>
          </div>
        )}
        {agendamento.equipamento && (
          <div>
            <dt>Equipamento</dt>
            <dd>{agendamento.equipamento.nome}</dd>
          </div>
        )}
        <div>
          <dt>Convênio</dt>
          <dd>{agendamento.convenio || 'Sem convênio'}</dd>
        </div>
      </dl>
      {moves.length > 0 && (
        <div className="entry-panel__moves" role="group" aria-label="Status do agendamento">
          {moves.map((move) => (
            <button
              key={move.label}
              type="button"
              className={`button${move.kind === 'primary' ? ' button--primary' : move.kind === 'danger' ? ' button--danger' : ''}`}
              disabled={offlineNoteId !== undefined || busy}
              aria-busy={busy || undefined}
              aria-describedby={offlineNoteId}
              onClick={() => {
                if (move.to === 'desfazer') onUndo(agendamento)
                else if (move.to === 'cancelado') onCancel(agendamento)
                else onMove(agendamento, move.to)
              }}
            >
              {move.label}
            </button>
          ))}
        </div>
      )}
      {readOnly || !slot ? (
        <ReadOnlyDetails agendamento={agendamento} />
      ) : (
        <Suspense fallback={<p role="status">Carregando…</p>}>
          <slot.DeskPart agendamento={agendamento} />
        </Suspense>
      )}
      <EntryPanelLaudos agendamento={agendamento} day={laudos} readOnly={readOnly} />
    </>
  )
}

/** What a doctor reads before the exam: each exam with its preparation, and the note. */
function ReadOnlyDetails({ agendamento }: { agendamento: Agendamento }) {
  const exames = useExamesComPreparo()(agendamento.exames)
  return (
    <section className="entry-panel__read" aria-label="Exames e anotação">
      <h3>Exames</h3>
      {exames.length === 0 ? (
        <p>Nenhum exame.</p>
      ) : (
        <ul>
          {exames.map((exame) => (
            <li key={exame.nome}>
              <strong>{exame.nome}</strong>
              <p className="field__hint">
                {exame.preparo?.trim() ? `Preparo: ${exame.preparo}` : 'Sem preparo cadastrado.'}
              </p>
            </li>
          ))}
        </ul>
      )}
      <h3>Anotação do médico</h3>
      <p>{agendamento.anotacao.trim() || 'Sem anotação.'}</p>
    </section>
  )
}
