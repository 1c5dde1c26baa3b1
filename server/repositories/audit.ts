// The audit trail: one append-only row per create, update, delete, reactivation and export, per sign-in,
// failed sign-in and sign-out, and per refused access (401/403). A row says who, what, on which record,
// when, from which address and the NAMES of the fields that changed — never their values. Changes are
// recorded through the transaction that makes them, so a change without its row cannot be committed.
import { createHmac } from 'node:crypto'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { HISTORICO_ACTIONS, HISTORICO_MAX_ENTRIES, STATUS_HISTORICO_ACTIONS, type HistoricoEntry } from '@contract'
import { auditLog, users } from '../db/schema'
import { arrayRows, named, sqlArrayQuery, type ArrayQuery } from './array-rows'
import type { Executor } from './executor'

export type AuditAction =
  | (typeof HISTORICO_ACTIONS)[number]
  | (typeof STATUS_HISTORICO_ACTIONS)[number]
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'access_denied'
/** 'relatorio': the appointments' spreadsheet of a range, exported (no single record: no entityId). */
export type AuditEntity =
  'paciente' | 'agendamento' | 'medico' | 'user' | 'equipamento' | 'clinica' | 'relatorio' | 'laudo'

export interface AuditEvent {
  /** Who: the signed-in user, or null (unknown: a failed sign-in, a request without a valid token). */
  userId: string | null
  action: AuditAction
  entity?: AuditEntity
  entityId?: string
  /** The client's address (request.ip). */
  ip?: string
  /** Names of the fields written or changed; never values. */
  fields?: readonly string[]
  /** A refused call: its path and status. */
  call?: string
  status?: number
  /** A failed sign-in: keyed hash of the e-mail tried (see subjectHash). */
  subjectHash?: string
}

/**
 * An audit event of the signed-in user, from the client's address: shared by the routes and the booking
 * module, so it asks only for what it reads of the request.
 */
export function auditEvent(
  context: { user: { sub: string }; request: { ip: string } },
  event: Omit<AuditEvent, 'userId' | 'ip'>,
): AuditEvent {
  return { ...event, userId: context.user.sub, ip: context.request.ip }
}

/** Anonymous noise (failed sign-ins, refusals of nobody known) is kept this long (docs/decisions.md, "Reliability"). */
export const ANONYMOUS_AUDIT_RETENTION_DAYS = 180

const AGGREGATED_ACTIONS: readonly AuditAction[] = ['login_failed', 'access_denied']

// Every write records its row in its transaction, a new handle each time: the insert is built once for all
// handles and named (bench/journal/2026-11-24-cheaper-answers-second-round.md, "Cheaper answers (second round)").
let insertQuery: ArrayQuery | undefined

export async function record(db: Executor, event: AuditEvent): Promise<void> {
  if (event.userId === null && AGGREGATED_ACTIONS.includes(event.action)) return recordAnonymous(db, event)
  if (!insertQuery) {
    insertQuery = sqlArrayQuery(
      sql`
      insert into ${auditLog} (user_id, action, entity, entity_id, ip, fields, call, status, subject_hash)
      values (${named('userId')}, ${named('action')}, ${named('entity')}, ${named('entityId')}, ${named('ip')},
              ${named('fields')}, ${named('call')}, ${named('status')}, ${named('subjectHash')})`,
      'audit_insert',
    )
  }
  await arrayRows(db, insertQuery, {
    userId: event.userId,
    action: event.action,
    entity: event.entity ?? null,
    entityId: event.entityId ?? null,
    ip: event.ip ?? null,
    fields: event.fields ? [...event.fields] : [],
    call: event.call ?? null,
    status: event.status ?? null,
    subjectHash: event.subjectHash ?? null,
  })
}

/**
 * An anonymous failure: one row per minute, address, action, call and e-mail hash, whose `count` rises —
 * an anonymous loop adds at most one row per minute and kind instead of one per request.
 */
async function recordAnonymous(db: Executor, event: AuditEvent): Promise<void> {
  await db.execute(sql`
    insert into ${auditLog} (user_id, action, ip, call, status, subject_hash, bucket, count)
    values (null, ${event.action}, ${event.ip ?? null}, ${event.call ?? null}, ${event.status ?? null}, ${event.subjectHash ?? null},
            date_trunc('minute', now()), 1)
    on conflict (bucket, coalesce(ip, ''), action, coalesce(call, ''), coalesce(subject_hash, '')) where bucket is not null
    do update set count = ${auditLog}.count + 1`)
}

/** Deletes anonymous failures older than the retention (the trigger refuses anything else). */
export async function purgeAnonymous(db: Executor, keepDays = ANONYMOUS_AUDIT_RETENTION_DAYS): Promise<number> {
  const result = await db.execute(sql`
    delete from ${auditLog}
    where user_id is null and action in ('login_failed', 'access_denied')
      and at < now() - make_interval(days => ${keepDays})`)
  return result.rowCount ?? 0
}

/**
 * What a failed sign-in keeps of the e-mail tried: an HMAC-SHA-256 under the server's secret, shortened.
 * Attempts on one account can be told apart from a spray over many, and nobody can read the e-mail back
 * or test guesses against it without the secret.
 */
export function subjectHash(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`login:${email.trim().toLowerCase()}`).digest('hex').slice(0, 32)
}

/** The historico of one record, newest first, with the name of who did each thing. */
export async function historico(db: Executor, entity: AuditEntity, entityId: string): Promise<HistoricoEntry[]> {
  const rows = await db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      userId: auditLog.userId,
      nome: users.nome,
      fields: auditLog.fields,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, entityId),
        inArray(auditLog.action, [...HISTORICO_ACTIONS]),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(HISTORICO_MAX_ENTRIES)
  return rows.map((row) => ({
    at: row.at.toISOString(),
    action: row.action as HistoricoEntry['action'],
    user: row.userId === null ? null : { id: row.userId, nome: row.nome ?? '' },
    fields: row.fields,
  }))
}

/** Names of the fields whose values differ between two versions of a record (arrays compared by value). */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): string[] {
  return fields.filter((field) => !sameValue(before[field], after[field]))
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((value, i) => sameValue(value, b[i]))
  return Object.is(a, b)
}
