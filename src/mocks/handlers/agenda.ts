// The agenda and its equipment (contract/agenda-calls.ts) over the in-memory store, deciding with the same
// rules as the server (contract/agenda.ts, contract/free-slots.ts).
import {
  addDays,
  AGENDAMENTO_FIELDS,
  blockCovers,
  blockCoversMessage,
  endOf,
  FREE_SLOT_HORIZON_DAYS,
  FREE_SLOT_LIMIT,
  clinicHours,
  clinicWallClock,
  freeSlotsOfDay,
  messages,
  searchedModalities,
  servesAll,
  statusOf,
  clinicToday,
  type AgendaItem,
  type Equipamento,
  type HorarioLivre,
  uniqueNameKey,
} from '@contract'
import { audit } from '../audit-trail'
import { fail, mockRoute } from '../pipeline'
import { activePaciente, iso, medico, readAgendamento, refuseUnlessOwnAgenda } from '../records'
import { newId, type MockStore, type StoredAgendamento } from '../store'
import { assertSlotFree } from './slot-rules'
import {
  bookedMinutesOrRefuse,
  busyOf,
  checkBooking,
  fimOf,
  reagendarHandler,
  refuseUnservedMachine,
} from './agenda-schedule'
import { resolveChoice, saveChoice } from './catalogue'

export { fimOf }

function agendaItem(store: MockStore, a: StoredAgendamento): AgendaItem {
  const read = readAgendamento(store, a)
  const e = store.equipamentos.find((x) => x.id === a.equipamentoId)
  return {
    id: a.id,
    datahora: a.datahora,
    fim: fimOf(a),
    paciente: read.paciente,
    doutor: read.doutor,
    equipamento: e ? { id: e.id, nome: e.nome } : null,
    exames: [...a.exames],
    status: statusOf(a),
    encaixe: a.encaixe === true,
  }
}

/** The bookings a block would cover, by time (the server's equipamentos.coveredByBlock). */
function coveredByBlock(store: MockStore, body: { equipamentoId: string; inicio: string; fim: string }) {
  const block = { equipamentoId: body.equipamentoId, inicio: iso(body.inicio), fim: iso(body.fim) }
  return store.agendamentos
    .map((a) => agendaItem(store, a))
    .filter((item) => blockCovers(block, item))
    .sort((a, b) => (a.datahora < b.datahora ? -1 : a.datahora > b.datahora ? 1 : a.id < b.id ? -1 : 1))
}

const byNome = <T extends { nome: string }>(a: T, b: T) => a.nome.localeCompare(b.nome, 'pt-BR')
const medicosHorarios = (store: MockStore) =>
  [...store.medicos].sort(byNome).map((m) => ({ ...m, horarios: store.medicoHorarios[m.id] ?? null }))

/** As the server's unique index: one key for every unique name (uniqueNameKey, issue 35). */
function assertNameFree(store: MockStore, nome: string, exceptId?: string) {
  if (store.equipamentos.some((e) => e.id !== exceptId && uniqueNameKey(e.nome) === uniqueNameKey(nome)))
    fail(409, messages.equipmentNameTaken)
}

/** An AE title is one machine's (issue 19); two that differ only in case or spaces clash (issue 35). */
function assertAeTitleFree(store: MockStore, aeTitle: string | null | undefined, exceptId?: string) {
  if (
    aeTitle &&
    store.equipamentos.some(
      (e) => e.id !== exceptId && e.aeTitle && uniqueNameKey(e.aeTitle) === uniqueNameKey(aeTitle),
    )
  )
    fail(409, messages.aeTitleTaken)
}

/** A machine as the server answers it: no AE title is null, and reading others' worklists is off by default. */
const asServed = (e: Equipamento): Equipamento => ({
  ...e,
  aeTitle: e.aeTitle ?? null,
  leOutrasWorklists: e.leOutrasWorklists ?? false,
})

export const agendaHandlers = [
  mockRoute('listEquipamentos', (_body, { store }) => ({
    equipamentos: [...store.equipamentos].sort(byNome).map(asServed),
    bloqueios: store.bloqueios
      .filter((b) => b.fim > `${clinicToday(new Date(store.now()))}T00:00:00.000Z`)
      .sort((a, b) => (a.inicio < b.inicio ? -1 : 1)),
  })),

  mockRoute('registerEquipamento', (body, { store }) => {
    assertNameFree(store, body.nome)
    assertAeTitleFree(store, body.aeTitle)
    const equipamento = asServed({ id: newId(), ...body })
    store.equipamentos.push(equipamento)
    return { equipamento }
  }),

  mockRoute('updateEquipamento', (body, { store }) => {
    const row = store.equipamentos.find((e) => e.id === body.id) ?? fail(404, messages.equipmentNotFound)
    assertNameFree(store, body.nome, row.id)
    assertAeTitleFree(store, body.aeTitle, row.id)
    const { aeTitle, leOutrasWorklists, ...rest } = body
    Object.assign(
      row,
      rest,
      aeTitle === undefined ? {} : { aeTitle },
      leOutrasWorklists === undefined ? {} : { leOutrasWorklists },
    )
    return { equipamento: asServed(row) }
  }),

  // issue 19: the latest DICOM queries and steps per machine, newest first (tests seed them)
  mockRoute('dicomEventos', (_body, { store }) => ({
    eventos: [...store.dicomEventos].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)),
  })),

  // issue 34: as the server, a block over awaited bookings of its machine is refused unless confirmed
  mockRoute('bloqueioAgendamentos', (body, { store }) => {
    if (!store.equipamentos.some((e) => e.id === body.equipamentoId)) fail(404, messages.equipmentNotFound)
    return { agendamentos: coveredByBlock(store, body) }
  }),

  mockRoute('registerBloqueio', (body, { store }) => {
    const { confirmar, ...input } = body
    if (!store.equipamentos.some((e) => e.id === input.equipamentoId)) fail(404, messages.equipmentNotFound)
    const agendamentos = coveredByBlock(store, input)
    if (agendamentos.length > 0 && confirmar !== true) fail(409, blockCoversMessage(agendamentos.length))
    const bloqueio = { id: newId(), ...input, inicio: iso(input.inicio), fim: iso(input.fim) }
    store.bloqueios.push(bloqueio)
    return { bloqueio, agendamentos }
  }),

  mockRoute('deleteBloqueio', (body, { store }) => {
    const index = store.bloqueios.findIndex((b) => b.id === body.id)
    if (index < 0) fail(404, messages.blockNotFound)
    store.bloqueios.splice(index, 1)
    return { ok: true as const }
  }),

  mockRoute('medicoHorarios', (body, { store }) => {
    const m = medico(store, body.medicoId)
    store.medicoHorarios[m.id] = body.horarios
    return { medico: { ...m, horarios: body.horarios } }
  }),

  mockRoute('agendar', (body, { store, user }) => {
    const { userId: _sent, duracaoMinutos, equipamentoId, encaixe, sobrepor, ...data } = body
    if ((encaixe || sobrepor) && user.role !== 'ADMIN') fail(403, messages.encaixeAdminOnly)
    refuseUnlessOwnAgenda(user, [data.medicoId])
    activePaciente(store, data.pacienteId)
    const datahora = iso(data.datahora)
    // the catalogue's exams and convênio, and their durations (as the server: server/routes/agenda.ts)
    const resolved = resolveChoice(store, data)
    const fim = endOf(datahora, bookedMinutesOrRefuse(resolved, duracaoMinutos))
    // as the server: the machine must serve the catalogue exams' modalities
    refuseUnservedMachine(store, equipamentoId, data.exameIds)
    const check = checkBooking(store, { datahora, fim, medicoId: data.medicoId, equipamentoId })
    if (check.hours && !encaixe) fail(409, check.hours.message)
    if (check.overlap && !sobrepor) fail(409, check.overlap.message)
    if (!sobrepor) assertSlotFree(store, data.medicoId, datahora)
    const row: StoredAgendamento = {
      id: newId(),
      datahora,
      anotacao: data.anotacao,
      convenio: resolved.convenio,
      valorIncents: data.valorIncents,
      estaPago: data.estaPago,
      exames: [...resolved.exames],
      userId: user.id,
      pacienteId: data.pacienteId,
      medicoId: data.medicoId,
      versao: 1,
      createdAt: new Date().toISOString(),
      fim,
      ...(equipamentoId ? { equipamentoId } : {}),
      ...(encaixe ? { encaixe: true } : {}),
      ...(sobrepor && check.overlap ? { sobreposto: true } : {}),
    }
    store.agendamentos.push(row)
    saveChoice(store, row.id, data, resolved.itens, data.valorIncents, user.id)
    const fields = [
      ...AGENDAMENTO_FIELDS,
      'fim',
      ...(equipamentoId ? ['equipamento'] : []),
      ...(encaixe ? ['encaixe'] : []),
    ]
    audit(store, user, { action: 'create', entity: 'agendamento', entityId: row.id, fields })
    return { agendamento: readAgendamento(store, row) }
  }),

  reagendarHandler,

  mockRoute('agenda', (body, { store }) => {
    const from = `${body.de}T00:00:00.000Z`
    const to = `${addDays(body.de, body.dias)}T00:00:00.000Z`
    return {
      de: body.de,
      dias: body.dias,
      equipamentos: [...store.equipamentos].sort(byNome).map(asServed),
      medicos: medicosHorarios(store),
      bloqueios: store.bloqueios.filter((b) => b.fim > from && b.inicio < to),
      agendamentos: store.agendamentos
        .filter((a) => a.datahora >= from && a.datahora < to)
        .sort((a, b) => (a.datahora < b.datahora ? -1 : a.datahora > b.datahora ? 1 : a.id < b.id ? -1 : 1))
        .map((a) => agendaItem(store, a)),
    }
  }),

  mockRoute('horariosLivres', (body, { store }) => {
    // several modalities: one machine serving them all, as the server
    const wanted = searchedModalities(body)
    const machines = store.equipamentos.filter((e) => servesAll(e, wanted))
    const doctors = medicosHorarios(store).filter((m) => body.medicoId === undefined || m.id === body.medicoId)
    // never a time already past at the clinic, inside the clinic's hours (docs/decisions.md "Opening hours")
    const wallNow = clinicWallClock(new Date(store.now())).toISOString()
    const desde = iso(body.desde) > wallNow ? iso(body.desde) : wallNow
    const clinic = clinicHours(store.clinica?.horarios)
    const horarios: HorarioLivre[] = []
    for (let offset = 0; offset < FREE_SLOT_HORIZON_DAYS && horarios.length < FREE_SLOT_LIMIT; offset++) {
      horarios.push(
        ...freeSlotsOfDay({
          day: addDays(desde.slice(0, 10), offset),
          desde,
          duracaoMinutos: body.duracaoMinutos,
          equipamentos: machines.map((e) => ({
            ...e,
            bloqueios: store.bloqueios.filter((b) => b.equipamentoId === e.id),
            busy: busyOf(store, 'equipamentoId', e.id),
          })),
          medicos: doctors.map((m) => ({ ...m, busy: busyOf(store, 'medicoId', m.id) })),
          limit: FREE_SLOT_LIMIT - horarios.length,
          clinic,
        }),
      )
    }
    return { horarios: machines.length === 0 || doctors.length === 0 ? [] : horarios }
  }),
]
