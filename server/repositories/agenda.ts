// The agenda's reads and the checks of a booking (docs/decisions.md "Agenda and equipment"): what a day
// holds per machine and per doctor, why a booking is refused (a block, hours, an overlap — contract/agenda.ts
// decides, with the msw mock), and 'Próximos horários livres'. The overlap rule itself is PostgreSQL's
// (migration 0009's exclusion constraints); the checks here only name what is taken, first.
import { and, asc, eq, gte, inArray, lt, ne, notInArray, or, sql } from 'drizzle-orm'
import {
  addDays,
  doctorLabel,
  FREE_SLOT_HORIZON_DAYS,
  FREE_SLOT_LIMIT,
  freeSlotsOfDay,
  resourceRefusals,
  searchedModalities,
  servesAll,
  SLOT_FREEING_STATUSES,
  type AgendaAnswer,
  type AgendaItem,
  type Busy,
  type HorarioLivre,
  type Modalidade,
  type Refusal,
} from '@contract'
import { agendamentos, equipamentos, medicos, pacientes } from '../db/schema'
import * as equipamentosRepo from './equipamentos'
import type { Executor } from './executor'

/** The longest booking (contract/agenda.ts MAX_DURATION_MINUTES): how far back a day's overlaps can start. */
const LONGEST_MS = 12 * 3_600_000
const live = notInArray(agendamentos.status, [...SLOT_FREEING_STATUSES])
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`)

/** Every appointment (any status) starting within [from, to), with names, by time. */
async function itemsBetween(db: Executor, from: Date, to: Date): Promise<AgendaItem[]> {
  const rows = await db
    .select({
      id: agendamentos.id,
      datahora: agendamentos.datahora,
      fim: agendamentos.fim,
      pacienteId: agendamentos.pacienteId,
      pacienteNome: pacientes.nome,
      medicoId: agendamentos.medicoId,
      medicoNome: medicos.nome,
      equipamentoId: agendamentos.equipamentoId,
      equipamentoNome: equipamentos.nome,
      exames: agendamentos.exames,
      status: agendamentos.status,
      encaixe: agendamentos.encaixe,
    })
    .from(agendamentos)
    .innerJoin(pacientes, eq(pacientes.id, agendamentos.pacienteId))
    .innerJoin(medicos, eq(medicos.id, agendamentos.medicoId))
    .leftJoin(equipamentos, eq(equipamentos.id, agendamentos.equipamentoId))
    .where(and(gte(agendamentos.datahora, from), lt(agendamentos.datahora, to)))
    .orderBy(asc(agendamentos.datahora), asc(agendamentos.id))
  return rows.map((r) => ({
    id: r.id,
    datahora: r.datahora.toISOString(),
    fim: r.fim.toISOString(),
    paciente: { id: r.pacienteId, nome: r.pacienteNome },
    doutor: { id: r.medicoId, nome: r.medicoNome },
    equipamento: r.equipamentoId === null ? null : { id: r.equipamentoId, nome: r.equipamentoNome ?? '' },
    exames: r.exames,
    status: r.status,
    encaixe: r.encaixe,
  }))
}

/** The agenda of `dias` clinic days from `de`. */
export async function agenda(db: Executor, de: string, dias: number): Promise<AgendaAnswer> {
  const from = dayStart(de)
  const to = dayStart(addDays(de, dias))
  const [equipamentosList, medicosList, bloqueios, items] = await Promise.all([
    equipamentosRepo.listAll(db),
    equipamentosRepo.listMedicos(db),
    equipamentosRepo.bloqueiosBetween(db, from.toISOString(), to.toISOString()),
    itemsBetween(db, from, to),
  ])
  return { de, dias, equipamentos: equipamentosList, medicos: medicosList, bloqueios, agendamentos: items }
}

/** Live bookings overlapping [datahora, fim) of a doctor or a machine, but `exceptId`. */
async function busyOf(
  db: Executor,
  column: typeof agendamentos.medicoId | typeof agendamentos.equipamentoId,
  id: string,
  booking: Busy,
  exceptId?: string,
): Promise<Busy[]> {
  const rows = await db
    .select({ datahora: agendamentos.datahora, fim: agendamentos.fim })
    .from(agendamentos)
    .where(
      and(
        eq(column, id),
        live,
        sql`tstzrange(${agendamentos.datahora}, ${agendamentos.fim}) && tstzrange(${booking.datahora}::timestamptz, ${booking.fim}::timestamptz)`,
        exceptId === undefined ? undefined : ne(agendamentos.id, exceptId),
      ),
    )
    .orderBy(asc(agendamentos.datahora))
  return rows.map((r) => ({ datahora: r.datahora.toISOString(), fim: r.fim.toISOString() }))
}

export interface BookingTarget extends Busy {
  medicoId: string
  equipamentoId?: string | undefined
}

export type BookingCheck =
  { kind: 'doctorNotFound' } | { kind: 'equipmentNotFound' } | { kind: 'checked'; hours?: Refusal; overlap?: Refusal }

/** Why a booking would be refused: the machine's block or hours, the doctor's hours, and any overlap. */
export async function checkBooking(db: Executor, target: BookingTarget, exceptId?: string): Promise<BookingCheck> {
  const [medico] = await db
    .select({ nome: medicos.nome, horarios: medicos.horarios })
    .from(medicos)
    .where(eq(medicos.id, target.medicoId))
  if (!medico) return { kind: 'doctorNotFound' }
  const refusals: Refusal[] = []
  if (target.equipamentoId !== undefined) {
    const equipamento = await equipamentosRepo.findById(db, target.equipamentoId)
    if (!equipamento) return { kind: 'equipmentNotFound' }
    const bloqueios = await equipamentosRepo.bloqueiosBetween(db, target.datahora, target.fim)
    const busy = await busyOf(db, agendamentos.equipamentoId, target.equipamentoId, target, exceptId)
    const byMachine = bloqueios.filter((b) => b.equipamentoId === target.equipamentoId)
    refusals.push(...resourceRefusals({ ...equipamento, bloqueios: byMachine }, target, busy))
  }
  const doctor = { nome: doctorLabel(medico.nome), horarios: medico.horarios }
  const doctorBusy = await busyOf(db, agendamentos.medicoId, target.medicoId, target, exceptId)
  refusals.push(...resourceRefusals(doctor, target, doctorBusy))
  return {
    kind: 'checked',
    hours: refusals.find((r) => r.kind === 'hours'),
    overlap: refusals.find((r) => r.kind === 'overlap'),
  }
}

/** After the database refused an overlap (a race the checks could not see): what is taken, named. */
export async function describeOverlap(
  db: Executor,
  target: BookingTarget,
  exceptId?: string,
): Promise<string | undefined> {
  const check = await checkBooking(db, target, exceptId)
  return check.kind === 'checked' ? check.overlap?.message : undefined
}

/** 'Próximos horários livres': day by day from `desde`, each day's bookings loaded on its own. */
export async function horariosLivres(
  db: Executor,
  input: {
    modalidade?: Modalidade | undefined
    modalidades?: Modalidade[] | undefined
    duracaoMinutos: number
    desde: string
    medicoId?: string | undefined
  },
): Promise<HorarioLivre[]> {
  // several modalities: one visit, one machine serving them all (docs/decisions.md "Agenda and equipment")
  const wanted = searchedModalities(input)
  const machines = (await equipamentosRepo.listAll(db)).filter((e) => servesAll(e, wanted))
  const doctors = (await equipamentosRepo.listMedicos(db)).filter(
    (m) => input.medicoId === undefined || m.id === input.medicoId,
  )
  if (machines.length === 0 || doctors.length === 0) return []
  const machineIds = machines.map((e) => e.id)
  const doctorIds = doctors.map((m) => m.id)
  const first = input.desde.slice(0, 10)
  const found: HorarioLivre[] = []
  for (let offset = 0; offset < FREE_SLOT_HORIZON_DAYS && found.length < FREE_SLOT_LIMIT; offset++) {
    const day = addDays(first, offset)
    const from = dayStart(day)
    const to = dayStart(addDays(day, 1))
    const [bloqueios, rows] = await Promise.all([
      equipamentosRepo.bloqueiosBetween(db, from.toISOString(), to.toISOString()),
      db
        .select({
          datahora: agendamentos.datahora,
          fim: agendamentos.fim,
          medicoId: agendamentos.medicoId,
          equipamentoId: agendamentos.equipamentoId,
        })
        .from(agendamentos)
        .where(
          and(
            gte(agendamentos.datahora, new Date(from.getTime() - LONGEST_MS)),
            lt(agendamentos.datahora, to),
            live,
            or(inArray(agendamentos.equipamentoId, machineIds), inArray(agendamentos.medicoId, doctorIds)),
          ),
        ),
    ])
    const busy = (key: 'medicoId' | 'equipamentoId', id: string) =>
      rows.filter((r) => r[key] === id).map((r) => ({ datahora: r.datahora.toISOString(), fim: r.fim.toISOString() }))
    found.push(
      ...freeSlotsOfDay({
        day,
        desde: input.desde,
        duracaoMinutos: input.duracaoMinutos,
        equipamentos: machines.map((e) => ({
          ...e,
          bloqueios: bloqueios.filter((b) => b.equipamentoId === e.id),
          busy: busy('equipamentoId', e.id),
        })),
        medicos: doctors.map((m) => ({ ...m, busy: busy('medicoId', m.id) })),
        limit: FREE_SLOT_LIMIT - found.length,
      }),
    )
  }
  return found
}
