// The front desk's day, as the server's routes/status.ts and routes/user-doctor-links.ts: status moves and
// 'Desfazer' (one check of status and versao, so a stale move changes nothing), 'Marcar faltas', the day
// boards' version, and the user↔doctor link. The rules are the contract's (contract/status.ts).
import {
  clinicHours,
  canMarkMissed,
  canMove,
  canUndoAt,
  datePart,
  isMissedCandidate,
  messages,
  moveNotAllowedMessage,
  moverRefusal,
  statusOf,
  type Status,
  type UsuarioComMedico,
} from '@contract'
import { fail, mockRoute } from '../pipeline'
import { agendamento, byAgendamentoOrder, compare, medico, page, readAgendamento } from '../records'
import type { MockStore, StoredAgendamento, StoredUser } from '../store'
import { assertSlotFree } from './slot-rules'
import { lacksRequiredSenha } from './tiss-dados'

const nowOf = (store: MockStore) => new Date(store.now())

function withMedico(store: MockStore, user: StoredUser): UsuarioComMedico {
  const linked = user.medicoId ? store.medicos.find((m) => m.id === user.medicoId) : undefined
  return {
    id: user.id,
    nome: user.nome,
    email: user.email,
    role: user.role,
    ativo: user.ativo !== false,
    medico: linked ? { id: linked.id, nome: linked.nome } : null,
  }
}

const mover = (user: StoredUser) => ({ role: user.role, medicoId: user.medicoId ?? null })

/** The server's read of an appointment for a change: 404, then the sender's right (403), then the versao (409). */
function forChange(store: MockStore, id: string, versao: number): StoredAgendamento {
  const row = agendamento(store, id)
  if (row.versao !== versao) fail(409, messages.statusStale)
  return row
}

function setStatus(row: StoredAgendamento, status: Status) {
  if (status === 'agendado') delete row.status
  else row.status = status
  row.versao += 1
}

/**
 * A hash of the day's appointments as they are read (readAgendamento: the version and the names they show):
 * changes with every booking, change, move and deletion, and with a rename of a patient, doctor or machine of
 * the day (the server's agenda items are written again then, migration 0012, which moves their days' versions).
 */
function dayVersion(store: MockStore, dia: string): number {
  const rows = store.agendamentos.filter((a) => datePart(a.datahora) === dia).sort((a, b) => compare(a.id, b.id))
  if (rows.length === 0) return 0
  let hash = 2_166_136_261
  for (const ch of rows.map((a) => JSON.stringify(readAgendamento(store, a))).join('|'))
    hash = Math.imul(hash ^ ch.charCodeAt(0), 16_777_619) >>> 0
  return hash || 1
}

export const frontDeskHandlers = [
  mockRoute('moverStatus', (body, { store, user }) => {
    const found = agendamento(store, body.id)
    const refusal = moverRefusal(mover(user), found.medicoId, body.status)
    if (refusal) fail(403, refusal)
    const row = forChange(store, body.id, body.versao)
    const de = statusOf(row)
    if (!canMove(de, body.status)) fail(409, moveNotAllowedMessage(de, body.status))
    // issue 37: an exam its convênio authorises beforehand is not 'Realizado' without the senha
    if (body.status === 'realizado' && lacksRequiredSenha(store, row.id)) fail(409, messages.tissSenhaObrigatoria)
    const at = nowOf(store).toISOString()
    setStatus(row, body.status)
    if (body.status === 'aguardando') {
      row.chegada = at
      if (body.prioridade) row.prioridade = body.prioridade
      else delete row.prioridade
    }
    store.statusMoves.push({
      agendamentoId: row.id,
      tipo: 'mover',
      de,
      para: body.status,
      ...(body.motivo ? { motivo: body.motivo } : {}),
      ...(body.texto ? { texto: body.texto } : {}),
      userId: user.id,
      at,
    })
    return { agendamento: readAgendamento(store, row) }
  }),

  mockRoute('desfazerStatus', (body, { store, user }) => {
    const row = forChange(store, body.id, body.versao)
    const current = statusOf(row)
    const last = store.statusMoves.findLast((m) => m.agendamentoId === row.id && m.tipo === 'mover' && !m.desfeito)
    if (!last || last.para !== current) fail(409, messages.undoNothing)
    const refusal = moverRefusal(mover(user), row.medicoId, last.para)
    if (refusal) fail(403, refusal)
    const now = nowOf(store)
    if (!canUndoAt(user.role, last.at, now)) fail(403, messages.undoExpired)
    // restoring a cancelled or missed appointment needs its time to be free still
    assertSlotFree(store, row.medicoId, row.datahora, row.id, messages.undoSlotTaken)
    setStatus(row, last.de)
    if (last.para === 'aguardando') {
      delete row.chegada
      delete row.prioridade
    }
    last.desfeito = true
    store.statusMoves.push({
      agendamentoId: row.id,
      tipo: 'desfazer',
      de: last.para,
      para: last.de,
      userId: user.id,
      at: now.toISOString(),
    })
    return { agendamento: readAgendamento(store, row) }
  }),

  mockRoute('marcarFaltas', (body, { store, user }) => {
    if (!canMarkMissed(mover(user))) fail(403, messages.missedStaffOnly)
    const now = nowOf(store)
    const ids = new Set(body.ids)
    const marked = store.agendamentos.filter(
      (a) =>
        ids.has(a.id) &&
        isMissedCandidate({ datahora: a.datahora, status: statusOf(a) }, now, clinicHours(store.clinica?.horarios)),
    )
    for (const row of marked) {
      const de = statusOf(row)
      setStatus(row, 'faltou')
      store.statusMoves.push({
        agendamentoId: row.id,
        tipo: 'mover',
        de,
        para: 'faltou',
        userId: user.id,
        at: now.toISOString(),
      })
    }
    return { agendamentos: [...marked].sort(byAgendamentoOrder).map((a) => readAgendamento(store, a)) }
  }),

  mockRoute('versaoDia', (body, { store }) => ({ dia: body.dia, versao: dayVersion(store, body.dia) })),

  mockRoute('meuUsuario', (_body, { store, user }) => ({ user: withMedico(store, user) })),

  mockRoute('listUsuarios', (body, { store }) => {
    const sorted = [...store.users].sort((a, b) => compare(a.nome, b.nome) || compare(a.id, b.id))
    return { usuarios: page(sorted, body.page).map((u) => withMedico(store, u)) }
  }),

  mockRoute('vincularMedico', (body, { store }) => {
    if (body.medicoId !== null) medico(store, body.medicoId)
    const user = store.users.find((u) => u.id === body.id) ?? fail(404, messages.userNotFound)
    user.medicoId = body.medicoId
    return { user: withMedico(store, user) }
  }),
]
