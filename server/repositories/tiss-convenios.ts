// A convênio's TISS settings and the exams it authorises beforehand (issue 37 point 1; docs/decisions.md
// "TISS data"). A convênio with no row answers the defaults, so the catalogue's convênios need no migration.
import { asc, eq } from 'drizzle-orm'
import { defaultConvenioTiss, type ConvenioTiss, type DefinirConvenioTissRequest } from '@contract'
import type { z } from 'zod'
import { convenioExameAutorizacao, convenioTiss, convenios } from '../db/schema'
import type { Executor } from './executor'

export type ConvenioTissInput = z.output<typeof DefinirConvenioTissRequest>

export async function list(db: Executor): Promise<ConvenioTiss[]> {
  const rows = await db
    .select({ id: convenios.id, tiss: convenioTiss })
    .from(convenios)
    .leftJoin(convenioTiss, eq(convenioTiss.convenioId, convenios.id))
    .orderBy(asc(convenios.id))
  const exames = await db
    .select()
    .from(convenioExameAutorizacao)
    .orderBy(asc(convenioExameAutorizacao.convenioId), asc(convenioExameAutorizacao.exameId))
  return rows.map(({ id, tiss }) => ({
    ...defaultConvenioTiss(id),
    ...(tiss
      ? {
          codigoPrestador: tiss.codigoPrestador,
          versaoTiss: tiss.versaoTiss as ConvenioTiss['versaoTiss'],
          guiasPorLote: tiss.guiasPorLote,
        }
      : {}),
    examesComAutorizacao: exames.filter((e) => e.convenioId === id).map((e) => e.exameId),
  }))
}

export async function find(db: Executor, convenioId: string): Promise<ConvenioTiss | undefined> {
  return (await list(db)).find((c) => c.convenioId === convenioId)
}

/** Replaces the settings and the exam list; run inside a transaction. */
export async function save(tx: Executor, input: ConvenioTissInput): Promise<void> {
  const { convenioId, examesComAutorizacao, ...settings } = input
  await tx
    .insert(convenioTiss)
    .values({ convenioId, ...settings })
    .onConflictDoUpdate({ target: convenioTiss.convenioId, set: settings })
  await tx.delete(convenioExameAutorizacao).where(eq(convenioExameAutorizacao.convenioId, convenioId))
  const unique = [...new Set(examesComAutorizacao)]
  if (unique.length > 0)
    await tx.insert(convenioExameAutorizacao).values(unique.map((exameId) => ({ convenioId, exameId })))
}
