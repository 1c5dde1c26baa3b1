// 'Confirmações de amanhã' (docs/decisions.md, "Messages and printouts"): the next working day's
// appointments, each with 'Enviar WhatsApp' (a click-to-chat link with the message written from the
// clinic's template), who opened it and when ('aberto'), and 'Confirmado' in one tap. Landlines and
// patients who declined messages get no link, with the reason. Reads from the offline cache too.
import { useId, useState } from 'react'
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
  nextWorkingDay,
  type Confirmacao,
  type ConfiguracoesClinica,
} from '@contract'
import { DataStamp, OfflineNote, useOfflineLock } from '@/components/offline'
import { PageLoading } from '@/components/page-loading'
import { useClinicSettings } from '@/lib/clinic-settings'
import { useExamesComPreparo } from '@/lib/exam-preparo'
import { capitalizeName, formatPhone } from '@/lib/format'
import { useClinicToday } from '@/lib/use-clinic-today'
import { useSession } from '@/lib/use-session'
import { useConfirmations } from '../api/get-confirmations'
import { useConfirm, useQueuedOpenings, useRecordOpened } from '../api/record-opened'
import './confirmations.css'

export default function ConfirmationsPage() {
  const titleId = useId()
  const today = useClinicToday()
  const [chosen, setChosen] = useState('')
  const dia = isValidDate(chosen) ? chosen : nextWorkingDay(today)
  const list = useConfirmations(dia)
  const clinica = useClinicSettings()
  const { offline, noteId } = useOfflineLock()

  let content
  if (list.isPending && list.fetchStatus === 'paused') content = <p role="status">{messages.offline}</p>
  else if (list.isPending || clinica.isPending) content = <PageLoading />
  else if (list.isError || !clinica.data)
    content = (
      <p className="alert" role="alert">
        {messages.fetchFailed}
      </p>
    )
  else if (list.data.length === 0) content = <p className="empty-state">Nenhum agendamento a confirmar neste dia.</p>
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
          {list.data.map((row) => (
            <ConfirmationRow
              key={row.agendamento.id}
              row={row}
              dia={dia}
              clinica={clinica.data}
              offlineNoteId={offline ? noteId : undefined}
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

function ConfirmationRow({
  row,
  dia,
  clinica,
  offlineNoteId,
}: {
  row: Confirmacao
  dia: string
  clinica: ConfiguracoesClinica
  offlineNoteId: string | undefined
}) {
  const session = useSession()
  const toExames = useExamesComPreparo()
  const opened = useRecordOpened(dia)
  const confirm = useConfirm()
  const queued = useQueuedOpenings().has(row.agendamento.id)
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
        onClick={() => opened.mutate(agendamento.id)}
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
              Aberto por {row.aberto.por.id === session?.user.id ? 'você' : row.aberto.por.nome} em{' '}
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
            disabled={offlineNoteId !== undefined || confirm.isPending}
            aria-describedby={offlineNoteId}
            onClick={() => confirm.mutate({ id: agendamento.id, versao: agendamento.versao })}
          >
            Confirmado
          </button>
        ) : (
          '—'
        )}
      </td>
    </tr>
  )
}
