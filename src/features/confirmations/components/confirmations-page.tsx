// 'Confirmações de amanhã' (docs/decisions.md, "Messages and printouts"): the next opening day's
// appointments, each with 'Enviar WhatsApp' (a click-to-chat link with the message written from the
// clinic's template), who opened it and when ('aberto'), and 'Confirmado' in one tap. Landlines and
// patients who declined messages get no link, with the reason. Reads from the offline cache too.
import { memo, useCallback, useDeferredValue, useId, useState } from 'react'
import { useMutationState } from '@tanstack/react-query'
import {
  addDays,
  buildMessage,
  formatClinicStamp,
  formatDate,
  isValidDate,
  messages,
  phoneReasons,
  statusLabels,
  statusOf,
  timePart,
  weekdayOf,
  whatsappLink,
  whatsappPhone,
  clinicHours,
  nextOpenDay,
  type Confirmacao,
  type ConfiguracoesClinica,
  type ExamePreparo,
} from '@contract'
import { DataStamp, OfflineNote, useOfflineLock } from '@/components/offline'
import { PageLoading } from '@/components/page-loading'
import { useClinicSettings } from '@/lib/clinic-settings'
import { useExamesComPreparo } from '@/lib/exam-preparo'
import { capitalizeName, formatPhone } from '@/lib/format'
import { useClinicToday } from '@/lib/use-clinic-today'
import { useSession } from '@/lib/use-session'
import { useConfirmations } from '../api/get-confirmations'
import { CONFIRM_KEY, useConfirm, useQueuedOpenings, useRecordOpened } from '../api/record-opened'
import './confirmations.css'

export default function ConfirmationsPage() {
  const titleId = useId()
  const today = useClinicToday()
  const [chosen, setChosen] = useState('')
  const clinica = useClinicSettings()
  // the next day the clinic opens (docs/decisions.md "Opening hours"): a Friday gives Saturday when it opens then
  const dia = isValidDate(chosen) ? chosen : nextOpenDay(today, clinicHours(clinica.data?.horarios))
  const list = useConfirmations(dia)
  const { offline, noteId } = useOfflineLock()
  // What every row needs, read once for the page: per row (280 on a full day) these hooks were most of the
  // render, in one long task when the list arrived
  // (bench/journal/2026-11-24-lighthouse-second-round.md, "Lighthouse on every page (second round)").
  const session = useSession()
  const toExames = useExamesComPreparo()
  const opened = useRecordOpened(dia)
  const confirm = useConfirm()
  const queued = useQueuedOpenings()
  // the rows whose 'Confirmado' is on its way (each tap is a mutation of its own, as each row had its own hook)
  const confirming = useMutationState({
    filters: { mutationKey: CONFIRM_KEY, status: 'pending' },
    select: (m) => (m.state.variables as { id: string } | undefined)?.id,
  })
  const { mutate: markOpened } = opened
  const { mutate: sendConfirm } = confirm
  const onOpened = useCallback((id: string) => markOpened(id), [markOpened])
  const onConfirm = useCallback((id: string, versao: number) => sendConfirm({ id, versao }), [sendConfirm])
  // The rows render in a deferred, time-sliced pass (like the day board) instead of one task that blocks input.
  const rows = useDeferredValue(list.data)
  // the catalogue (each exam's preparo) may arrive after the list: the rows' messages follow in a deferred pass too
  const examesOf = useDeferredValue(toExames)
  const offlineNoteId = offline ? noteId : undefined

  let content
  if (list.isPending && list.fetchStatus === 'paused') content = <p role="status">{messages.offline}</p>
  else if (list.isPending || clinica.isPending) content = <PageLoading />
  else if (list.isError || !clinica.data)
    content = (
      <p className="alert" role="alert">
        {messages.fetchFailed}
      </p>
    )
  else if (rows === undefined) content = <PageLoading />
  else if (rows.length === 0) content = <p className="empty-state">Nenhum agendamento a confirmar neste dia.</p>
  else
    content = (
      <table className="confirmations" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th>Hora</th>
            <th>Paciente</th>
            <th>Telefone</th>
            <th>Status</th>
            <th>WhatsApp</th>
            <th>Confirmação</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ConfirmationRow
              key={row.agendamento.id}
              row={row}
              clinica={clinica.data}
              userId={session?.user.id}
              toExames={examesOf}
              queued={queued.has(row.agendamento.id)}
              confirming={confirming.includes(row.agendamento.id)}
              offlineNoteId={offlineNoteId}
              onOpened={onOpened}
              onConfirm={onConfirm}
            />
          ))}
        </tbody>
      </table>
    )

  return (
    <section className="page confirmations-page" aria-labelledby={titleId}>
      <header className="page-header">
        <h1 id={titleId}>Confirmações de amanhã</h1>
        <p>
          {weekdayOf(dia)}, {formatDate(dia)}
        </p>
      </header>
      <label className="confirmations-page__day">
        Dia{' '}
        <input type="date" value={dia} min={addDays(today, 1)} onChange={(event) => setChosen(event.target.value)} />
      </label>
      <OfflineNote id={noteId} offline={offline} />
      <DataStamp updatedAt={list.dataUpdatedAt} />
      {content}
    </section>
  )
}

/** One row; memo: the page re-renders on any mutation's progress, a row only when its own props change. */
const ConfirmationRow = memo(function ConfirmationRow({
  row,
  clinica,
  userId,
  toExames,
  queued,
  confirming,
  offlineNoteId,
  onOpened,
  onConfirm,
}: {
  row: Confirmacao
  clinica: ConfiguracoesClinica
  userId: string | undefined
  toExames: (exames: readonly string[]) => ExamePreparo[]
  queued: boolean
  confirming: boolean
  offlineNoteId: string | undefined
  onOpened: (id: string) => void
  onConfirm: (id: string, versao: number) => void
}) {
  const { agendamento, paciente } = row
  const status = statusOf(agendamento)
  const name = capitalizeName(paciente.nome)
  const phone = whatsappPhone(paciente.telefone)
  const reason = !paciente.aceitaMensagens ? phoneReasons.noConsent : phone.ok ? null : phone.motivo

  let whatsapp
  if (reason !== null || !phone.ok) whatsapp = <span className="confirmations__reason">{reason}</span>
  else {
    const text = buildMessage(clinica.modeloMensagem, {
      paciente,
      datahora: agendamento.datahora,
      convenio: agendamento.convenio,
      exames: toExames(agendamento.exames),
      clinica,
    })
    whatsapp = (
      <a
        className="button"
        href={whatsappLink(phone.numero, text)}
        target="_blank"
        rel="noopener"
        aria-label={`Enviar WhatsApp para ${name}`}
        onClick={() => onOpened(agendamento.id)}
      >
        Enviar WhatsApp
      </a>
    )
  }

  return (
    <tr>
      <td>{timePart(agendamento.datahora)}</td>
      <td>{name}</td>
      <td>{formatPhone(paciente.telefone)}</td>
      <td>
        <span className={`status-badge status-badge--${status}`}>{statusLabels[status]}</span>
      </td>
      <td>
        {whatsapp}
        {queued ? (
          <p className="confirmations__opened">Aberto por você — será registrado quando a conexão voltar.</p>
        ) : (
          row.aberto && (
            <p className="confirmations__opened">
              Aberto por {row.aberto.por.id === userId ? 'você' : row.aberto.por.nome} em{' '}
              {formatClinicStamp(new Date(row.aberto.em))}
            </p>
          )
        )}
      </td>
      <td>
        {status === 'agendado' ? (
          <button
            type="button"
            className="button button--primary"
            aria-label={`Confirmado: ${name}`}
            disabled={offlineNoteId !== undefined || confirming}
            aria-describedby={offlineNoteId}
            onClick={() => onConfirm(agendamento.id, agendamento.versao)}
          >
            Confirmado
          </button>
        ) : (
          '—'
        )}
      </td>
    </tr>
  )
})
