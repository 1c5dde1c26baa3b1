// The demonstration's laudo templates and stock phrases (`npm run seed`, issue 36 point 2): a template for
// every demo exam that has none yet, and the demo phrases whose code is free in their modality — the same
// texts as the msw demo mode (demo/laudo-templates.ts). What an ADMIN or a doctor already wrote is kept.
import { inArray } from 'drizzle-orm'
import { DEMO_EXAMES } from '../../demo/catalogue'
import { DEMO_FRASES, demoLaudoTemplate } from '../../demo/laudo-templates'
import { exames, frasesProntas, modelosLaudo } from '../db/schema'
import type { Executor } from '../repositories/executor'

export async function seedDemoLaudoTemplates(tx: Executor): Promise<{ modelos: number; frases: number }> {
  const rows = await tx
    .select({ id: exames.id, nome: exames.nome })
    .from(exames)
    .where(
      inArray(
        exames.nome,
        DEMO_EXAMES.map((e) => e.nome),
      ),
    )
  const modelos = rows.map((row) => ({
    exameId: row.id,
    ...demoLaudoTemplate(DEMO_EXAMES.find((e) => e.nome === row.nome)!),
  }))
  const savedModelos =
    modelos.length === 0
      ? []
      : await tx.insert(modelosLaudo).values(modelos).onConflictDoNothing().returning({ id: modelosLaudo.exameId })
  const savedFrases = await tx
    .insert(frasesProntas)
    .values(DEMO_FRASES)
    .onConflictDoNothing()
    .returning({ id: frasesProntas.id })
  return { modelos: savedModelos.length, frases: savedFrases.length }
}
