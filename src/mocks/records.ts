// Reading the store the way the server's repositories do: a record by id or the server's 404, the lists'
// order and pages, and an appointment as read back. Shared by the handlers of several resources.
import {
  PAGE_SIZE,
  appointmentWriteRefusal,
  clinicToday,
  pessoaIdosa,
  type PessoaIdosa,
  defaultDurationMinutes,
  messages,
  minutesBetween,
  type Agendamento,
} from '@contract'
import { fail } from './pipeline'
import { searchKey, type MockStore, type StoredAgendamento, type StoredPaciente, type StoredUser } from './store'

export const page = <T>(rows: T[], pageNumber: number): T[] =>
  rows.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE)

/** Code-unit order, as PostgreSQL's C collation (the database runs with the builtin C locale). */
export function compare<T extends string | number>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** As the server: the unaccented name, then the name itself, then the id (a total order: stable pages). */
export const byPacienteOrder = (a: StoredPaciente, b: StoredPaciente) =>
  compare(searchKey(a.nome), searchKey(b.nome)) || compare(a.nome, b.nome) || compare(a.id, b.id)
export const byAgendamentoOrder = (a: StoredAgendamento, b: StoredAgendamento) =>
  compare(Date.parse(a.datahora), Date.parse(b.datahora)) || compare(a.id, b.id)

/** A date-time as the database gives it back: ISO UTC with milliseconds. */
export const iso = (value: string) => new Date(value).toISOString()

export function activePaciente(store: MockStore, id: string): StoredPaciente {
  const found = store.pacientes.find((p) => p.id === id && p.ativo)
  return found ?? fail(404, messages.patientNotFound)
}

export function anyPaciente(store: MockStore, id: string): StoredPaciente {
  return store.pacientes.find((p) => p.id === id) ?? fail(404, messages.patientNotFound)
}

export function medico(store: MockStore, id: string) {
  return store.medicos.find((m) => m.id === id) ?? fail(404, messages.doctorNotFound)
}

export function agendamento(store: MockStore, id: string): StoredAgendamento {
  return store.agendamentos.find((a) => a.id === id) ?? fail(404, messages.appointmentNotFound)
}

/** An appointment as read back: names of patient and doctor included, `estapago`. */
export function readAgendamento(store: MockStore, a: StoredAgendamento): Agendamento {
  const p = store.pacientes.find((x) => x.id === a.pacienteId)
  const m = store.medicos.find((x) => x.id === a.medicoId)
  const e = a.equipamentoId === undefined ? undefined : store.equipamentos.find((x) => x.id === a.equipamentoId)
  return {
    id: a.id,
    datahora: a.datahora,
    anotacao: a.anotacao,
    convenio: a.convenio,
    valorIncents: a.valorIncents,
    estapago: a.estaPago,
    userId: a.userId,
    pacienteId: a.pacienteId,
    medicoId: a.medicoId,
    paciente: { id: a.pacienteId, nome: p?.nome ?? '' },
    doutor: { id: a.medicoId, nome: m?.nome ?? '' },
    exames: [...a.exames],
    versao: a.versao,
    // as the server: left out while agendado, the arrival once there is one
    ...(a.status === undefined || a.status === 'agendado' ? {} : { status: a.status }),
    ...(a.chegada === undefined ? {} : { chegada: a.chegada }),
    // the agenda's fields, left out while default (docs/decisions.md "Agenda and equipment")
    ...(a.fim === undefined || minutesBetween(a.datahora, a.fim) === defaultDurationMinutes(a.exames.length)
      ? {}
      : { fim: a.fim }),
    ...(e === undefined ? {} : { equipamento: { id: e.id, nome: e.nome } }),
    ...(a.encaixe ? { encaixe: true as const } : {}),
    // once arrived, as the server's agendamento_json (migration 0027): the declared priority, the age's
    ...(a.chegada !== undefined && a.prioridade !== undefined ? { prioridade: a.prioridade } : {}),
    ...(a.chegada !== undefined && p !== undefined && idosaOn(p.datanascimento, a.chegada)),
  }
}

/** `pessoaIdosa` of a patient born at `birth` who arrived at `chegada` (the arrival's clinic day). */
function idosaOn(birth: string, chegada: string): { pessoaIdosa?: PessoaIdosa } {
  const idosa = pessoaIdosa(birth, clinicToday(new Date(chegada)))
  return idosa === undefined ? {} : { pessoaIdosa: idosa }
}

/** A lost update (docs/decisions.md, "Calls"): the `versao` sent is not the record's any more. */
export function assertVersion(current: number, sent: number | undefined) {
  if (sent !== undefined && sent !== current) fail(409, messages.staleWrite)
}

/** As the server (server/booking/appointment-owner.ts): a doctor's user writes only their own doctor's appointments. */
export function refuseUnlessOwnAgenda(user: StoredUser, medicoIds: readonly string[]) {
  const refusal = appointmentWriteRefusal({ role: user.role, medicoId: user.medicoId ?? null }, medicoIds)
  if (refusal) fail(403, refusal)
}
