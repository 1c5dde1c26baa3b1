// Equipment and rooms, their blocks, and doctors' hours (docs/decisions.md "Agenda and equipment"), kept by
// ADMIN. Hours are a small JSON list per row (contract/agenda.ts Horario), read whole.
import { and, asc, eq, gt, lt, notInArray, sql } from 'drizzle-orm'
import {
  BLOCK_IGNORED_STATUSES,
  type AgendaItem,
  type Bloqueio,
  type Equipamento,
  type Horario,
  type MedicoHorarios,
  type Modalidade,
} from '@contract'
import { agendamentos, bloqueios, equipamentos, medicos } from '../db/schema'
import { perDatabase, type Executor } from './executor'

type EquipamentoRow = typeof equipamentos.$inferSelect
type BloqueioRow = typeof bloqueios.$inferSelect

export function toEquipamento(row: EquipamentoRow): Equipamento {
  return {
    id: row.id,
    nome: row.nome,
    modalidades: row.modalidades as Modalidade[],
    horarios: row.horarios,
    aeTitle: row.aeTitle,
    leOutrasWorklists: row.leOutrasWorklists,
  }
}

export function toBloqueio(row: BloqueioRow): Bloqueio {
  return {
    id: row.id,
    equipamentoId: row.equipamentoId,
    inicio: row.inicio.toISOString(),
    fim: row.fim.toISOString(),
    motivo: row.motivo,
  }
}

export interface EquipamentoInput {
  nome: string
  modalidades: Modalidade[]
  horarios: Horario[]
  /** Undefined: left as it is (an update), none (a new machine). */
  aeTitle?: string | null | undefined
  /** Undefined: left as it is (an update), false (a new machine). */
  leOutrasWorklists?: boolean | undefined
}

// The booking checks and 'Próximos horários livres' ask for the machines, the doctors' hours and the blocks at
// every call: built once per handle, named prepared statements
// (bench/journal/2026-11-24-issue-18-floor.md, "Cheaper answers"). The agenda's answer writes them in its own
// statement (agenda-cache.ts).
const listAllQuery = perDatabase((db) =>
  db.select().from(equipamentos).orderBy(asc(equipamentos.nome)).prepare('equipamentos_list_all'),
)

export async function listAll(db: Executor): Promise<Equipamento[]> {
  const rows = await listAllQuery(db).execute()
  return rows.map(toEquipamento)
}

export async function findById(db: Executor, id: string): Promise<Equipamento | undefined> {
  const [row] = await db.select().from(equipamentos).where(eq(equipamentos.id, id))
  return row ? toEquipamento(row) : undefined
}

/** A name or AE title already taken fails on equipamentos_nome_unique / _ae_title_unique (→ 409). */
export async function create(db: Executor, input: EquipamentoInput): Promise<Equipamento> {
  const [row] = await db
    .insert(equipamentos)
    .values({ ...input, aeTitle: input.aeTitle ?? null, leOutrasWorklists: input.leOutrasWorklists ?? false })
    .returning()
  return toEquipamento(row!)
}

export async function update(db: Executor, id: string, input: EquipamentoInput): Promise<Equipamento | undefined> {
  const { aeTitle, leOutrasWorklists, ...rest } = input
  const [row] = await db
    .update(equipamentos)
    .set({
      ...rest,
      ...(aeTitle === undefined ? {} : { aeTitle }),
      ...(leOutrasWorklists === undefined ? {} : { leOutrasWorklists }),
    })
    .where(eq(equipamentos.id, id))
    .returning()
  return row ? toEquipamento(row) : undefined
}

/** Blocks ending after `after` (ISO), of one machine or of all, by start. */
export async function listBloqueios(db: Executor, after: string, equipamentoId?: string): Promise<Bloqueio[]> {
  const rows = await db
    .select()
    .from(bloqueios)
    .where(
      and(
        gt(bloqueios.fim, new Date(after)),
        equipamentoId === undefined ? undefined : eq(bloqueios.equipamentoId, equipamentoId),
      ),
    )
    .orderBy(asc(bloqueios.inicio))
  return rows.map(toBloqueio)
}

const bloqueiosBetweenQuery = perDatabase((db) =>
  db
    .select()
    .from(bloqueios)
    .where(and(gt(bloqueios.fim, sql.placeholder('from')), lt(bloqueios.inicio, sql.placeholder('to'))))
    .orderBy(asc(bloqueios.inicio))
    .prepare('bloqueios_between'),
)

/** Blocks overlapping [from, to). */
export async function bloqueiosBetween(db: Executor, from: string, to: string): Promise<Bloqueio[]> {
  const rows = await bloqueiosBetweenQuery(db).execute({
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  })
  return rows.map(toBloqueio)
}

/** An unknown machine fails on the foreign key (→ 404). */
export async function createBloqueio(
  db: Executor,
  input: { equipamentoId: string; inicio: string; fim: string; motivo: string },
): Promise<Bloqueio> {
  const [row] = await db
    .insert(bloqueios)
    .values({ ...input, inicio: new Date(input.inicio), fim: new Date(input.fim) })
    .returning()
  return toBloqueio(row!)
}

/**
 * The bookings a block of a machine would cover (issue 34): that machine's, overlapping [inicio, fim), still
 * awaited (contract/agenda.ts blockCovers), as the agenda draws them (the row's own agenda_item text).
 */
export async function coveredByBlock(
  db: Executor,
  block: { equipamentoId: string; inicio: string; fim: string },
): Promise<AgendaItem[]> {
  const rows = await db
    .select({ item: agendamentos.agendaItem })
    .from(agendamentos)
    .where(
      and(
        eq(agendamentos.equipamentoId, block.equipamentoId),
        notInArray(agendamentos.status, [...BLOCK_IGNORED_STATUSES]),
        lt(agendamentos.datahora, new Date(block.fim)),
        gt(agendamentos.fim, new Date(block.inicio)),
      ),
    )
    .orderBy(asc(agendamentos.datahora), asc(agendamentos.id))
  return rows.map((r) => JSON.parse(r.item) as AgendaItem)
}

export async function removeBloqueio(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(bloqueios).where(eq(bloqueios.id, id)).returning({ id: bloqueios.id })
  return rows.length === 1
}

const listMedicosQuery = perDatabase((db) =>
  db
    .select({ id: medicos.id, nome: medicos.nome, horarios: medicos.horarios })
    .from(medicos)
    .orderBy(asc(medicos.nome))
    .prepare('medicos_horarios'),
)

export function listMedicos(db: Executor): Promise<MedicoHorarios[]> {
  return listMedicosQuery(db).execute()
}

export async function setMedicoHorarios(
  db: Executor,
  medicoId: string,
  horarios: Horario[] | null,
): Promise<MedicoHorarios | undefined> {
  const [row] = await db
    .update(medicos)
    .set({ horarios })
    .where(eq(medicos.id, medicoId))
    .returning({ id: medicos.id, nome: medicos.nome, horarios: medicos.horarios })
  return row
}
