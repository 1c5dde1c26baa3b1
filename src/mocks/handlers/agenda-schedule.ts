// A booking's schedule in the mock, as the server's (server/routes/agenda-schedule.ts, docs/decisions.md
// "Agenda and equipment"): what refuses a booking on its machine and doctor, the duration's minimum from
// the catalogue, the machine's modalities, and the edit dialog's /agendamento/reagendar.
import {
  AGENDAMENTO_FIELDS,
  bookedMinutes,
  defaultDurationMinutes,
  doctorLabel,
  endOf,
  freesSlot,
  messages,
  minutesBetween,
  clinicHours,
  clinicRefusal,
  resourceRefusals,
  statusOf,
  unservedModality,
  type Busy,
  type Refusal,
} from '@contract'
import { audit, changed } from '../audit-trail'
import { fail, failField, mockRoute } from '../pipeline'
import {
  activePaciente,
  agendamento,
  assertVersion,
  iso,
  medico,
  readAgendamento,
  refuseUnlessOwnAgenda,
} from '../records'
import type { MockStore, StoredAgendamento } from '../store'
import { isBeforeClinicToday } from '@contract'
import { detalhesOf, resolveChoice, saveChoice } from './catalogue'

/** An appointment's end: its own, or the default of its exams. */
export const fimOf = (a: StoredAgendamento) => a.fim ?? endOf(a.datahora, defaultDurationMinutes(a.exames.length))

export function busyOf(store: MockStore, key: 'medicoId' | 'equipamentoId', id: string, exceptId?: string): Busy[] {
  return store.agendamentos
    .filter((a) => a[key] === id && a.id !== exceptId && !freesSlot(statusOf(a)))
    .map((a) => ({ datahora: a.datahora, fim: fimOf(a) }))
    .sort((a, b) => (a.datahora < b.datahora ? -1 : 1))
}

export interface Target extends Busy {
  medicoId: string
  equipamentoId?: string | undefined
}

/** As the server's checkBooking: the machine's block or hours, the doctor's hours, any overlap. */
export function checkBooking(store: MockStore, target: Target, exceptId?: string) {
  // every resource's hours inside the clinic's (docs/decisions.md "Opening hours")
  const clinic = clinicHours(store.clinica?.horarios)
  const closed = clinicRefusal(clinic, target)
  const refusals: Refusal[] = closed ? [closed] : []
  if (target.equipamentoId !== undefined) {
    const e = store.equipamentos.find((x) => x.id === target.equipamentoId) ?? fail(404, messages.equipmentNotFound)
    const bloqueios = store.bloqueios.filter((b) => b.equipamentoId === e.id)
    const busy = busyOf(store, 'equipamentoId', e.id, exceptId)
    refusals.push(...resourceRefusals({ ...e, bloqueios }, target, busy, clinic))
  }
  const m = medico(store, target.medicoId)
  const doctor = {
    nome: doctorLabel(m.nome, store.medicoDetalhes[m.id]?.tratamento),
    horarios: store.medicoHorarios[m.id] ?? null,
  }
  refusals.push(...resourceRefusals(doctor, target, busyOf(store, 'medicoId', m.id, exceptId), clinic))
  return { hours: refusals.find((r) => r.kind === 'hours'), overlap: refusals.find((r) => r.kind === 'overlap') }
}

/** As the server's bookedMinutesOrRefuse: the contract's bookedMinutes, too short a 400 on its field. */
export function bookedMinutesOrRefuse(...args: Parameters<typeof bookedMinutes>): number {
  const booked = bookedMinutes(...args)
  if (booked.kind === 'tooShort') failField(booked.field, booked.message)
  return booked.minutes
}

/** As the server: a machine must serve every chosen catalogue exam's modality (409). */
export function refuseUnservedMachine(
  store: MockStore,
  equipamentoId: string | null | undefined,
  exameIds: readonly string[] | undefined,
) {
  const machine = store.equipamentos.find((e) => e.id === equipamentoId)
  if (!machine || exameIds === undefined || exameIds.length === 0) return
  const modalidades = store.exames.filter((e) => exameIds.includes(e.id)).map((e) => e.modalidade)
  const refusal = unservedModality(machine, modalidades)
  if (refusal) fail(409, refusal)
}

/** As the server's reagendarRoute: the update plus the schedule, hours checked only when it moves. */
export const reagendarHandler = mockRoute('reagendar', (body, { store, user }) => {
  const { id, versao, userId: _sent, duracaoMinutos, equipamentoId, encaixe, sobrepor, ...data } = body
  if ((encaixe || sobrepor) && user.role !== 'ADMIN') fail(403, messages.encaixeAdminOnly)
  const row = agendamento(store, id)
  refuseUnlessOwnAgenda(user, [row.medicoId, data.medicoId])
  const before = readAgendamento(store, row)
  const detalhes = detalhesOf(store, row.id)
  const resolved = resolveChoice(store, data, detalhes)
  const datahora = iso(data.datahora)
  // as the server: without exameIds the catalogue copies still named count by their durations
  const itens = resolved.itens ?? detalhes.exames.filter((e) => resolved.exames.includes(e.nome))
  const minutes = bookedMinutesOrRefuse({ exames: resolved.exames, itens }, duracaoMinutos)
  // as the server: without a duration the booking keeps its own, at least its exams'
  const fim = endOf(datahora, duracaoMinutos ?? Math.max(minutes, minutesBetween(row.datahora, fimOf(row))))
  refuseUnservedMachine(store, equipamentoId, data.exameIds ?? itens.map((e) => e.exameId))
  medico(store, data.medicoId)
  const moved =
    datahora !== row.datahora ||
    fim !== fimOf(row) ||
    (row.equipamentoId ?? null) !== equipamentoId ||
    row.medicoId !== data.medicoId
  const check = checkBooking(
    store,
    { datahora, fim, medicoId: data.medicoId, equipamentoId: equipamentoId ?? undefined },
    id,
  )
  if (moved && check.hours && !encaixe) fail(409, check.hours.message)
  if (moved && check.overlap && !sobrepor) fail(409, check.overlap.message)
  assertVersion(row.versao, versao)
  if (datahora !== row.datahora && isBeforeClinicToday(datahora)) fail(400, messages.dateBeforeToday)
  activePaciente(store, data.pacienteId)
  const sobreposto = moved ? sobrepor === true && check.overlap !== undefined : row.sobreposto === true
  const keptEncaixe = moved ? encaixe === true : encaixe === true || row.encaixe === true
  Object.assign(row, {
    datahora,
    fim,
    anotacao: data.anotacao,
    convenio: resolved.convenio,
    valorIncents: data.valorIncents,
    estaPago: data.estaPago,
    exames: [...resolved.exames],
    pacienteId: data.pacienteId,
    medicoId: data.medicoId,
    equipamentoId: equipamentoId ?? undefined,
    encaixe: keptEncaixe || undefined,
    sobreposto: sobreposto || undefined,
    versao: row.versao + 1,
  })
  saveChoice(store, row.id, data, resolved.itens, data.valorIncents, user.id, {
    detalhes,
    valorIncents: before.valorIncents,
  })
  const after = readAgendamento(store, row)
  const fields = [
    ...changed(before, after, AGENDAMENTO_FIELDS),
    ...(before.fim !== after.fim ? ['fim'] : []),
    ...(before.equipamento?.id !== after.equipamento?.id ? ['equipamento'] : []),
    ...(before.encaixe !== after.encaixe ? ['encaixe'] : []),
  ]
  audit(store, user, { action: 'update', entity: 'agendamento', entityId: row.id, fields })
  return { agendamento: after }
})
