// The checks of a booking and the free-time search (docs/decisions.md "Agenda and equipment"; the agenda's
// answer itself: agenda-cache.ts): why a booking is refused (a block, hours, an overlap — contract/agenda.ts
// decides, with the msw mock), and 'Próximos horários livres'. The overlap rule itself is PostgreSQL's
// (migration 0009's exclusion constraints); the checks here only name what is taken, first.
import { and, asc, eq, gte, lt, ne, notInArray, sql } from 'drizzle-orm'
import {
  addDays,
  clinicRefusal,
  clinicWallClock,
  doctorLabel,
  FREE_SLOT_HORIZON_DAYS,
  FREE_SLOT_LIMIT,
  freeSlotsOfDay,
  resourceRefusals,
  searchedModalities,
  servesAll,
  SLOT_FREEING_STATUSES,
  type Busy,
  type HorarioLivre,
  type Modalidade,
  type Refusal,
} from '@contract'
import { agendamentos, medicos } from '../db/schema'
import { arrayQuery, arrayRows, isoOf } from './array-rows'
import * as equipamentosRepo from './equipamentos'
import { getHours } from './clinic'
import { perDatabase, type Executor } from './executor'

/** The longest booking (contract/agenda.ts MAX_DURATION_MINUTES): how far back a day's overlaps can start. */
const LONGEST_MS = 12 * 3_600_000
const live = notInArray(agendamentos.status, [...SLOT_FREEING_STATUSES])
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`)

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
    .select({ nome: medicos.nome, horarios: medicos.horarios, tratamento: medicos.tratamento })
    .from(medicos)
    .where(eq(medicos.id, target.medicoId))
  if (!medico) return { kind: 'doctorNotFound' }
  // every resource's hours are read inside the clinic's (docs/decisions.md "Opening hours")
  const clinic = await getHours(db)
  const closed = clinicRefusal(clinic, target)
  const refusals: Refusal[] = closed ? [closed] : []
  if (target.equipamentoId !== undefined) {
    const equipamento = await equipamentosRepo.findById(db, target.equipamentoId)
    if (!equipamento) return { kind: 'equipmentNotFound' }
    const bloqueios = await equipamentosRepo.bloqueiosBetween(db, target.datahora, target.fim)
    const busy = await busyOf(db, agendamentos.equipamentoId, target.equipamentoId, target, exceptId)
    const byMachine = bloqueios.filter((b) => b.equipamentoId === target.equipamentoId)
    refusals.push(...resourceRefusals({ ...equipamento, bloqueios: byMachine }, target, busy, clinic))
  }
  const doctor = {
    nome: doctorLabel(medico.nome, medico.tratamento === 'Dra.' ? 'Dra.' : 'Dr.'),
    horarios: medico.horarios,
  }
  const doctorBusy = await busyOf(db, agendamentos.medicoId, target.medicoId, target, exceptId)
  refusals.push(...resourceRefusals(doctor, target, doctorBusy, clinic))
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

// A day's live bookings of the suitable machines and doctors (from 12 hours before: the longest booking),
// a named prepared statement run in array mode.
const busyRowsQuery = perDatabase((db) =>
  arrayQuery(
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
          gte(agendamentos.datahora, sql.placeholder('from')),
          lt(agendamentos.datahora, sql.placeholder('to')),
          live,
          sql`(${agendamentos.equipamentoId} = ANY(${sql.placeholder('machines')}::uuid[]) OR ${agendamentos.medicoId} = ANY(${sql.placeholder('doctors')}::uuid[]))`,
        ),
      ),
    'agenda_busy_rows',
  ),
)

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
  now: Date = new Date(),
): Promise<HorarioLivre[]> {
  // several modalities: one visit, one machine serving them all (docs/decisions.md "Agenda and equipment")
  const wanted = searchedModalities(input)
  const [allMachines, allDoctors, clinic] = await Promise.all([
    equipamentosRepo.listAll(db),
    equipamentosRepo.listMedicos(db),
    getHours(db),
  ])
  // never a time already past at the clinic (issue 34: today offered 00:00, 00:15…)
  const wallNow = clinicWallClock(now).toISOString()
  const desde = input.desde > wallNow ? input.desde : wallNow
  const machines = allMachines.filter((e) => servesAll(e, wanted))
  const doctors = allDoctors.filter((m) => input.medicoId === undefined || m.id === input.medicoId)
  if (machines.length === 0 || doctors.length === 0) return []
  const machineIds = machines.map((e) => e.id)
  const doctorIds = doctors.map((m) => m.id)
  const first = desde.slice(0, 10)
  const found: HorarioLivre[] = []
  for (let offset = 0; offset < FREE_SLOT_HORIZON_DAYS && found.length < FREE_SLOT_LIMIT; offset++) {
    const day = addDays(first, offset)
    const from = dayStart(day)
    const to = dayStart(addDays(day, 1))
    const [bloqueios, rows] = await Promise.all([
      equipamentosRepo.bloqueiosBetween(db, from.toISOString(), to.toISOString()),
      arrayRows(db, busyRowsQuery(db), {
        from: new Date(from.getTime() - LONGEST_MS).toISOString(),
        to: to.toISOString(),
        machines: machineIds,
        doctors: doctorIds,
      }),
    ])
    // each booking filed under its doctor and its machine in one pass (not one filter per resource)
    const byDoctor = new Map<string, Busy[]>()
    const byMachine = new Map<string, Busy[]>()
    const file = (map: Map<string, Busy[]>, id: string, period: Busy) => {
      const list = map.get(id)
      if (list) list.push(period)
      else map.set(id, [period])
    }
    for (const r of rows) {
      const period = { datahora: isoOf(r[0] as string), fim: isoOf(r[1] as string) }
      file(byDoctor, r[2] as string, period)
      if (r[3] !== null) file(byMachine, r[3] as string, period)
    }
    found.push(
      ...freeSlotsOfDay({
        day,
        desde,
        duracaoMinutos: input.duracaoMinutos,
        clinic,
        equipamentos: machines.map((e) => ({
          ...e,
          bloqueios: bloqueios.filter((b) => b.equipamentoId === e.id),
          busy: byMachine.get(e.id) ?? [],
        })),
        medicos: doctors.map((m) => ({ ...m, busy: byDoctor.get(m.id) ?? [] })),
        limit: FREE_SLOT_LIMIT - found.length,
      }),
    )
  }
  return found
}
