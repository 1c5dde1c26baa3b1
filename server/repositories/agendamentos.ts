// Appointments, answered as PostgreSQL writes them with the patient's, the doctor's and the machine's names
// (migration 0019), ascending by date-time. Date-times are the clinic's floating time (docs/product.md §12), stored and
// answered as ISO UTC strings. create and update take `tx`: they run inside the caller's transaction, the one
// that also writes the change's audit row (server/routes), and their locks last until it ends.
import { and, asc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
  AGENDAMENTO_FIELDS,
  defaultDurationMinutes,
  endOf,
  isBeforeClinicToday,
  minutesBetween,
  type Agendamento,
  type RegisterAgendamentoRequest,
  type Status,
} from '@contract'
import { agendamentos, pacientes, pagamentos } from '../db/schema'
import { arrayQuery, arrayRows, named, sqlArrayQuery, type ArrayQuery } from './array-rows'
import { changedFields } from './audit'
import { containsPattern, pageWindow, perDatabase, type Executor } from './executor'
import { lockActiveForBooking } from './pacientes'
import type { SessionInStatement } from './sessions'

/** What register and update write (after validation), without the ids of the call itself. */
export type AgendamentoInput = Omit<z.output<typeof RegisterAgendamentoRequest>, 'userId'>

/**
 * The appointment's answer as PostgreSQL writes it (migration 0019, agendamento_json(): the one writer of the
 * contract's Agendamento, kept in the row by its trigger), read into the object the routes answer and audit.
 */
const parsed = (text: string) => JSON.parse(text) as Agendamento

export interface AgendamentoFilter {
  /** Contained in the patient's name, ignoring case and accents. */
  pacienteNome?: string | undefined
  pacienteId?: string | undefined
  medicoId?: string | undefined
  status?: Status | undefined
  /** Inclusive range on `datahora` (ISO). */
  from?: string | undefined
  to?: string | undefined
}

/**
 * The list query of one combination of filters (and paged or not), built once per database handle and run with
 * placeholders: building it with drizzle at every call cost real CPU
 * (bench/journal/2026-11-22-first-day.md, "Queries built once"). Without a name filter it is a named prepared
 * statement, parsed and planned once per connection (planning the three-table join is a sizeable share of running
 * a day's list — bench/journal/2026-11-22-first-day.md, "Named prepared statements"; its generic plan is checked
 * in tests/perf); with one it stays unnamed, planned with each pattern.
 */
interface ListShape {
  nome: boolean
  pacienteId: boolean
  medicoId: boolean
  status: boolean
  from: boolean
  to: boolean
  paged: boolean
}

/** A shape as a key of its query, e.g. '000111'. */
const shapeKey = (shape: ListShape) => Object.values(shape).map(Number).join('')

function listConditions(shape: ListShape): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  // both sides unaccented and lowercased already: LIKE is exact (see pacientes.searchByNome)
  if (shape.nome) conditions.push(like(pacientes.nomeBusca, sql.placeholder('pattern')))
  if (shape.pacienteId) conditions.push(eq(agendamentos.pacienteId, sql.placeholder('pacienteId')))
  if (shape.medicoId) conditions.push(eq(agendamentos.medicoId, sql.placeholder('medicoId')))
  if (shape.status) conditions.push(eq(agendamentos.status, sql.placeholder('status')))
  if (shape.from) conditions.push(gte(agendamentos.datahora, sql.placeholder('from')))
  if (shape.to) conditions.push(lte(agendamentos.datahora, sql.placeholder('to')))
  return and(...conditions)
}

/** The list's query: each row's written JSON (migration 0019), joining the patients only to filter by name. */
function buildListQuery(db: Executor, shape: ListShape) {
  const written = db.select({ json: agendamentos.agendamentoJson }).from(agendamentos).$dynamic()
  const rows = shape.nome ? written.innerJoin(pacientes, eq(pacientes.id, agendamentos.pacienteId)) : written
  const query = rows.where(listConditions(shape)).orderBy(asc(agendamentos.datahora), asc(agendamentos.id))
  const name = shape.nome ? '' : `agendamentos_list_json_${shapeKey(shape)}`
  // run in array mode (array-rows.ts): the lists are the hot reads (a day's 280 rows)
  return arrayQuery(shape.paged ? query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : query, name)
}

const listQueries = perDatabase(() => new Map<string, ReturnType<typeof buildListQuery>>())

/** The query of a filter's shape (built once per handle) and its placeholders' values. */
function listRun(db: Executor, filter: AgendamentoFilter, page: number | undefined) {
  const nome = filter.pacienteNome?.trim()
  const shape: ListShape = {
    nome: Boolean(nome),
    pacienteId: Boolean(filter.pacienteId),
    medicoId: Boolean(filter.medicoId),
    status: Boolean(filter.status),
    from: Boolean(filter.from),
    to: Boolean(filter.to),
    paged: page !== undefined,
  }
  const key = shapeKey(shape)
  const queries = listQueries(db)
  let query = queries.get(key)
  if (!query) queries.set(key, (query = buildListQuery(db, shape)))
  const values = {
    pattern: nome ? containsPattern(nome) : undefined,
    pacienteId: filter.pacienteId,
    medicoId: filter.medicoId,
    status: filter.status,
    // as the column would send a Date: ISO 8601 in UTC
    from: filter.from ? new Date(filter.from).toISOString() : undefined,
    to: filter.to ? new Date(filter.to).toISOString() : undefined,
    ...(page !== undefined ? pageWindow(page) : {}),
  }
  return { query, values }
}

/** Appointments matching every given filter, by date-time then id; one page, or all without `page`. */
export async function list(db: Executor, filter: AgendamentoFilter, page?: number): Promise<Agendamento[]> {
  return (await listJson(db, filter, page)).map(parsed)
}

/**
 * The same list as the items' JSON texts the answers splice (serializer.ts, answerWithJsonLists): each row's
 * `agendamento_json`, written by PostgreSQL when the appointment changed, in order — no row is parsed, built
 * or serialized here (docs/decisions.md, "Performance"), nor joined (the answer writes them into one buffer).
 */
export async function listJson(db: Executor, filter: AgendamentoFilter, page?: number): Promise<string[]> {
  const { query, values } = listRun(db, filter, page)
  const rows = await arrayRows(db, query, values)
  return rows.map((r) => r[0] as string)
}

// Every write reads its appointment back with this, inside its transaction: a handle of its own each time, so
// the query is built once for all handles (its text does not depend on the handle) and named.
let findByIdQuery: ArrayQuery | undefined

export async function findById(db: Executor, id: string): Promise<Agendamento | undefined> {
  findByIdQuery ??= arrayQuery(
    db
      .select({ json: agendamentos.agendamentoJson })
      .from(agendamentos)
      .where(eq(agendamentos.id, sql.placeholder('id')))
      .limit(1),
    'agendamentos_find_by_id',
  )
  const [row] = await arrayRows(db, findByIdQuery, { id })
  return row ? parsed(row[0] as string) : undefined
}

function columns(input: AgendamentoInput) {
  return {
    datahora: new Date(input.datahora),
    fim: new Date(endOf(input.datahora, defaultDurationMinutes(input.exames.length))),
    anotacao: input.anotacao,
    convenio: input.convenio,
    valorIncents: input.valorIncents,
    estaPago: input.estaPago,
    exames: input.exames,
    pacienteId: input.pacienteId,
    medicoId: input.medicoId,
  }
}

/** What '/agendamento/agendar' adds to a booking (docs/decisions.md "Agenda and equipment"). */
export interface AgendaColumns {
  fim?: Date
  equipamentoId?: string | null
  encaixe?: boolean
  sobreposto?: boolean
}

export type CreateResult = { kind: 'ok'; agendamento: Agendamento } | { kind: 'patientNotFound' }

/**
 * Books an appointment. The patient must be active: its row is locked FOR SHARE for the transaction, so
 * a concurrent delete (FOR UPDATE) cannot deactivate it underneath (see pacientes.deactivate). An unknown
 * doctor fails on the foreign key (→ 404), a taken slot on the unique index (doctor, datahora) (→ 409):
 * of N simultaneous bookings of one slot exactly one wins.
 */
export async function create(
  tx: Executor,
  input: AgendamentoInput,
  userId: string,
  agenda: AgendaColumns = {},
  session?: SessionInStatement,
): Promise<CreateResult> {
  // with `session`, this first statement also checks the session (plugins/session-check.ts)
  if (!(await lockActiveForBooking(tx, input.pacienteId, session))) return { kind: 'patientNotFound' } as const
  // the insert and its read back with the names, one named statement (createQuery)
  const { datahora, fim, ...rest } = columns(input)
  const [row] = await arrayRows(tx, createQuery, {
    ...rest,
    datahora: datahora.toISOString(),
    fim: (agenda.fim ?? fim).toISOString(),
    userId,
    equipamentoId: agenda.equipamentoId ?? null,
    encaixe: agenda.encaixe ?? false,
    sobreposto: agenda.sobreposto ?? false,
  })
  return { kind: 'ok', agendamento: parsed(row![0] as string) } as const
}

/**
 * The insert and its answer in one statement: the trigger writes the answer before the row is stored
 * (migration 0019), `RETURNING` sends it. Every column a booking sets is a placeholder (what
 * '/agendamento/register' leaves out gets its column's default: no machine, not an encaixe, not an overlap), so
 * the statement is built once, named, and planned once per connection: drizzle building the insert at every call
 * was a sizeable share of a booking's CPU (bench/journal/2026-11-26-cpu-by-layer.md, "Where the CPU goes, on the
 * CPU").
 */
const createQuery = sqlArrayQuery(
  sql`insert into ${agendamentos} (datahora, fim, anotacao, convenio, valor_in_cents, esta_pago, exames,
        user_id, paciente_id, medico_id, equipamento_id, encaixe, sobreposto)
      values (${named('datahora')}, ${named('fim')}, ${named('anotacao')}, ${named('convenio')},
        ${named('valorIncents')}, ${named('estaPago')}, ${named('exames')}, ${named('userId')},
        ${named('pacienteId')}, ${named('medicoId')}, ${named('equipamentoId')}, ${named('encaixe')},
        ${named('sobreposto')})
      returning agendamento_json`,
  'agendamentos_create',
)

export type UpdateResult =
  | { kind: 'ok'; agendamento: Agendamento; changed: string[] }
  | { kind: 'notFound' }
  | { kind: 'stale' }
  | { kind: 'pastDate' }
  | { kind: 'patientNotFound' }

/**
 * Rewrites an appointment, bumping `versao`. The row is locked first, so the version check, the date
 * rule and the write see one state. Keeping a past date-time is allowed (staff mark a past appointment
 * paid); moving it to a new date-time on a clinic day before today is not.
 */
export async function update(
  tx: Executor,
  id: string,
  input: AgendamentoInput,
  versao?: number,
  /** /agendamento/reagendar's schedule; absent, the end follows keptEnd and the machine stays. */
  agenda?: AgendaColumns,
): Promise<UpdateResult> {
  const [current] = await tx
    .select({
      datahora: agendamentos.datahora,
      fim: agendamentos.fim,
      exames: agendamentos.exames,
      versao: agendamentos.versao,
    })
    .from(agendamentos)
    .where(eq(agendamentos.id, id))
    .for('update')
  if (!current) return { kind: 'notFound' } as const
  if (versao !== undefined && versao !== current.versao) return { kind: 'stale' } as const
  const moved = new Date(input.datahora).getTime() !== current.datahora.getTime()
  if (moved && isBeforeClinicToday(input.datahora)) return { kind: 'pastDate' } as const
  if (!(await lockActiveForBooking(tx, input.pacienteId))) return { kind: 'patientNotFound' } as const
  const before = await findById(tx, id)
  const [row] = await tx
    .update(agendamentos)
    .set({
      ...columns(input),
      fim: keptEnd(current, input),
      ...agenda,
      versao: sql`${agendamentos.versao} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(agendamentos.id, id))
    .returning({ json: agendamentos.agendamentoJson })
  const agendamento = parsed(row!.json)
  const changed = changedFields(before!, agendamento, AGENDAMENTO_FIELDS)
  if (agenda) changed.push(...scheduleChanges(before!, agendamento))
  return { kind: 'ok', agendamento, changed } as const
}

/** The schedule's fields a reagendar changed, named in its audit row like the others. */
function scheduleChanges(before: Agendamento, after: Agendamento): string[] {
  return [
    ...(before.fim !== after.fim ? ['fim'] : []),
    ...(before.equipamento?.id !== after.equipamento?.id ? ['equipamento'] : []),
    ...(before.encaixe !== after.encaixe ? ['encaixe'] : []),
  ]
}

/**
 * The end after an update through the specification's call: a default duration follows the exams; a
 * duration staff lengthened is kept (never shorter than the new exams' default).
 */
function keptEnd(current: { datahora: Date; fim: Date; exames: string[] }, input: AgendamentoInput): Date {
  const before = minutesBetween(current.datahora.toISOString(), current.fim.toISOString())
  const fallback = defaultDurationMinutes(input.exames.length)
  const minutes = before === defaultDurationMinutes(current.exames.length) ? fallback : Math.max(before, fallback)
  return new Date(endOf(input.datahora, minutes))
}

/** Hard delete. False when the id is unknown. */
/**
 * The appointment about to be deleted, locked: its doctor, its status and whether money was received on it
 * (a payment, or the paid flag). Undefined when there is none.
 */
export async function lockForDelete(
  tx: Executor,
  id: string,
): Promise<{ medicoId: string; status: Status; received: boolean } | undefined> {
  const [row] = await tx
    .select({
      medicoId: agendamentos.medicoId,
      status: agendamentos.status,
      // the id as a parameter: drizzle writes the outer query's columns unqualified
      received: sql<boolean>`${agendamentos.estaPago} or exists (select 1 from ${pagamentos} p where p.agendamento_id = ${id})`,
    })
    .from(agendamentos)
    .where(eq(agendamentos.id, id))
    .for('update')
  return row === undefined ? undefined : { ...row, status: row.status as Status }
}

export async function remove(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.delete(agendamentos).where(eq(agendamentos.id, id)).returning({ id: agendamentos.id })
  return row !== undefined
}
