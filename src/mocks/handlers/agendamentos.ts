// Every /agendamento call: the lists (by date range, filtered, by patient, by doctor), one appointment,
// booking, changing and deleting one (a hard delete: its history stays), and its history.
import { AGENDAMENTO_FIELDS, mergeHistorico, isBeforeClinicToday, messages, statusOf } from '@contract'
import { audit, changed, historicoOf, statusHistoricoOf } from '../audit-trail'
import { fail, mockRoute } from '../pipeline'
import { chamadasHistoricoOf } from './chamadas'
import {
  activePaciente,
  agendamento,
  assertVersion,
  byAgendamentoOrder,
  iso,
  medico,
  page,
  readAgendamento,
  refuseUnlessOwnAgenda,
} from '../records'
import { newId, searchKey, type MockStore, type StoredAgendamento } from '../store'
import { catalogueHistoricoOf, detalhesOf, resolveChoice, saveChoice } from './catalogue'
import { assertNoOverlap, keptEnd } from './slot-rules'

/** Sorted, paged when `page` is sent (without it, every row: the home page's whole day). */
function agendamentoRows(store: MockStore, rows: StoredAgendamento[], pageNumber: number | undefined) {
  const sorted = [...rows].sort(byAgendamentoOrder)
  const chosen = pageNumber === undefined ? sorted : page(sorted, pageNumber)
  return { agendamentos: chosen.map((a) => readAgendamento(store, a)) }
}

const inRange = (datahora: string, start: string, end: string) => {
  const t = Date.parse(datahora)
  return t >= Date.parse(start) && t <= Date.parse(end)
}

export const agendamentosHandlers = [
  mockRoute('listAgendamentosBetweenDate', (body, { store }) => {
    const rows = store.agendamentos.filter((a) => inRange(a.datahora, body.datainicior, body.datafimr))
    return agendamentoRows(store, rows, body.page)
  }),

  mockRoute('listAgendamentos', (body, { store }) => {
    const nome = body.pacienteNome ? searchKey(body.pacienteNome) : ''
    const rows = store.agendamentos.filter((a) => {
      if (body.medicoId !== undefined && a.medicoId !== body.medicoId) return false
      if (body.status !== undefined && statusOf(a) !== body.status) return false
      if (
        body.datainicior !== undefined &&
        body.datafimr !== undefined &&
        !inRange(a.datahora, body.datainicior, body.datafimr)
      )
        return false
      if (nome) {
        const p = store.pacientes.find((x) => x.id === a.pacienteId)
        if (!p || !searchKey(p.nome).includes(nome)) return false
      }
      return true
    })
    return agendamentoRows(store, rows, body.page)
  }),

  mockRoute('listAgendamentosByPaciente', (body, { store }) =>
    agendamentoRows(
      store,
      store.agendamentos.filter((a) => a.pacienteId === body.pacienteId),
      body.page,
    ),
  ),

  mockRoute('listAgendamentosByMedico', (body, { store }) =>
    agendamentoRows(
      store,
      store.agendamentos.filter((a) => a.medicoId === body.medicoId),
      body.page,
    ),
  ),

  mockRoute('findAgendamento', (body, { store }) => ({
    agendamento: readAgendamento(store, agendamento(store, body.id)),
  })),

  mockRoute('registerAgendamento', (body, { store, user }) => {
    activePaciente(store, body.pacienteId)
    refuseUnlessOwnAgenda(user, [body.medicoId])
    medico(store, body.medicoId)
    const datahora = iso(body.datahora)
    // the catalogue's exams and convênio (docs/decisions.md, "Exam catalogue"), checked before the slot
    const resolved = resolveChoice(store, body)
    assertNoOverlap(store, { ...body, exames: resolved.exames, datahora })
    const row: StoredAgendamento = {
      id: newId(),
      datahora,
      anotacao: body.anotacao,
      convenio: resolved.convenio,
      valorIncents: body.valorIncents,
      estaPago: body.estaPago,
      exames: [...resolved.exames],
      // the creator is who signed in, whatever the body says
      userId: user.id,
      pacienteId: body.pacienteId,
      medicoId: body.medicoId,
      versao: 1,
      createdAt: new Date().toISOString(),
    }
    store.agendamentos.push(row)
    saveChoice(store, row.id, body, resolved.itens, body.valorIncents, user.id)
    audit(store, user, { action: 'create', entity: 'agendamento', entityId: row.id, fields: [...AGENDAMENTO_FIELDS] })
    return { agendamento: readAgendamento(store, row) }
  }),

  mockRoute('updateAgendamento', (body, { store, user }) => {
    const row = agendamento(store, body.id)
    refuseUnlessOwnAgenda(user, [row.medicoId, body.medicoId])
    const before = readAgendamento(store, row)
    assertVersion(row.versao, body.versao)
    const detalhes = detalhesOf(store, row.id)
    const resolved = resolveChoice(store, body, detalhes)
    const datahora = iso(body.datahora)
    // an appointment may keep its past date-time; moving it to a day before today is refused
    if (datahora !== row.datahora && isBeforeClinicToday(datahora)) fail(400, messages.dateBeforeToday)
    activePaciente(store, body.pacienteId)
    medico(store, body.medicoId)
    assertNoOverlap(store, { ...body, exames: resolved.exames, datahora }, row.id)
    Object.assign(row, {
      datahora,
      fim: keptEnd(row, datahora, resolved.exames.length),
      anotacao: body.anotacao,
      convenio: resolved.convenio,
      valorIncents: body.valorIncents,
      estaPago: body.estaPago,
      exames: [...resolved.exames],
      pacienteId: body.pacienteId,
      medicoId: body.medicoId,
      versao: row.versao + 1,
    })
    saveChoice(store, row.id, body, resolved.itens, body.valorIncents, user.id, {
      detalhes,
      valorIncents: before.valorIncents,
    })
    const after = readAgendamento(store, row)
    audit(store, user, {
      action: 'update',
      entity: 'agendamento',
      entityId: row.id,
      fields: changed(before, after, AGENDAMENTO_FIELDS),
    })
    return { agendamento: after }
  }),

  mockRoute('deleteAgendamento', (body, { store, user }) => {
    const row = agendamento(store, body.id)
    refuseUnlessOwnAgenda(user, [row.medicoId])
    // as the server (issue 35): money received or an exam done is never erased; the appointment is cancelled
    const received = row.estaPago || store.pagamentos.some((p) => p.agendamentoId === row.id)
    if (received || statusOf(row) === 'realizado') fail(409, messages.appointmentDeleteKept)
    // as the server's foreign key (issue 36): a laudo is a medical record
    if (store.laudos.some((l) => l.agendamentoId === row.id)) fail(409, messages.appointmentDeleteHasLaudo)
    store.agendamentos.splice(store.agendamentos.indexOf(row), 1)
    audit(store, user, { action: 'delete', entity: 'agendamento', entityId: row.id, fields: [] })
    return { ok: true }
  }),

  mockRoute('historicoAgendamento', (body, { store }) => {
    // with its status moves, newest first, as the server merges them
    const historico = mergeHistorico(
      historicoOf(store, 'agendamento', body.id),
      mergeHistorico(
        catalogueHistoricoOf(store, body.id),
        mergeHistorico(chamadasHistoricoOf(store, body.id), statusHistoricoOf(store, body.id)),
      ),
    )
    // the history of a deleted appointment is still answered; 404 only when there never was one
    if (historico.length === 0) agendamento(store, body.id)
    return { historico }
  }),
]
