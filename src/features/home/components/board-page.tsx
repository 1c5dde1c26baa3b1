import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useDeferredValue, useEffect, useId, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { Agendamento, Mover, Prioridade, Status } from '@contract'
import { formatDate } from '@contract/clinic-time'
import { messages } from '@contract/messages'
import { clinicHours } from '@contract/opening-hours'
import { canMarkMissed, canUndoAt, isMissedCandidate } from '@contract/status'
import { DataStamp, OfflineNote, useOfflineLock } from '@/components/offline'
import { PageLoading } from '@/components/page-loading'
import { useClinicSettings } from '@/lib/clinic-settings'
import { useDoctorTitles } from '@/lib/doctor-titles'
import { useClinicToday } from '@/lib/use-clinic-today'
import { useSession } from '@/lib/use-session'
import { getDayAppointmentsQueryOptions, useDayAppointments } from '../api/get-today-appointments'
import { useMe } from '../api/get-me'
import { useLiveDay } from '../api/day-version'
import { useDayLaudos } from '../api/day-laudos'
import { lateText } from '../lib/laudo-states'
import { useMarkMissed, useMoveStatus, useUndoStatus } from '../api/move-status'
import { boardDay, countByStatus, nextDay, previousDay } from '../lib/board'
import { doctorGroups } from '../lib/day-list-groups'
import { useAfterFirstRender } from '../lib/use-after-first-render'
import { useNow } from '../lib/use-now'
import { BoardFilters } from './board-filters'
import { useIsPhone } from '@/lib/use-is-phone'
import { WaitingQueue } from './waiting-queue'
import { DayBoard } from './day-board'
import './board.css'

// Its own chunk: printing's code and styles do not weigh on the board's first download.
const DayListPrint = lazy(() => import('@/components/print/day-list-print'))
// An entry's panel (issue 34) and the board's dialogs: loaded on the first press, not with the board, and
// mounted only while open (bench/journal/2026-11-28-start-harness.md).
const EntryPanel = lazy(() => import('./entry-panel'))
const CancelDialog = lazy(() => import('./cancel-dialog').then((m) => ({ default: m.CancelDialog })))
const ArrivalDialog = lazy(() => import('./arrival-dialog').then((m) => ({ default: m.ArrivalDialog })))
const MarkMissedDialog = lazy(() => import('./mark-missed-dialog').then((m) => ({ default: m.MarkMissedDialog })))

export interface BoardPageProps {
  /** 'all': the home page's board (every doctor, a filter); 'mine': 'Minha agenda', the linked doctor's. */
  mode: 'all' | 'mine'
}

/**
 * The day board: the home page (docs/product.md §2: 'Agendamentos dia DD/MM/YYYY', today's appointments,
 * 'Nenhum agendamento no momento!') with the front desk's day on top — statuses and their buttons, counts,
 * a doctor filter, the day in the URL (`?dia=2026-11-25`), live refresh — and, for a user linked to a
 * doctor, 'Minha agenda'.
 */
export function BoardPage({ mode }: BoardPageProps) {
  const titleId = useId()
  const phone = useIsPhone()
  const session = useSession()
  const me = useMe()
  const today = useClinicToday()
  const now = useNow()
  const [params, setParams] = useSearchParams()
  const day = boardDay(params.get('dia'), now)
  const mover: Mover = { role: session?.user.role ?? 'USER', medicoId: me.data?.medico?.id ?? null }
  const medicoFilter = mode === 'mine' ? (me.data?.medico?.id ?? '') : (params.get('medico') ?? '')

  const { data, isPending, isError, fetchStatus, dataUpdatedAt, isFetchedAfterMount } = useDayAppointments(day)
  useLiveDay(day, dataUpdatedAt, isFetchedAfterMount)
  // each entry's laudo and the clinic's late laudos (issue 36 point 3)
  const dayLaudos = useDayLaudos(day).data
  const late = lateText(dayLaudos?.atrasados)
  // Tomorrow's board is read once today's has arrived online, so that it is in the offline cache too
  // (issue 34: offline, tomorrow said 'sem dados salvos' although the desk had been online all day).
  const queryClient = useQueryClient()
  const loaded = data !== undefined
  useEffect(() => {
    if (day !== today || !loaded || !onlineManager.isOnline()) return
    void queryClient.prefetchQuery(getDayAppointmentsQueryOptions(nextDay(today)))
  }, [day, today, loaded, queryClient])
  // Up to 280 entries render in a deferred, time-sliced pass
  // (bench/journal/2026-11-22-first-day.md, "Second round (afternoon)").
  const list = useDeferredValue(data)
  const entries = useMemo(
    () => (list && medicoFilter ? list.filter((a) => a.medicoId === medicoFilter) : list),
    [list, medicoFilter],
  )

  const { offline, noteId } = useOfflineLock()
  const move = useMoveStatus()
  const undo = useUndoStatus()
  const markMissed = useMarkMissed()
  const [cancelling, setCancelling] = useState<Agendamento | null>(null)
  // 'Registrar chegada' asks the legal priority first (issue 38 point 4)
  const [arriving, setArriving] = useState<Agendamento | null>(null)
  // the entry whose panel is open: read from the day's list, so the panel follows every move
  const [openedId, setOpenedId] = useState<string | null>(null)
  const opened = (openedId !== null && data?.find((a) => a.id === openedId)) || null
  // a doctor's user reads the appointment; the desk's part (Valor, payment, the edit form) is not theirs
  const readOnly = mover.role !== 'ADMIN' && mover.medicoId !== null
  const [markingMissed, setMarkingMissed] = useState(false)
  // moves made from this board, for 'Desfazer' within its 10 minutes (an ADMIN may always)
  const [recent, setRecent] = useState<Record<string, string>>({})
  const busyId = move.isPending ? move.variables?.id : undo.isPending ? undo.variables?.id : undefined

  const sendMove = (
    agendamento: Agendamento,
    status: Status,
    extra: { motivo?: 'paciente' | 'clinica'; texto?: string; prioridade?: Prioridade } = {},
  ) =>
    move.mutate(
      { id: agendamento.id, versao: agendamento.versao, status, ...extra },
      {
        onSuccess: () => {
          setRecent((r) => ({ ...r, [agendamento.id]: new Date().toISOString() }))
          setCancelling(null)
          setArriving(null)
        },
      },
    )
  const sendUndo = (agendamento: Agendamento) =>
    undo.mutate(
      { id: agendamento.id, versao: agendamento.versao },
      { onSuccess: () => setRecent(({ [agendamento.id]: _gone, ...rest }) => rest) },
    )
  const requestMove = (agendamento: Agendamento, status: Status) =>
    status === 'aguardando' ? setArriving(agendamento) : sendMove(agendamento, status)
  const canUndo = (agendamento: Agendamento) =>
    mover.role === 'ADMIN' ||
    (recent[agendamento.id] !== undefined && canUndoAt(mover.role, recent[agendamento.id]!, now))

  const titles = useDoctorTitles()
  // after the clinic's hours every unarrived appointment of the day is missed (docs/decisions.md "Opening hours")
  const clinicKept = useClinicSettings().data?.horarios
  // only while 'Marcar faltas' is open: the whole day's check has no place in the board's first render
  const candidates = useMemo(
    () => (markingMissed ? (list ?? []).filter((a) => isMissedCandidate(a, now, clinicHours(clinicKept))) : []),
    [markingMissed, list, now, clinicKept],
  )
  const counts = entries ? countByStatus(entries) : []
  // The printout (a hidden sheet of the whole day, its chunk and stylesheet) waits for the board's first paint.
  const printReady = useAfterFirstRender(entries !== undefined)
  const withDay = (date: string) => {
    const next = new URLSearchParams(params)
    if (date === today) next.delete('dia')
    else next.set('dia', date)
    const search = next.toString()
    return search ? `?${search}` : ''
  }

  let content
  if (mode === 'mine' && me.data && !me.data.medico)
    content = <p className="empty-state">Sua conta não está vinculada a um médico.</p>
  else if (isPending && fetchStatus === 'paused')
    content = (
      <p className="empty-state" role="status">
        {day === today
          ? messages.offlineNothingForToday
          : messages.offlineNothingForDay.replace('{dia}', formatDate(day))}
      </p>
    )
  else if (isPending || (mode === 'mine' && me.isPending)) content = <PageLoading />
  else if (isError)
    content = (
      <p className="alert" role="alert">
        {messages.fetchFailed}
      </p>
    )
  else if (entries === undefined) content = <PageLoading />
  else if (entries.length === 0) content = <p className="empty-state">{messages.noAppointmentsToday}</p>
  else
    content = (
      <DayBoard
        entries={entries}
        day={day}
        now={now}
        labelledBy={titleId}
        mover={mover}
        offlineNoteId={offline ? noteId : undefined}
        busyId={busyId}
        canUndo={canUndo}
        onMove={requestMove}
        onCancel={setCancelling}
        onUndo={sendUndo}
        onOpen={(agendamento) => setOpenedId(agendamento.id)}
        own={mode === 'mine'}
        laudos={dayLaudos}
      />
    )

  // on a phone the day's first entry comes first; the (folded) queue follows the list
  const queue = entries && entries.length > 0 ? <WaitingQueue entries={entries} now={now} /> : null
  return (
    <section className={`page board-page board-page--${mode}`} aria-labelledby={titleId}>
      <header className="page-header board-page__header">
        <h1 id={titleId}>
          {mode === 'mine' ? `Minha agenda ${formatDate(day)}` : `Agendamentos dia ${formatDate(day)}`}
        </h1>
        <nav className="board-page__days" aria-label="Dia do quadro">
          <Link className="button" to={{ search: withDay(previousDay(day)) }}>
            Dia anterior
          </Link>
          {day !== today && (
            <Link className="button" to={{ search: withDay(today) }}>
              Hoje
            </Link>
          )}
          <Link className="button" to={{ search: withDay(nextDay(day)) }}>
            Próximo dia
          </Link>
        </nav>
      </header>
      <div className="board-page__toolbar">
        {mode === 'all' && (
          <BoardFilters
            day={list ?? []}
            medicoId={medicoFilter}
            onMedicoChange={(id) => {
              const next = new URLSearchParams(params)
              if (id) next.set('medico', id)
              else next.delete('medico')
              setParams(next)
            }}
          />
        )}
        {/* the day's closing and the reports (docs/decisions.md, "Reports"): a link here costs the start-up bundle nothing */}
        {mode === 'all' && (
          <Link className="button board-page__reports" to="/relatorios">
            Relatórios
          </Link>
        )}
        {counts.length > 0 && (
          <ul className="board-counts" aria-label="Resumo do dia">
            {counts.map((count) => (
              <li key={count.status} className={`status-badge status-badge--${count.status}`}>
                {count.text}
              </li>
            ))}
          </ul>
        )}
        {late && (
          <p className="board-laudos-late">
            <span className="laudo-badge laudo-badge--atrasado">{late}</span>
          </p>
        )}
        {mode === 'all' && (
          <>
            <Suspense fallback={null}>
              {printReady && <DayListPrint day={day} groups={doctorGroups(list ?? [], medicoFilter, titles)} />}
            </Suspense>
            <Link className="button board-page__confirmations" to="/confirmacoes">
              Confirmações de amanhã
            </Link>
          </>
        )}
        {mode === 'all' && day === today && canMarkMissed(mover) && (
          <button
            type="button"
            className="button"
            onClick={() => setMarkingMissed(true)}
            disabled={offline}
            aria-describedby={offline ? noteId : undefined}
          >
            Marcar faltas
          </button>
        )}
      </div>
      <OfflineNote id={noteId} offline={offline} />
      <DataStamp updatedAt={dataUpdatedAt} />
      {!phone && queue}
      {content}
      {phone && queue}
      {openedId !== null && (
        <Suspense fallback={null}>
          <EntryPanel
            agendamento={opened}
            mover={mover}
            readOnly={readOnly}
            offlineNoteId={offline ? noteId : undefined}
            busy={opened !== null && busyId === opened.id}
            canUndo={opened !== null && canUndo(opened)}
            onMove={requestMove}
            onCancel={setCancelling}
            onUndo={sendUndo}
            onClose={() => setOpenedId(null)}
            laudos={dayLaudos}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {cancelling && (
          <CancelDialog
            agendamento={cancelling}
            busy={move.isPending}
            onConfirm={(motivo, texto) => sendMove(cancelling, 'cancelado', { motivo, ...(texto ? { texto } : {}) })}
            onClose={() => setCancelling(null)}
          />
        )}
        {arriving && (
          <ArrivalDialog
            agendamento={arriving}
            busy={move.isPending}
            onConfirm={(prioridade) => sendMove(arriving, 'aguardando', prioridade === undefined ? {} : { prioridade })}
            onClose={() => setArriving(null)}
          />
        )}
        {markingMissed && (
          <MarkMissedDialog
            open
            candidates={candidates}
            busy={markMissed.isPending}
            onConfirm={() =>
              markMissed.mutate(
                candidates.map((a) => a.id),
                { onSettled: () => setMarkingMissed(false) },
              )
            }
            onClose={() => setMarkingMissed(false)}
          />
        )}
      </Suspense>
    </section>
  )
}
