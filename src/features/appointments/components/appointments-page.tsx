import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Agendamento, messages, type Status } from '@contract'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DataStamp, OfflineNote, useOfflineLock } from '@/components/offline'
import { describeFailure } from '@/lib/describe-failure'
import { notifyError, notifyInfo } from '@/lib/notify'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useClinicToday } from '@/lib/use-clinic-today'
import { useDocumentTitle } from '@/lib/use-document-title'
import { fromTodayFilters } from '@/lib/query-keys'
import { useDeleteAppointment } from '../api/delete-appointment'
import { useDoctors } from '../api/get-doctors'
import { appointmentsQueryOptions } from '../api/get-appointments'
import { hasFilters, toListFilters } from '../lib/filters'
import { AppointmentDetailDialog } from './appointment-detail-dialog'
import { AppointmentsFilters } from './appointments-filters'
import { AppointmentsTable } from './appointments-table'
import { QuickDates } from './quick-dates'
import type { PatientOption } from '../api/search-patients'
import { CreateAppointmentDialog } from './create-appointment-dialog'
import './appointments.css'

/** A 401 is the app's business (session cleared, back to /login): the screen says nothing more. */
const isUnauthorized = (error: unknown) => describeFailure(error).kind === 'unauthorized'

/** The appointment an entry of the day board sent here to be opened (`{ agendamento }` state), if any. */
function openedFromBoard(state: unknown): Agendamento | null {
  const sent = (state as { agendamento?: unknown } | null)?.agendamento
  const parsed = Agendamento.safeParse(sent)
  return parsed.success ? parsed.data : null
}

/** 'Agendar' of a patient's profile (issue 14) arrives with that patient in the navigation state. */
function patientToBook(state: unknown): PatientOption | null {
  const sent = (state as { agendarPaciente?: { id?: unknown; nome?: unknown } } | null)?.agendarPaciente
  return typeof sent?.id === 'string' && typeof sent.nome === 'string' ? { id: sent.id, nome: sent.nome } : null
}

/** /agendamentos — 'Gerenciamento de Agendamentos' (docs/product.md §2). */
export default function AppointmentsPage() {
  useDocumentTitle('Agendamentos')
  const [nome, setNome] = useState('')
  const [medicoId, setMedicoId] = useState('')
  const [dataInicio, setDataInicio] = useState('')
  const [dataFim, setDataFim] = useState('')
  const [status, setStatus] = useState<Status | ''>('')
  // The list opens on today and the days after (issue 14, docs/decisions.md "Brazilian forms"): dates
  // empty, no toast; the first touch of a date or a quick choice replaces it.
  const [fromToday, setFromToday] = useState(true)
  const today = useClinicToday()
  const debouncedNome = useDebouncedValue(nome, 500)

  const { filters: chosen, dateError } = useMemo(
    () => toListFilters({ pacienteNome: debouncedNome, medicoId, dataInicio, dataFim, status }),
    [debouncedNome, medicoId, dataInicio, dataFim, status],
  )
  const filters = useMemo(
    () => (fromToday ? { ...chosen, ...fromTodayFilters(today) } : chosen),
    [fromToday, chosen, today],
  )
  // only what the person chose: the opening view is not a filter that says 'nothing found'
  const filtered = hasFilters(chosen)
  const filtersKey = JSON.stringify(filters)
  const changeDate = (set: (value: string) => void) => (value: string) => {
    setFromToday(false)
    set(value)
  }

  const doctors = useDoctors()
  const list = useInfiniteQuery({ ...appointmentsQueryOptions(filters), placeholderData: keepPreviousData })
  const rows = useMemo(() => list.data?.pages.flat() ?? [], [list.data])
  const settled = list.isSuccess && !list.isPlaceholderData

  // A filter that finds nothing says so once (docs/product.md §8), besides the empty text.
  const toastedEmptyFor = useRef<string | null>(null)
  useEffect(() => {
    if (!settled) return
    if (filtered && rows.length === 0) {
      if (toastedEmptyFor.current !== filtersKey) notifyInfo(messages.noAppointmentsForFilter)
      toastedEmptyFor.current = filtersKey
    } else {
      toastedEmptyFor.current = null
    }
  }, [settled, filtered, rows.length, filtersKey])

  const loadMore = async () => {
    if (!list.hasNextPage) {
      notifyInfo(messages.noMoreAppointments)
      return
    }
    const result = await list.fetchNextPage()
    if (result.isError) {
      if (!isUnauthorized(result.error)) notifyError(messages.fetchFailed)
      return
    }
    const pages = result.data?.pages ?? []
    if (pages.length > 0 && pages[pages.length - 1]!.length === 0) notifyInfo(messages.noMoreAppointments)
  }

  // An entry of the home page's board opens its appointment here (its link's navigation state).
  const location = useLocation()
  const navigate = useNavigate()
  const [booking, setBooking] = useState(() => patientToBook(location.state))
  const [creating, setCreating] = useState(booking !== null)
  const [viewing, setViewing] = useState<Agendamento | null>(() => openedFromBoard(location.state))
  const closeDetails = () => {
    setViewing(null)
    // a reload or 'back' must not open it again
    if (openedFromBoard(location.state)) void navigate('.', { replace: true, state: null })
  }
  const [deleting, setDeleting] = useState<Agendamento | null>(null)
  const remove = useDeleteAppointment()
  const { offline, noteId, describedBy } = useOfflineLock()

  // The toasts come from the mutation's texts; a failure is also said inside the question, which stays
  // open (to try again or cancel).
  const confirmDelete = () => {
    if (!deleting || remove.isPending) return
    remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
  }
  const askDelete = (agendamento: Agendamento | null) => {
    remove.reset()
    setDeleting(agendamento)
  }

  const loadFailed = list.isError && !isUnauthorized(list.error) && !list.isFetchNextPageError
  const refreshing = list.isFetching && !list.isFetchingNextPage

  return (
    <section className="page appointments-page" aria-labelledby="appointments-title">
      <header className="page-header">
        <h1 id="appointments-title">Gerenciamento de Agendamentos</h1>
        <div className="button-row">
          <button
            type="button"
            className="button"
            onClick={() => void list.refetch()}
            disabled={refreshing}
            aria-busy={refreshing || undefined}
          >
            Recarregar
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setCreating(true)}
            disabled={offline}
            aria-describedby={describedBy()}
          >
            Criar agendamento
          </button>
        </div>
        <OfflineNote id={noteId} offline={offline} />
      </header>

      <QuickDates
        dataInicio={dataInicio}
        dataFim={dataFim}
        fromToday={fromToday}
        onChoose={({ inicio, fim }) => {
          setFromToday(false)
          setDataInicio(inicio)
          setDataFim(fim)
        }}
      />
      <AppointmentsFilters
        nome={nome}
        medicoId={medicoId}
        dataInicio={dataInicio}
        dataFim={dataFim}
        doctors={doctors.data ?? []}
        status={status}
        dateError={dateError}
        onNomeChange={setNome}
        onMedicoChange={setMedicoId}
        onDataInicioChange={changeDate(setDataInicio)}
        onDataFimChange={changeDate(setDataFim)}
        onStatusChange={setStatus}
      />

      {loadFailed && (
        <p role="alert" className="alert">
          {messages.fetchFailed}
        </p>
      )}

      {rows.length > 0 && <DataStamp updatedAt={list.dataUpdatedAt} />}
      {list.isPending ? (
        <p role="status" className="empty-state">
          {/* Offline with nothing saved for this filter the query waits (paused): say why. */}
          {list.fetchStatus === 'paused' ? messages.offline : 'Carregando agendamentos…'}
        </p>
      ) : rows.length === 0 ? (
        !loadFailed && <p className="empty-state">{messages.noAppointmentsFound}</p>
      ) : (
        <>
          <AppointmentsTable
            rows={rows}
            onDetails={setViewing}
            onDelete={askDelete}
            offlineNoteId={offline ? noteId : undefined}
          />
          <div className="load-more">
            <button
              type="button"
              className="button"
              onClick={() => void loadMore()}
              disabled={list.isFetchingNextPage}
              aria-busy={list.isFetchingNextPage || undefined}
            >
              Carregar Mais
            </button>
          </div>
        </>
      )}

      <CreateAppointmentDialog
        open={creating}
        patient={booking}
        onClose={() => {
          setCreating(false)
          setBooking(null)
          // a reload or 'back' must not open it again
          if (patientToBook(location.state)) void navigate('.', { replace: true, state: null })
        }}
      />
      <AppointmentDetailDialog appointment={viewing} onClose={closeDetails} />
      <ConfirmDialog
        open={deleting !== null}
        message={messages.confirmDeleteAppointment}
        busy={remove.isPending}
        failure={remove.failure}
        onConfirm={confirmDelete}
        onCancel={() => askDelete(null)}
      />
    </section>
  )
}
