// Every /paciente call and PUT /pacientes/ativar (admin): lists and searches of active patients, one
// patient, registering, changing, deleting (inactive, not removed) and reactivating one, its history
// and its LGPD export.
import { messages, PACIENTE_AUDITED_FIELDS } from '@contract'
import { audit, changed, historicoOf } from '../audit-trail'
import { fail, mockRoute } from '../pipeline'
import {
  activePaciente,
  anyPaciente,
  assertVersion,
  byAgendamentoOrder,
  byPacienteOrder,
  iso,
  page,
  readAgendamento,
} from '../records'
import { newId, searchKey, type MockStore, type StoredPaciente } from '../store'

function pacienteRows(rows: StoredPaciente[], pageNumber: number) {
  return { pacientes: page([...rows].sort(byPacienteOrder), pageNumber).map((p) => ({ ...p })) }
}

/** CPF and RG belong to one patient for good, active or not (409 'já existente ou já inativado'). */
function assertDocumentsFree(store: MockStore, cpf: string, rg: string, exceptId?: string) {
  if (store.pacientes.some((p) => p.id !== exceptId && (p.cpf === cpf || p.rg === rg)))
    fail(409, messages.patientAlreadyExists)
}

export const pacientesHandlers = [
  mockRoute('listPacientes', (body, { store }) =>
    pacienteRows(
      store.pacientes.filter((p) => p.ativo),
      body.page,
    ),
  ),

  mockRoute('findPacientesByNome', (body, { store }) => {
    const nome = searchKey(body.nomer)
    return pacienteRows(
      store.pacientes.filter((p) => p.ativo && searchKey(p.nome).includes(nome)),
      body.page,
    )
  }),

  mockRoute('findPacienteByCpf', (body, { store }) => {
    const found = store.pacientes.find((p) => p.ativo && p.cpf === body.cpf)
    return { paciente: { ...(found ?? fail(404, messages.patientNotFound)) } }
  }),

  mockRoute('verificarCpf', (body, { store, user }) => {
    const found = store.pacientes.find((p) => p.cpf === body.cpf)
    if (!found) return { situacao: 'livre' as const, paciente: null }
    const paciente = { id: found.id, nome: found.nome }
    if (found.ativo) return { situacao: 'ativo' as const, paciente }
    return { situacao: 'inativo' as const, paciente: user.role === 'ADMIN' ? paciente : null }
  }),

  mockRoute('findPacienteByRg', (body, { store }) => {
    const found = store.pacientes.find((p) => p.ativo && p.rg === body.rg)
    return { paciente: { ...(found ?? fail(404, messages.patientNotFound)) } }
  }),

  // inactive patients too (with `ativo: false`): every list and search leaves them out, this does not
  mockRoute('findPaciente', (body, { store }) => ({ paciente: { ...anyPaciente(store, body.id) } })),

  mockRoute('listPacientesInativos', (body, { store }) =>
    pacienteRows(
      store.pacientes.filter((p) => !p.ativo),
      body.page,
    ),
  ),

  mockRoute('registerPaciente', (body, { store, user }) => {
    assertDocumentsFree(store, body.cpf, body.rg)
    const { userId: _ignored, ...fields } = body
    const row: StoredPaciente = {
      ...fields,
      // optional (issue 14): '' when not given, like the server's column defaults
      cep: fields.cep ?? '',
      complemento: fields.complemento ?? '',
      nomesocial: fields.nomesocial ?? '',
      datanascimento: iso(fields.datanascimento),
      id: newId(),
      // the creator is who signed in, whatever the body says
      userId: user.id,
      ativo: true,
      versao: 1,
    }
    store.pacientes.push(row)
    audit(store, user, { action: 'create', entity: 'paciente', entityId: row.id, fields: [...PACIENTE_AUDITED_FIELDS] })
    return { paciente: { ...row } }
  }),

  mockRoute('updatePaciente', (body, { store, user }) => {
    const row = activePaciente(store, body.id)
    assertVersion(row.versao, body.versao)
    assertDocumentsFree(store, body.cpf, body.rg, row.id)
    const before = { ...row }
    const { id: _id, versao: _versao, ...given } = body
    // an optional field left out of the update keeps its value (issue 14, and the consent of issue 15), as
    // on the server
    const fields = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as typeof given
    Object.assign(row, { ...fields, datanascimento: iso(fields.datanascimento), versao: row.versao + 1 })
    audit(store, user, {
      action: 'update',
      entity: 'paciente',
      entityId: row.id,
      fields: changed(before, row, PACIENTE_AUDITED_FIELDS),
    })
    return { paciente: { ...row } }
  }),

  mockRoute('deletePaciente', (body, { store, user }) => {
    const row = activePaciente(store, body.id)
    if (store.agendamentos.some((a) => a.pacienteId === row.id)) fail(409, messages.patientHasAppointments)
    row.ativo = false
    row.versao += 1
    audit(store, user, { action: 'delete', entity: 'paciente', entityId: row.id, fields: ['ativo'] })
    return { ok: true }
  }),

  mockRoute('ativarPaciente', (body, { store, user }) => {
    const row = anyPaciente(store, body.id)
    const wasActive = row.ativo
    if (!row.ativo) {
      row.ativo = true
      row.versao += 1
    }
    audit(store, user, {
      action: 'reactivate',
      entity: 'paciente',
      entityId: row.id,
      fields: wasActive ? [] : ['ativo'],
    })
    return { ok: true }
  }),

  mockRoute('historicoPaciente', (body, { store }) => {
    const historico = historicoOf(store, 'paciente', body.id)
    if (historico.length === 0) anyPaciente(store, body.id)
    return { historico }
  }),

  mockRoute('exportarPaciente', (body, { store, user }) => {
    const paciente = anyPaciente(store, body.id)
    audit(store, user, { action: 'export', entity: 'paciente', entityId: paciente.id, fields: [] })
    const own = store.agendamentos.filter((a) => a.pacienteId === paciente.id).sort(byAgendamentoOrder)
    return {
      paciente: { ...paciente },
      agendamentos: own.map((a) => readAgendamento(store, a)),
      historico: historicoOf(store, 'paciente', paciente.id),
    }
  }),
]
