// The reusable list of requesting doctors ('Médico solicitante', issue 37 point 3): referrals come from
// outside the clinic, so they are kept apart from the clinic's own doctors. One per council registration.
import { asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { MedicoSolicitante, RegisterSolicitanteRequest } from '@contract'
import { medicosSolicitantes } from '../db/schema'
import type { Executor } from './executor'

export type SolicitanteInput = z.output<typeof RegisterSolicitanteRequest>

const selection = {
  id: medicosSolicitantes.id,
  nome: medicosSolicitantes.nome,
  conselho: medicosSolicitantes.conselho,
  numero: medicosSolicitantes.numero,
  uf: medicosSolicitantes.uf,
  cbo: medicosSolicitantes.cbo,
}
type Row = { [K in keyof typeof selection]: string }
const toEntity = (row: Row) => row as MedicoSolicitante

export async function list(db: Executor): Promise<MedicoSolicitante[]> {
  const rows = await db
    .select(selection)
    .from(medicosSolicitantes)
    .orderBy(sql`lower(${medicosSolicitantes.nome}) collate "C"`, asc(medicosSolicitantes.id))
  return rows.map(toEntity)
}

export async function find(db: Executor, id: string): Promise<MedicoSolicitante | undefined> {
  const [row] = await db.select(selection).from(medicosSolicitantes).where(eq(medicosSolicitantes.id, id))
  return row && toEntity(row)
}

export async function create(db: Executor, input: SolicitanteInput): Promise<MedicoSolicitante> {
  const [row] = await db.insert(medicosSolicitantes).values(input).returning(selection)
  return toEntity(row!)
}

export async function update(
  db: Executor,
  id: string,
  input: SolicitanteInput,
): Promise<MedicoSolicitante | undefined> {
  const [row] = await db
    .update(medicosSolicitantes)
    .set(input)
    .where(eq(medicosSolicitantes.id, id))
    .returning(selection)
  return row && toEntity(row)
}
