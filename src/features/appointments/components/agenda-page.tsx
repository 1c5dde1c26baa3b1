// The agenda at /agenda (docs/decisions.md "Agenda and equipment"): a day with one column per machine or
// per doctor, bookings as blocks sized by duration, free time as buttons that open 'Novo agendamento'
// filled in; a week per resource. Day, view and resource live in the URL. On a phone, one column and a
// resource picker.
import { lazy, Suspense, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { addDays, clinicHours, clinicToday, formatDate, isValidDate, statusLabels, timePart } from '@contract'
import { useClinicSettings } from '@/lib/clinic-settings'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useIsPhone } from '@/lib/use-is-phone'
import { useAgenda } from '../api/get-agenda'
import type { ScheduleExtras } from '../api/create-appointment'
import {
  agendaFrame,
  agendaResources,
  buildColumns,
  placement,
  type Column,
  type ResourceKind,
} from '../lib/agenda-layout'
import { agendaGroups } from '../lib/agenda-print'
import type { AppointmentFormValues } from '../lib/appointment-form'
import { AppointmentDetailDialog } from './appointment-detail-dialog'
import { CreateAppointmentDialog } from './create-appointment-dialog'
import './agenda.css'
import { useDoctorTitles } from '@/lib/doctor-titles'

// Its own chunk: printing's code and styles arrive when the page has painted.
const DayListPrint = lazy(() => import('@/components/print/day-list-print'))

type Prefill = { values: Partial<AppointmentFormValues>; schedule: ScheduleExtras }

export default function AgendaPage() {
  useDocumentTitle('Agenda')
  const [params, setParams] = useSearchParams()
  const dia = isValidDate(params.get('dia') ?? '') ? params.get('dia')! : clinicToday()
  const semana = params.get('vista') === 'semana'
  const phone = useIsPhone()
  const agenda = useAgenda(dia, semana ? 7 : 1)
  const titles = useDoctorTitles()
  // the clinic's hours give the grid's frame and each resource's free time (docs/decisions.md "Opening hours")
  const clinic = clinicHours(useClinicSettings().data?.horarios)
  // with no machine registered the doctors' view, where every appointment has its column (issue 34)
  const noMachines = agenda.data !== undefined && agenda.data.equipamentos.length === 0
  const por: ResourceKind = params.get('por') === 'medico' || noMachines ? 'medico' : 'equipamento'
  const [prefill, setPrefill] = useState<Prefill | null>(null)
  // a block pressed: the edit dialog, where its time, machine and duration change (reagendar)
  const [editing, setEditing] = useState<{ id: string; paciente: { nome: string } } | null>(null)

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k)
      else next.set(k, v)
    }
    setParams(next)
  }

  const resources = agenda.data ? agendaResources(agenda.data, por, titles) : []
  const picked = resources.find((r) => r.id === params.get('recurso'))?.id
  // a week, or a phone, shows one resource: the one in the URL, else the first
  const single = semana || phone ? (picked ?? resources[0]?.id) : picked
  const days = semana ? Array.from({ length: 7 }, (_, i) => addDays(dia, i)) : [dia]
  const columns = agenda.data ? buildColumns(agenda.data, por, days, single, titles, clinic) : []
  // the clinic's hours, stretched to every appointment shown: nothing booked falls outside the grid
  const frame = agendaFrame(columns, days, clinic)

  const openFree = (column: Column, inicio: string) => {
    const values: Partial<AppointmentFormValues> = { data: column.day, hora: timePart(inicio) }
    if (column.resource.kind === 'medico') values.medicoId = column.resource.id
    setPrefill({
      values,
      schedule: column.resource.kind === 'equipamento' ? { equipamentoId: column.resource.id } : {},
    })
  }

  return (
    <section className="agenda-page">
      <h1>Agenda</h1>
      <div className="agenda-toolbar">
        <button type="button" className="button" onClick={() => update({ dia: addDays(dia, semana ? -7 : -1) })}>
          Anterior
        </button>
        <label className="field">
          <span className="field__label">Dia</span>
          <input type="date" value={dia} onChange={(e) => update({ dia: e.target.value })} />
        </label>
        <button type="button" className="button" onClick={() => update({ dia: addDays(dia, semana ? 7 : 1) })}>
          Próximo
        </button>
        <label className="field">
          <span className="field__label">Colunas</span>
          <select value={por} onChange={(e) => update({ por: e.target.value, recurso: undefined })}>
            <option value="equipamento" disabled={noMachines}>
              Por equipamento
            </option>
            <option value="medico">Por doutor</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">Recurso</span>
          <select value={single ?? ''} onChange={(e) => update({ recurso: e.target.value })}>
            {!semana && !phone && <option value="">Todos</option>}
            {resources.map((r) => (
              <option key={r.id} value={r.id}>
                {r.nome}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Vista</span>
          <select value={semana ? 'semana' : 'dia'} onChange={(e) => update({ vista: e.target.value })}>
            <option value="dia">Dia</option>
            <option value="semana">Semana</option>
          </select>
        </label>
        <Suspense fallback={null}>
          <DayListPrint day={dia} groups={agenda.data ? agendaGroups(agenda.data, dia, por, single, titles) : []} />
        </Suspense>
      </div>
      {agenda.isPending && <p role="status">Carregando agenda…</p>}
      {agenda.isError && <p role="alert">Erro ao buscar informações!</p>}
      {noMachines && <p className="agenda-note">Nenhum equipamento cadastrado: agenda por doutor.</p>}
      {agenda.data && columns.length === 0 && <p>Nenhum recurso cadastrado.</p>}
      <div
        className={semana ? 'agenda-grid agenda-grid--semana' : 'agenda-grid'}
        style={{ ['--agenda-minutes' as string]: frame.end - frame.start }}
      >
        {columns.map((column) => (
          <section
            key={column.key}
            className="agenda-column"
            aria-label={semana ? `${column.label} ${formatDate(column.day)}` : column.label}
          >
            <h2 className="agenda-column__title">{semana ? formatDate(column.day) : column.label}</h2>
            <p className="agenda-column__hours">{`${hhmm(frame.start)}–${hhmm(frame.end)}`}</p>
            <div className="agenda-column__body">
              {column.bloqueios.map((b) => {
                const p = placement(b.inicio, b.fim, column.day, frame)
                return (
                  <div key={b.id} className="agenda-block agenda-block--bloqueio" style={pos(p)}>
                    {b.motivo}
                  </div>
                )
              })}
              {column.free.map((f) => {
                const p = placement(f.inicio, f.fim, column.day, frame)
                const label = `Livre ${timePart(f.inicio)}–${timePart(f.fim)}`
                return (
                  <button
                    key={f.inicio}
                    type="button"
                    className="agenda-free"
                    style={pos(p)}
                    onClick={() => openFree(column, f.inicio)}
                  >
                    {label}
                  </button>
                )
              })}
              {column.items.map((a) => {
                const p = placement(a.datahora, a.fim, column.day, frame)
                return (
                  <article
                    key={a.id}
                    className={`agenda-block agenda-block--${a.status}`}
                    style={pos(p)}
                    aria-label={`${timePart(a.datahora)}–${timePart(a.fim)} ${a.paciente.nome}`}
                  >
                    <button
                      type="button"
                      className="agenda-block__open"
                      onClick={() => setEditing({ id: a.id, paciente: a.paciente })}
                    >
                      {/* a week's narrow column: the start and the name, which the time range crowded out */}
                      <strong>
                        {semana ? timePart(a.datahora) : `${timePart(a.datahora)}–${timePart(a.fim)}`}
                      </strong>{' '}
                      <span className="agenda-block__name">{a.paciente.nome}</span>
                    </button>
                    <span className="agenda-block__status">{statusLabels[a.status]}</span>
                    {a.encaixe && <span className="agenda-block__status">Encaixe</span>}
                  </article>
                )
              })}
            </div>
          </section>
        ))}
      </div>
      {prefill && <CreateAppointmentDialog open onClose={() => setPrefill(null)} initial={prefill} />}
      <AppointmentDetailDialog appointment={editing} onClose={() => setEditing(null)} />
    </section>
  )
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

const pos = (p: { top: number; height: number }) => ({
  top: `calc(${p.top} * var(--agenda-minute))`,
  height: `calc(${p.height} * var(--agenda-minute))`,
})
