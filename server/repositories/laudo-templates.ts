// The laudo's templates (one row per catalogue exam) and stock phrases (issue 36 point 2). The code of a
// phrase is unique per modality through frases_prontas_codigo_unique: a duplicate is the unique violation the
// route turns into 409, so two simultaneous saves of one code cannot both win.
import { asc, eq, sql } from 'drizzle-orm'
import { type FrasePronta, type ModeloLaudo, type RegisterFraseRequest, MODALIDADES } from '@contract'
import type { z } from 'zod'
import { exames, frasesProntas, modelosLaudo } from '../db/schema'
import type { Executor } from './executor'

export type FraseInput = z.output<typeof RegisterFraseRequest>
interface Sections {
  tecnica: string
  relatorio: string
  impressao: string
}

const fraseSelection = {
  id: frasesProntas.id,
  modalidade: frasesProntas.modalidade,
  codigo: frasesProntas.codigo,
  texto: frasesProntas.texto,
}

/** The exam's template, empty while none was saved; undefined when the exam does not exist. */
export async function findModelo(db: Executor, exameId: string): Promise<ModeloLaudo | undefined> {
  const [row] = await db
    .select({
      exameId: exames.id,
      tecnica: modelosLaudo.tecnica,
      relatorio: modelosLaudo.relatorio,
      impressao: modelosLaudo.impressao,
      atualizadoEm: modelosLaudo.atualizadoEm,
    })
    .from(exames)
    .leftJoin(modelosLaudo, eq(modelosLaudo.exameId, exames.id))
    .where(eq(exames.id, exameId))
  if (!row) return undefined
  return {
    exameId: row.exameId,
    tecnica: row.tecnica ?? '',
    relatorio: row.relatorio ?? '',
    impressao: row.impressao ?? '',
    atualizadoEm: row.atualizadoEm?.toISOString() ?? null,
  }
}

/** Saves the exam's template (insert or replace); the caller checked the exam exists (a FK guards a race). */
export async function saveModelo(db: Executor, exameId: string, sections: Sections, now: Date): Promise<ModeloLaudo> {
  const values = { ...sections, atualizadoEm: now }
  const [row] = await db
    .insert(modelosLaudo)
    .values({ exameId, ...values })
    .onConflictDoUpdate({ target: modelosLaudo.exameId, set: values })
    .returning()
  return { ...row!, atualizadoEm: row!.atualizadoEm.toISOString() }
}

const modalityOrder = sql.raw(
  `array_position(array[${MODALIDADES.map((m) => `'${m}'`).join(', ')}]::text[], ${'"frases_prontas"."modalidade"'})`,
)

export async function listFrases(db: Executor): Promise<FrasePronta[]> {
  return db.select(fraseSelection).from(frasesProntas).orderBy(modalityOrder, asc(frasesProntas.codigo))
}

export async function createFrase(db: Executor, input: FraseInput): Promise<FrasePronta> {
  const [row] = await db.insert(frasesProntas).values(input).returning(fraseSelection)
  return row!
}

export async function updateFrase(db: Executor, id: string, input: FraseInput): Promise<FrasePronta | undefined> {
  const [row] = await db.update(frasesProntas).set(input).where(eq(frasesProntas.id, id)).returning(fraseSelection)
  return row
}

export async function deleteFrase(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.delete(frasesProntas).where(eq(frasesProntas.id, id)).returning({ id: frasesProntas.id })
  return row !== undefined
}
