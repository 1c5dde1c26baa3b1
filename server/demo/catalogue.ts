// The demonstration catalogue (`npm run seed`): about 30 radiology exams across the modalities with their
// preparation texts, five convênios besides Particular, and a price of every exam on every table — the
// same data as the msw demo mode (demo/catalogue.ts, read by src/mocks/catalogue-seed.ts). Rows
// already there (same name, whatever its case and accents) are kept as they are.
import { inArray } from 'drizzle-orm'
import { PARTICULAR_ID } from '@contract'
import { DEMO_CONVENIOS, DEMO_EXAMES, demoPrice } from '../../demo/catalogue'
import { convenios, exames, precos } from '../db/schema'
import type { Executor } from '../repositories/executor'

export interface CatalogueSeedResult {
  exames: number
  convenios: number
  precos: number
}

export async function seedDemoCatalogue(tx: Executor): Promise<CatalogueSeedResult> {
  const exameRows = await tx
    .insert(exames)
    .values(DEMO_EXAMES.map(({ particularIncents: _price, ...exame }) => exame))
    .onConflictDoNothing()
    .returning({ id: exames.id, nome: exames.nome })
  const convenioRows = await tx
    .insert(convenios)
    .values(DEMO_CONVENIOS.map(({ percent: _share, ...convenio }) => convenio))
    .onConflictDoNothing()
    .returning({ id: convenios.id, nome: convenios.nome })
  // every table, Particular's included, for the exams loaded now
  const tables = [
    { id: PARTICULAR_ID, percent: 100 },
    ...(
      await tx
        .select({ id: convenios.id, nome: convenios.nome })
        .from(convenios)
        .where(
          inArray(
            convenios.nome,
            DEMO_CONVENIOS.map((c) => c.nome),
          ),
        )
    ).map((row) => ({
      id: row.id,
      percent: DEMO_CONVENIOS.find((c) => c.nome === row.nome)!.percent,
    })),
  ]
  const values = exameRows.flatMap((row) => {
    const exame = DEMO_EXAMES.find((e) => e.nome === row.nome)!
    return tables.map((table) => ({
      exameId: row.id,
      convenioId: table.id,
      valorIncents: demoPrice(exame.particularIncents, table.percent),
    }))
  })
  if (values.length > 0) await tx.insert(precos).values(values).onConflictDoNothing()
  return { exames: exameRows.length, convenios: convenioRows.length, precos: values.length }
}
