// Appointments, read back with the patient's and the doctor's names through one join (no query per
// row), ascending by date-time. Date-times are the clinic's floating time (DESIGN.md §Time), stored and
// answered as ISO UTC strings.
import { and, asc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { isBeforeClinicToday, type Agendamento, type RegisterAgendamentoRequest } from '../../src/contract'
import { agendamentos, medicos, pacientes } from '../db/schema'
import { containsPattern, pageWindow, type Executor } from './executor'
import { lockActiveForBooking } from './pacientes'

/** What register and update write (after validation), without the ids of the call itself. */
export type AgendamentoInput = Omit<z.output<typeof RegisterAgendamentoRequest>, 'userId'>

const selection = {
  id: agendamentos.id,
  datahora: agendamentos.datahora,
  anotacao: agendamentos.anotacao,
  convenio: agendamentos.convenio,
  valorIncents: agendamentos.valorIncents,
  estaPago: agendamentos.estaPago,
  exames: agendamentos.exames,
  userId: agendamentos.userId,
  pacienteId: agendamentos.pacienteId,
  medicoId: agendamentos.medicoId,
  versao: agendamentos.versao,
  pacienteNome: pacientes.nome,
  medicoNome: medicos.nome,
}

type JoinedRow = {
  [K in keyof typeof selection]: (typeof selection)[K]['_']['data']
}

function toAgendamento(row: JoinedRow): Agendamento {
  return {
    id: row.id,
    datahora: row.datahora.toISOString(),
    anotacao: row.anotacao,
    convenio: row.convenio,
    valorIncents: row.valorIncents,
    estapago: row.estaPago,
    userId: row.userId,
    pacienteId: row.pacienteId,
    medicoId: row.medicoId,
    paciente: { id: row.pacienteId, nome: row.pacienteNome },
    doutor: { id: row.medicoId, nome: row.medicoNome },
    exames: row.exames,
    versao: row.versao,
  }
}

function joined(db: Executor) {
  return db
    .select(selection)
    .from(agendamentos)
    .innerJoin(pacientes, eq(pacientes.id, agendamentos.pacienteId))
    .innerJoin(medicos, eq(medicos.id, agendamentos.medicoId))
    .$dynamic()
}

export interface AgendamentoFilter {
  /** Contained in the patient's name, ignoring case and accents. */
  pacienteNome?: string | undefined
  pacienteId?: string | undefined
  medicoId?: string | undefined
  /** Inclusive range on `datahora` (ISO). */
  from?: string | undefined
  to?: string | undefined
}

/** Appointments matching every given filter, by date-time then id; one page, or all without `page`. */
export async function list(db: Executor, filter: AgendamentoFilter, page?: number): Promise<Agendamento[]> {
  const conditions: (SQL | undefined)[] = []
  const nome = filter.pacienteNome?.trim()
  if (nome) conditions.push(ilike(pacientes.nomeBusca, containsPattern(nome)))
  if (filter.pacienteId) conditions.push(eq(agendamentos.pacienteId, filter.pacienteId))
  if (filter.medicoId) conditions.push(eq(agendamentos.medicoId, filter.medicoId))
  if (filter.from) conditions.push(gte(agendamentos.datahora, new Date(filter.from)))
  if (filter.to) conditions.push(lte(agendamentos.datahora, new Date(filter.to)))
  let query = joined(db)
    .where(and(...conditions))
    .orderBy(asc(agendamentos.datahora), asc(agendamentos.id))
  if (page !== undefined) {
    const { limit, offset } = pageWindow(page)
    query = query.limit(limit).offset(offset)
  }
  return (await query).map(toAgendamento)
}

export async function findById(db: Executor, id: string): Promise<Agendamento | undefined> {
  const [row] = await joined(db).where(eq(agendamentos.id, id)).limit(1)
  return row ? toAgendamento(row) : undefined
}

function columns(input: AgendamentoInput) {
  return {
    datahora: new Date(input.datahora),
    anotacao: input.anotacao,
    convenio: input.convenio,
    valorIncents: input.valorIncents,
    estaPago: input.estaPago,
    exames: input.exames,
    pacienteId: input.pacienteId,
    medicoId: input.medicoId,
  }
}

export type CreateResult = { kind: 'ok'; agendamento: Agendamento } | { kind: 'patientNotFound' }

/**
 * Books an appointment. The patient must be active: its row is locked FOR SHARE for the transaction, so
 * a concurrent delete (FOR UPDATE) cannot deactivate it underneath (see pacientes.deactivate). An unknown
 * doctor fails on the foreign key (→ 404), a taken slot on the unique index (doctor, datahora) (→ 409):
 * of N simultaneous bookings of one slot exactly one wins.
 */
export async function create(db: Executor, input: AgendamentoInput, userId: string): Promise<CreateResult> {
  return db.transaction(async (tx) => {
    if (!(await lockActiveForBooking(tx, input.pacienteId))) return { kind: 'patientNotFound' } as const
    const [row] = await tx
      .insert(agendamentos)
      .values({ ...columns(input), userId })
      .returning({ id: agendamentos.id })
    const agendamento = await findById(tx, row!.id)
    return { kind: 'ok', agendamento: agendamento! } as const
  })
}

export type UpdateResult =
  | { kind: 'ok'; agendamento: Agendamento }
  | { kind: 'notFound' }
  | { kind: 'stale' }
  | { kind: 'pastDate' }
  | { kind: 'patientNotFound' }

/**
 * Rewrites an appointment, bumping `versao`. The row is locked first, so the version check, the date
 * rule and the write see one state. Keeping a past date-time is allowed (staff mark a past appointment
 * paid); moving it to a new date-time on a clinic day before today is not.
 */
export async function update(db: Executor, id: string, input: AgendamentoInput, versao?: number): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ datahora: agendamentos.datahora, versao: agendamentos.versao })
      .from(agendamentos)
      .where(eq(agendamentos.id, id))
      .for('update')
    if (!current) return { kind: 'notFound' } as const
    if (versao !== undefined && versao !== current.versao) return { kind: 'stale' } as const
    const moved = new Date(input.datahora).getTime() !== current.datahora.getTime()
    if (moved && isBeforeClinicToday(input.datahora)) return { kind: 'pastDate' } as const
    if (!(await lockActiveForBooking(tx, input.pacienteId))) return { kind: 'patientNotFound' } as const
    await tx
      .update(agendamentos)
      .set({ ...columns(input), versao: sql`${agendamentos.versao} + 1`, updatedAt: sql`now()` })
      .where(eq(agendamentos.id, id))
    const agendamento = await findById(tx, id)
    return { kind: 'ok', agendamento: agendamento! } as const
  })
}

/** Hard delete. False when the id is unknown. */
export async function remove(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.delete(agendamentos).where(eq(agendamentos.id, id)).returning({ id: agendamentos.id })
  return row !== undefined
}
