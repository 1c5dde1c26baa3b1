// Status moves, 'Desfazer' and 'Marcar faltas' (contract/status.ts has the rules). Every change is one
// conditional UPDATE (… WHERE status = <the status read> AND versao = <the versao the client read>): of
// several simultaneous moves of one appointment exactly one changes the row, the others find the versao
// gone and are refused as stale. Each change writes its row in agendamento_status, in the caller's
// transaction (`tx`), which also writes the audit row (server/routes/status.ts).
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import {
  canMove,
  canUndoAt,
  clinicToday,
  messages,
  missedCutoff,
  moveNotAllowedMessage,
  moverRefusal,
  statusChangeFields,
  type Agendamento,
  type HistoricoEntry,
  type Horario,
  type MotivoCancelamento,
  type Prioridade,
  type Role,
  type Mover,
  type Status,
} from '@contract'
import { agendaVersoes, agendamentos, agendamentoStatus, equipamentos, users } from '../db/schema'
import { arrayQuery, arrayRows, sqlArrayQuery, type ArrayQuery } from './array-rows'
import { findById } from './agendamentos'
import type { Executor } from './executor'
import { arrayRowsInSession, sessionRoleColumn, type SessionInStatement } from './sessions'

/** Who moves: the signed-in user's id, role and doctor link. */
export interface Actor extends Mover {
  id: string
}

export type ChangeResult =
  | { kind: 'ok'; agendamento: Agendamento; de: Status; para: Status }
  | { kind: 'notFound' }
  | { kind: 'stale' }
  /** The move is not allowed from the current status (or there is nothing to undo, or too late). */
  | { kind: 'refused'; status: 403 | 409; message: string }

// The statements of every change, built once for all handles (a transaction is a new handle each time, so
// drizzle's per-handle cache never served them: building them cost more CPU than PostgreSQL took to run them —
// bench/journal/2026-11-24-cheaper-answers-second-round.md, "Cheaper answers (second round)"), named, run in
// array mode.
let currentQuery: ArrayQuery | undefined
let currentInSessionQuery: ArrayQuery | undefined
const updateQueries = new Map<string, ArrayQuery>()

/** The appointment's status, versao and doctor. */
async function current(tx: Executor, id: string) {
  currentQuery ??= arrayQuery(
    tx
      .select({ status: agendamentos.status, versao: agendamentos.versao, medicoId: agendamentos.medicoId })
      .from(agendamentos)
      .where(eq(agendamentos.id, sql.placeholder('id'))),
    'status_current',
  )
  const [row] = await arrayRows(tx, currentQuery, { id })
  if (!row) return undefined
  return { status: row[0] as Status, versao: row[1] as number, medicoId: row[2] as string }
}

/**
 * The same, and the signed-in user's role and doctor link in the same statement, the session settled with
 * it (plugins/session-check.ts): a move's first statement is its only read before the UPDATE.
 */
async function currentWithActor(tx: Executor, id: string, session: SessionInStatement) {
  currentInSessionQuery ??= arrayQuery(
    tx
      .select({
        status: agendamentos.status,
        versao: agendamentos.versao,
        medicoId: agendamentos.medicoId,
        // aliased: the outer query's columns are written unqualified by drizzle
        actorMedicoId: sql`(select u.medico_id from ${users} u where u.id = ${sql.placeholder('sessionUserId')})`,
        // last: arrayRowsInSession settles the session with it
        role: sessionRoleColumn,
      })
      .from(agendamentos)
      .where(eq(agendamentos.id, sql.placeholder('id'))),
    'status_current_actor',
  )
  const [row] = await arrayRowsInSession(tx, currentInSessionQuery, { id }, session)
  if (!row) return undefined
  const actor: Mover = { role: row[4] as Role, medicoId: (row[3] ?? null) as string | null }
  return { status: row[0] as Status, versao: row[1] as number, medicoId: row[2] as string, actor }
}

/** History row values a move writes with its UPDATE (the 'mover' row of agendamento_status). */
interface MoveHistory {
  de: Status
  motivo: MotivoCancelamento | null
  texto: string | null
  userId: string
  at: Date
}

/**
 * The same UPDATE for every change: only if nobody changed the appointment since it was read. With
 * `history`, the move's history row is written by the same statement (a CTE), only when the row changed.
 */
async function conditionalUpdate(
  tx: Executor,
  id: string,
  expected: { status: Status; versao: number },
  set: { status: Status; chegada?: Date | null; prioridade?: Prioridade | null },
  history?: MoveHistory,
): Promise<boolean> {
  const withChegada = set.chegada !== undefined
  const variant = `${withChegada ? 'c' : ''}${history ? 'h' : ''}`
  let query = updateQueries.get(variant)
  if (!query) {
    // an arrival, or an arrival taken back, sets (or forgets) the priority declared with it
    const chegada = withChegada
      ? sql`, chegada = ${sql.placeholder('chegada')}::timestamptz, prioridade = ${sql.placeholder('prioridade')}::text`
      : sql``
    const update = sql`update ${agendamentos} set status = ${sql.placeholder('to')}, versao = versao + 1,
      updated_at = now()${chegada}
      where id = ${sql.placeholder('id')} and status = ${sql.placeholder('status')}
        and versao = ${sql.placeholder('versao')}
      returning id`
    const statement = history
      ? sql`with moved as (${update})
          insert into ${agendamentoStatus} (agendamento_id, tipo, de, para, motivo, texto, user_id, at)
          select id, 'mover', ${sql.placeholder('de')}::text, ${sql.placeholder('to')}::text,
            ${sql.placeholder('motivo')}::text, ${sql.placeholder('texto')}::text, ${sql.placeholder('userId')}::uuid,
            ${sql.placeholder('at')}::timestamptz
          from moved returning agendamento_id`
      : update
    query = sqlArrayQuery(statement, `status_update_${variant || 'plain'}`)
    updateQueries.set(variant, query)
  }
  const rows = await arrayRows(tx, query, {
    id,
    to: set.status,
    status: expected.status,
    versao: expected.versao,
    chegada: set.chegada === undefined || set.chegada === null ? null : set.chegada.toISOString(),
    ...(withChegada && { prioridade: set.prioridade ?? null }),
    ...(history && {
      de: history.de,
      motivo: history.motivo,
      texto: history.texto,
      userId: history.userId,
      at: history.at.toISOString(),
    }),
  })
  return rows.length === 1
}

export interface MoveInput {
  id: string
  versao: number
  to: Status
  motivo?: MotivoCancelamento | undefined
  texto?: string | undefined
  prioridade?: Prioridade | undefined
}

/**
 * Moves an appointment read at `versao` to `to`; 'aguardando' records the arrival time and the priority declared. The signed-in user's
 * role and doctor link are read with the appointment (the first statement of the transaction), which also
 * settles the session (`session`).
 */
export async function move(
  tx: Executor,
  input: MoveInput,
  session: SessionInStatement,
  now: Date,
): Promise<ChangeResult> {
  const row = await currentWithActor(tx, input.id, session)
  if (!row) return { kind: 'notFound' }
  const refusal = moverRefusal(row.actor, row.medicoId, input.to)
  if (refusal) return { kind: 'refused', status: 403, message: refusal }
  if (row.versao !== input.versao) return { kind: 'stale' }
  if (!canMove(row.status, input.to))
    return { kind: 'refused', status: 409, message: moveNotAllowedMessage(row.status, input.to) }
  const set =
    input.to === 'aguardando'
      ? { status: input.to, chegada: now, prioridade: input.prioridade ?? null }
      : { status: input.to }
  const history: MoveHistory = {
    de: row.status,
    motivo: input.motivo ?? null,
    texto: input.texto ? input.texto : null,
    userId: session.values.sessionUserId,
    at: now,
  }
  if (!(await conditionalUpdate(tx, input.id, row, set, history))) return { kind: 'stale' }
  return { kind: 'ok', agendamento: (await findById(tx, input.id))!, de: row.status, para: input.to }
}

/**
 * A move made by a machine through DICOM MPPS (issue 19): the same rules (canMove) on the status it finds,
 * with the machine as the actor of the history row. 'refused' when the rules do not allow the move.
 */
export async function moveByMachine(
  tx: Executor,
  id: string,
  to: Status,
  equipamentoId: string,
  now: Date,
): Promise<ChangeResult> {
  const row = await current(tx, id)
  if (!row) return { kind: 'notFound' }
  if (!canMove(row.status, to)) return { kind: 'refused', status: 409, message: moveNotAllowedMessage(row.status, to) }
  if (!(await conditionalUpdate(tx, id, row, { status: to }))) return { kind: 'stale' }
  await tx
    .insert(agendamentoStatus)
    .values({ agendamentoId: id, tipo: 'mover', de: row.status, para: to, equipamentoId, at: now })
  return { kind: 'ok', agendamento: (await findById(tx, id))!, de: row.status, para: to }
}

/**
 * Takes back the last move still in effect: back to the status it left (an arrival taken back forgets
 * the arrival time). Anyone within UNDO_WINDOW_MINUTES of the move, ADMIN at any time; a doctor's user
 * only the moves they may make. Restoring a cancelled or missed appointment whose time was booked again
 * fails on the unique index (the route answers undoSlotTaken).
 */
export async function undo(
  tx: Executor,
  input: { id: string; versao: number },
  actor: Actor,
  now: Date,
): Promise<ChangeResult> {
  const row = await current(tx, input.id)
  if (!row) return { kind: 'notFound' }
  if (row.versao !== input.versao) return { kind: 'stale' }
  const [last] = await tx
    .select()
    .from(agendamentoStatus)
    .where(
      and(
        eq(agendamentoStatus.agendamentoId, input.id),
        eq(agendamentoStatus.tipo, 'mover'),
        isNull(agendamentoStatus.desfeitoEm),
      ),
    )
    .orderBy(desc(agendamentoStatus.id))
    .limit(1)
  if (!last || last.para !== row.status) return { kind: 'refused', status: 409, message: messages.undoNothing }
  const refusal = moverRefusal(actor, row.medicoId, last.para)
  if (refusal) return { kind: 'refused', status: 403, message: refusal }
  if (!canUndoAt(actor.role, last.at.toISOString(), now))
    return { kind: 'refused', status: 403, message: messages.undoExpired }
  const set = last.para === 'aguardando' ? { status: last.de, chegada: null, prioridade: null } : { status: last.de }
  if (!(await conditionalUpdate(tx, input.id, row, set))) return { kind: 'stale' }
  await tx.update(agendamentoStatus).set({ desfeitoEm: now }).where(eq(agendamentoStatus.id, last.id))
  await tx.insert(agendamentoStatus).values({
    agendamentoId: input.id,
    tipo: 'desfazer',
    de: last.para,
    para: last.de,
    userId: actor.id,
    at: now,
  })
  return { kind: 'ok', agendamento: (await findById(tx, input.id))!, de: last.para, para: last.de }
}

/**
 * 'Marcar faltas': of `ids`, those still qualifying at `now` (today at the clinic, more than
 * MISSED_AFTER_MINUTES past their time, still agendado or confirmado — isMissedCandidate) become
 * 'faltou', in one UPDATE; an appointment whose patient arrived meanwhile is left alone.
 */
export async function markMissed(
  tx: Executor,
  ids: string[],
  actor: Actor,
  now: Date,
  clinic?: readonly Horario[],
): Promise<{ id: string; de: Status }[]> {
  const dayStart = new Date(`${clinicToday(now)}T00:00:00.000Z`)
  // isMissedCandidate's rule: 30 minutes late, or any time before now once the clinic has closed
  const cutoff = new Date(missedCutoff(now, clinic))
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  const result = await tx.execute<{ id: string; de: Status }>(sql`
    WITH alvo AS (
      SELECT id, status FROM ${agendamentos}
      WHERE id IN (${idList}) AND status IN ('agendado', 'confirmado')
        AND datahora >= ${dayStart.toISOString()}::timestamptz AND datahora < ${cutoff.toISOString()}::timestamptz
      FOR UPDATE
    )
    UPDATE ${agendamentos} AS a SET status = 'faltou', versao = a.versao + 1, updated_at = now()
    FROM alvo WHERE a.id = alvo.id AND a.status = alvo.status
    RETURNING a.id, alvo.status AS de`)
  const marked = result.rows
  if (marked.length > 0)
    await tx.insert(agendamentoStatus).values(
      marked.map((row) => ({
        agendamentoId: row.id,
        tipo: 'mover' as const,
        de: row.de,
        para: 'faltou' as const,
        userId: actor.id,
        at: now,
      })),
    )
  return marked
}

/** The appointment's status moves as history entries, newest first. */
export async function historico(db: Executor, agendamentoId: string): Promise<HistoricoEntry[]> {
  const rows = await db
    .select({
      at: agendamentoStatus.at,
      tipo: agendamentoStatus.tipo,
      de: agendamentoStatus.de,
      para: agendamentoStatus.para,
      motivo: agendamentoStatus.motivo,
      texto: agendamentoStatus.texto,
      userId: agendamentoStatus.userId,
      nome: users.nome,
      equipamentoId: agendamentoStatus.equipamentoId,
      equipamentoNome: equipamentos.nome,
    })
    .from(agendamentoStatus)
    .leftJoin(users, eq(users.id, agendamentoStatus.userId))
    .leftJoin(equipamentos, eq(equipamentos.id, agendamentoStatus.equipamentoId))
    .where(eq(agendamentoStatus.agendamentoId, agendamentoId))
    .orderBy(desc(agendamentoStatus.at), desc(agendamentoStatus.id))
  return rows.map((row) => ({
    at: row.at.toISOString(),
    action: row.tipo === 'mover' ? 'status' : 'status_desfeito',
    user: row.userId === null ? null : { id: row.userId, nome: row.nome ?? '' },
    // a machine's move through DICOM MPPS (issue 19): 'made by <equipment name>'
    ...(row.equipamentoId === null ? {} : { equipamento: { id: row.equipamentoId, nome: row.equipamentoNome ?? '' } }),
    fields: statusChangeFields(row.de, row.para),
    status: {
      de: row.de,
      para: row.para,
      ...(row.motivo ? { motivo: row.motivo } : {}),
      ...(row.texto ? { texto: row.texto } : {}),
    },
  }))
}

/** The doctor link of a user (null: front desk or administrator without one). */
export async function medicoOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ medicoId: users.medicoId }).from(users).where(eq(users.id, userId))
  return row?.medicoId ?? null
}

// polled by every open board every few seconds: a named prepared statement (a primary-key lookup), with the
// session's role beside it (one round trip for the whole call); always one row, 0 before a day's first change
const dayVersionQuery = sqlArrayQuery(
  sql`select (select v.versao from ${agendaVersoes} v where v.dia = ${sql.placeholder('dia')}), ${sessionRoleColumn}`,
  'agenda_versao_dia',
)

/** The version of a clinic day's appointments (0 before the first change: see agenda_versoes), the session settled. */
export async function dayVersion(db: Executor, dia: string, session: SessionInStatement): Promise<number> {
  const [row] = await arrayRowsInSession(db, dayVersionQuery, { dia }, session)
  // a bigint: node-postgres gives its text
  return Number(row![0] ?? 0)
}
