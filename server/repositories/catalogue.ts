// The exam catalogue, the convênios and their prices (docs/decisions.md, "Exam catalogue"). Names are
// unique whatever their case and accents through the database's expression indexes (migration 0008): a
// duplicate is the unique violation the route turns into 409, so two simultaneous registrations of one
// name cannot both win. In-use rows are protected by foreign keys from the appointments' snapshots.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  PARTICULAR_ID,
  type Convenio,
  type Exame,
  type Preco,
  type RegisterConvenioRequest,
  type RegisterExameRequest,
} from '@contract'
import { convenios, exames, precos } from '../db/schema'
import type { Executor } from './executor'

export type ExameInput = z.output<typeof RegisterExameRequest>
export type ConvenioInput = z.output<typeof RegisterConvenioRequest>

const exameSelection = {
  id: exames.id,
  nome: exames.nome,
  modalidade: exames.modalidade,
  duracao: exames.duracao,
  preparo: exames.preparo,
  tuss: exames.tuss,
  ativo: exames.ativo,
  prazoLaudoDias: exames.prazoLaudoDias,
}
const convenioSelection = { id: convenios.id, nome: convenios.nome, ans: convenios.ans, ativo: convenios.ativo }
const precoSelection = { exameId: precos.exameId, convenioId: precos.convenioId, valorIncents: precos.valorIncents }

/** Names in the order staff read them: without accents, lowercased, then as written. */
const byName = (column: typeof exames.nome | typeof convenios.nome) => [
  sql`clinica_nome_chave(${column}) collate "C"`,
  sql`${column} collate "C"`,
]

export async function catalogo(db: Executor): Promise<{ exames: Exame[]; convenios: Convenio[]; precos: Preco[] }> {
  const [exameRows, convenioRows, precoRows] = await Promise.all([
    db
      .select(exameSelection)
      .from(exames)
      .orderBy(...byName(exames.nome), asc(exames.id)),
    db
      .select(convenioSelection)
      .from(convenios)
      .orderBy(...byName(convenios.nome), asc(convenios.id)),
    db.select(precoSelection).from(precos).orderBy(asc(precos.exameId), asc(precos.convenioId)),
  ])
  return { exames: exameRows, convenios: convenioRows, precos: precoRows }
}

export async function createExame(db: Executor, input: ExameInput): Promise<Exame> {
  const [row] = await db.insert(exames).values(input).returning(exameSelection)
  return row!
}

export async function updateExame(db: Executor, id: string, input: ExameInput): Promise<Exame | undefined> {
  const [row] = await db.update(exames).set(input).where(eq(exames.id, id)).returning(exameSelection)
  return row
}

/** False when unknown; a booked exam fails on the snapshots' foreign key (the route answers 409). */
export async function deleteExame(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.delete(exames).where(eq(exames.id, id)).returning({ id: exames.id })
  return row !== undefined
}

export async function findExames(db: Executor, ids: string[]): Promise<Exame[]> {
  if (ids.length === 0) return []
  return db.select(exameSelection).from(exames).where(inArray(exames.id, ids))
}

export async function findConvenio(db: Executor, id: string): Promise<Convenio | undefined> {
  const [row] = await db.select(convenioSelection).from(convenios).where(eq(convenios.id, id)).limit(1)
  return row
}

export async function createConvenio(db: Executor, input: ConvenioInput): Promise<Convenio> {
  const [row] = await db.insert(convenios).values(input).returning(convenioSelection)
  return row!
}

export async function updateConvenio(db: Executor, id: string, input: ConvenioInput): Promise<Convenio | undefined> {
  const [row] = await db.update(convenios).set(input).where(eq(convenios.id, id)).returning(convenioSelection)
  return row
}

export async function deleteConvenio(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.delete(convenios).where(eq(convenios.id, id)).returning({ id: convenios.id })
  return row !== undefined
}

export const isParticular = (id: string) => id === PARTICULAR_ID

/** Sets (upsert) or removes (null) one price. */
export async function definirPreco(
  db: Executor,
  exameId: string,
  convenioId: string,
  valorIncents: number | null,
): Promise<Preco | null> {
  if (valorIncents === null) {
    await db.delete(precos).where(and(eq(precos.exameId, exameId), eq(precos.convenioId, convenioId)))
    return null
  }
  const [row] = await db
    .insert(precos)
    .values({ exameId, convenioId, valorIncents })
    .onConflictDoUpdate({ target: [precos.exameId, precos.convenioId], set: { valorIncents } })
    .returning(precoSelection)
  return row!
}

/** The prices of `exameIds` on one convênio, by exam id (absent: no price). */
export async function pricesOf(db: Executor, convenioId: string, exameIds: string[]): Promise<Map<string, number>> {
  if (exameIds.length === 0) return new Map()
  const rows = await db
    .select(precoSelection)
    .from(precos)
    .where(and(eq(precos.convenioId, convenioId), inArray(precos.exameId, exameIds)))
  return new Map(rows.map((row) => [row.exameId, row.valorIncents]))
}
