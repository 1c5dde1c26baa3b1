// Each patient's cards, one per convênio (issue 37 point 2): 'Carteirinha', 'Plano', 'Validade da carteirinha'.
import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Carteirinha, DefinirCarteirinhaRequest } from '@contract'
import { carteirinhas } from '../db/schema'
import type { Executor } from './executor'

const selection = {
  id: carteirinhas.id,
  pacienteId: carteirinhas.pacienteId,
  convenioId: carteirinhas.convenioId,
  numero: carteirinhas.numero,
  plano: carteirinhas.plano,
  validade: carteirinhas.validade,
}

export async function ofPaciente(db: Executor, pacienteId: string): Promise<Carteirinha[]> {
  return db
    .select(selection)
    .from(carteirinhas)
    .where(eq(carteirinhas.pacienteId, pacienteId))
    .orderBy(asc(carteirinhas.convenioId))
}

export async function find(db: Executor, pacienteId: string, convenioId: string): Promise<Carteirinha | undefined> {
  const [row] = await db
    .select(selection)
    .from(carteirinhas)
    .where(and(eq(carteirinhas.pacienteId, pacienteId), eq(carteirinhas.convenioId, convenioId)))
  return row
}

/** One card per patient and convênio: saving again replaces it (the unique index decides a race). */
export async function save(db: Executor, input: z.output<typeof DefinirCarteirinhaRequest>): Promise<Carteirinha> {
  const { pacienteId, convenioId, ...data } = input
  const [row] = await db
    .insert(carteirinhas)
    .values(input)
    .onConflictDoUpdate({ target: [carteirinhas.pacienteId, carteirinhas.convenioId], set: data })
    .returning(selection)
  void pacienteId
  void convenioId
  return row!
}

export async function remove(db: Executor, id: string): Promise<Carteirinha | undefined> {
  const [row] = await db.delete(carteirinhas).where(eq(carteirinhas.id, id)).returning(selection)
  return row
}
