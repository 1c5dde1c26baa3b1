import { useDeferredValue, type MouseEventHandler } from 'react'
import { useHref, useLinkClickHandler } from 'react-router-dom'
import { messages, type Agendamento } from '@contract'
import { DataStamp } from '@/components/offline'
import { PageLoading } from '@/components/page-loading'
import { capitalizeName, formatDate, formatDateTime } from '@/lib/format'
import { useClinicToday } from '@/lib/use-clinic-today'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDayAppointments } from '../api/get-today-appointments'

const APPOINTMENTS_PATH = '/agendamentos'

interface AppointmentItemProps {
  agendamento: Agendamento
  href: string
  onClick: MouseEventHandler<HTMLAnchorElement>
}

/**
 * A link to the appointments page. The list resolves the link once (useHref + useLinkClickHandler, what
 * react-router's <Link> does inside) instead of once per item: a day has up to 280 items, and this
 * render is on the path of the app's start (offline included).
 */
function AppointmentItem({ agendamento, href, onClick }: AppointmentItemProps) {
  return (
    <li>
      <a href={href} onClick={onClick} className="appointment-card">
        <span className="appointment-card__patient">{capitalizeName(agendamento.paciente.nome)}</span>
        {/* Floating time: the clinic's wall clock as written, never converted to the device's zone. */}
        <time className="appointment-card__time" dateTime={agendamento.datahora.slice(0, 16)}>
          {formatDateTime(agendamento.datahora)}
        </time>
        <span className="appointment-card__doctor">Dr. {capitalizeName(agendamento.doutor.nome)}</span>
      </a>
    </li>
  )
}

/** Home (docs/product.md §2): today's appointments at the clinic. */
export default function HomePage() {
  useDocumentTitle('Página inicial')
  const today = useClinicToday()
  const { data, isPending, isError, fetchStatus, dataUpdatedAt } = useDayAppointments(today)
  const appointmentsHref = useHref(APPOINTMENTS_PATH)
  const openAppointments = useLinkClickHandler<HTMLAnchorElement>(APPOINTMENTS_PATH)
  // The day's list (up to 280 cards) renders in a deferred, time-sliced pass: the answer arrives through
  // an urgent (synchronous) store update, and rendering every card in it would be one long task that
  // blocks input on a slow tablet. Meanwhile the page keeps saying 'Carregando…'.
  const list = useDeferredValue(data)

  // A 401 ends the session (the app's unauthorized handler) and the guard sends the user to /login;
  // any other failure (offline, server down) keeps the page and says so. Offline with nothing saved for
  // today the query waits (paused): say so plainly rather than "loading" forever.
  let content
  if (isPending && fetchStatus === 'paused')
    content = (
      <p className="empty-state" role="status">
        {messages.offlineNothingForToday}
      </p>
    )
  else if (isPending) content = <PageLoading />
  else if (isError)
    content = (
      <p className="alert" role="alert">
        {messages.fetchFailed}
      </p>
    )
  else if (list === undefined) content = <PageLoading />
  else if (list.length === 0) content = <p className="empty-state">{messages.noAppointmentsToday}</p>
  else
    content = (
      <ul className="appointment-list" aria-labelledby="home-title">
        {list.map((agendamento) => (
          <AppointmentItem
            key={agendamento.id}
            agendamento={agendamento}
            href={appointmentsHref}
            onClick={openAppointments}
          />
        ))}
      </ul>
    )

  return (
    <section className="page" aria-labelledby="home-title">
      <header className="page-header">
        <h1 id="home-title">Agendamentos dia {formatDate(today)}</h1>
      </header>
      <DataStamp updatedAt={dataUpdatedAt} />
      {content}
    </section>
  )
}
