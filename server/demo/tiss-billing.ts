// The demonstration's billing (`npm run seed`; issue 37 points 4–5): the clinic's CNPJ and CNES, which every
// batch's header needs (kept when an ADMIN already gave them), then one convênio's batch of the month —
// generated as 'Gerar lote' does, sent with a protocol, its guias paid but one glosada — so that
// 'Faturamento' shows a batch's life and the reports' 'Faturamento' has figures from a fresh seed. The other
// convênios' realized appointments stay to bill during the demonstration ('Pronta', or what each lacks).
import { eq, sql } from 'drizzle-orm'
import { PARTICULAR_ID } from '@contract'
import { clinicaConfiguracoes } from '../db/schema'
import type { Executor } from '../repositories/executor'
import { generateLote, markSent, recordReturn } from '../repositories/tiss-lotes'
import { billableAppointments } from '../tiss/batch-source'

/** A CNPJ with valid check digits, and a CNES of seven digits: the demonstration's clinic. */
export const DEMO_CNPJ = '11.222.333/0001-81'
export const DEMO_CNES = '2077485'
/** The glosa of the demonstration: TISS table 38's 'Número da carteira inválido'. */
const GLOSA = { codigo: '1001', motivo: 'Número da carteira inválido' }

export async function seedDemoBilling(tx: Executor, today: string, userId: string, now: Date): Promise<void> {
  await tx.update(clinicaConfiguracoes).set({ cnpj: DEMO_CNPJ }).where(eq(clinicaConfiguracoes.cnpj, ''))
  await tx.update(clinicaConfiguracoes).set({ cnes: DEMO_CNES }).where(eq(clinicaConfiguracoes.cnes, ''))

  // the convênios with a realized appointment ready to bill, by month: bill the one with the most, when
  // another convênio is left with some for the demonstration's own batch
  const months = await tx.execute<{ convenio_id: string; competencia: string }>(sql`
    select distinct ac.convenio_id, to_char(a.datahora AT TIME ZONE 'UTC', 'YYYY-MM') as competencia
    from agendamentos a join agendamento_catalogo ac on ac.agendamento_id = a.id
    where a.status = 'realizado' and ac.convenio_id <> ${PARTICULAR_ID}
    order by 1, 2`)
  const ready: { convenioId: string; competencia: string; count: number }[] = []
  for (const row of months.rows) {
    const { items } = await billableAppointments(tx, row.convenio_id, row.competencia)
    const count = items.filter((item) => item.guia !== null).length
    if (count > 0) ready.push({ convenioId: row.convenio_id, competencia: row.competencia, count })
  }
  if (new Set(ready.map((r) => r.convenioId)).size < 2) return
  const chosen = ready.reduce((best, r) => (r.count > best.count ? r : best))

  const lote = await generateLote(tx, { ...chosen, userId, now })
  const sent = await markSent(tx, lote.id, today, `PRT${today.replace(/-/g, '')}${lote.numero}`)
  // the last guia glosada whole (nothing paid), the others paid in full
  for (const [i, guia] of sent.guias.entries())
    await recordReturn(
      tx,
      i === sent.guias.length - 1 && sent.guias.length > 1
        ? { id: guia.id, situacao: 'glosado', valorIncents: 0, glosaCodigo: GLOSA.codigo, glosaMotivo: GLOSA.motivo }
        : { id: guia.id, situacao: 'pago', valorIncents: guia.valorIncents },
    )
}
