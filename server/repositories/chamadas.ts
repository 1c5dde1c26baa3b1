// The waiting room's calls (issue 38, contract/waiting-room.ts): a call of a waiting patient to a room,
// the calls of a clinic day, and the calls of one appointment as history entries.
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import { addDays, type Chamada, type HistoricoEntry } from '@contract'
import { agendamentos, chamadas, equipamentos, users } from '../db/schema'
import type { Executor } from './executor'

/** What a call needs of its appointment: read locked, so a move and a call of one patient go one at a time. */
export async function appointmentForCall(
  tx: Executor,
  id: string,
): Promise<{ status: string; medicoId: string; sala: string | null } | undefined> {
  const [row] = await tx
    .select({ status: agendamentos.status, medicoId: agendamentos.medicoId, sala: equipamentos.nome })
    .from(agendamentos)
    .leftJoin(equipamentos, eq(equipamentos.id, agendamentos.equipamentoId))
    .where(eq(agendamentos.id, id))
    .for('update', { of: agendamentos })
  return row
}

export async function insert(tx: Executor, call: { agendamentoId: string; sala: string; userId: string }) {
  const [row] = await tx
    .insert(chamadas)
    .values({ agendamentoId: call.agendamentoId, sala: call.sala, chamadoPor: call.userId })
    .returning({ id: chamadas.id })
  const [chamada] = await list(tx, eq(chamadas.id, row!.id))
  return chamada!
}

function list(db: Executor, where: SQL | undefined): Promise<Chamada[]> {
  return (
    db
      .select({
        id: chamadas.id,
        agendamentoId: chamadas.agendamentoId,
        sala: chamadas.sala,
        chamadoEm: chamadas.chamadoEm,
        userId: chamadas.chamadoPor,
        nome: users.nome,
      })
      .from(chamadas)
      .innerJoin(users, eq(users.id, chamadas.chamadoPor))
      // a deleted appointment's calls stay in its history
      .leftJoin(agendamentos, eq(agendamentos.id, chamadas.agendamentoId))
      .where(where)
      .orderBy(desc(chamadas.chamadoEm), desc(chamadas.id))
      .then((rows) =>
        rows.map((row) => ({
          id: row.id,
          agendamentoId: row.agendamentoId,
          sala: row.sala,
          chamadoEm: row.chamadoEm.toISOString(),
          chamadoPor: { id: row.userId, nome: row.nome },
        })),
      )
  )
}

/** The calls of the appointments of clinic day `dia` (floating wall-clock datahora), newest first. */
export function ofDay(db: Executor, dia: string): Promise<Chamada[]> {
  return list(
    db,
    and(
      gte(agendamentos.datahora, new Date(`${dia}T00:00:00Z`)),
      lt(agendamentos.datahora, new Date(`${addDays(dia, 1)}T00:00:00Z`)),
    ),
  )
}

/** One appointment's calls as history entries ('Paciente chamado' with the room), newest first. */
export async function historico(db: Executor, agendamentoId: string): Promise<HistoricoEntry[]> {
  const rows = await list(db, eq(chamadas.agendamentoId, agendamentoId))
  return rows.map((row) => ({
    at: row.chamadoEm,
    action: 'chamada',
    user: row.chamadoPor,
    fields: [],
    sala: row.sala,
  }))
}
