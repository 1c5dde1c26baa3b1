// The waiting room (issue 38), as the server's routes/chamadas.ts: 'Chamar' a waiting patient to a room
// (the machine's room by default), the calls of a clinic day, and the calls as history entries.
import { datePart, messages, statusOf, writesEveryAgenda, type Chamada, type HistoricoEntry } from '@contract'
import { fail, mockRoute } from '../pipeline'
import { agendamento } from '../records'
import { newId, type MockStore } from '../store'
import { notifyPanels } from './paineis'

type StoredChamada = MockStore['chamadas'][number]

function read(store: MockStore, c: StoredChamada): Chamada {
  const u = store.users.find((x) => x.id === c.userId)
  return {
    id: c.id,
    agendamentoId: c.agendamentoId,
    sala: c.sala,
    chamadoEm: c.at,
    chamadoPor: { id: c.userId, nome: u?.nome ?? '' },
  }
}

/** One appointment's calls as history entries ('Paciente chamado' with the room), newest first. */
export function chamadasHistoricoOf(store: MockStore, agendamentoId: string): HistoricoEntry[] {
  return store.chamadas
    .filter((c) => c.agendamentoId === agendamentoId)
    .reverse()
    .map((c) => ({ at: c.at, action: 'chamada', user: read(store, c).chamadoPor, fields: [], sala: c.sala }))
}

export const chamadasHandlers = [
  mockRoute('chamarPaciente', (body, { store, user }) => {
    const row = agendamento(store, body.id)
    if (!writesEveryAgenda({ role: user.role, medicoId: user.medicoId ?? null }) && row.medicoId !== user.medicoId)
      fail(403, messages.callNotYours)
    if (statusOf(row) !== 'aguardando') fail(409, messages.callNotWaiting)
    const sala = body.sala ?? store.equipamentos.find((e) => e.id === row.equipamentoId)?.nome
    if (!sala) fail(400, messages.callRoomRequired)
    const call: StoredChamada = {
      id: newId(),
      agendamentoId: row.id,
      sala,
      userId: user.id,
      at: new Date(store.now()).toISOString(),
    }
    store.chamadas.push(call)
    notifyPanels(store)
    return { chamada: read(store, call) }
  }),

  mockRoute('chamadasDia', (body, { store }) => {
    const ofDay = new Set(store.agendamentos.filter((a) => datePart(a.datahora) === body.dia).map((a) => a.id))
    return {
      chamadas: store.chamadas
        .filter((c) => ofDay.has(c.agendamentoId))
        .reverse()
        .map((c) => read(store, c)),
    }
  }),
]
