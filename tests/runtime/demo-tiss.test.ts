// The demo's TISS data (issue 37 points 1–3): a fresh seed gives every convênio its provider code, the
// patients booked on convênios their cards, and each realized convênio appointment a guia with senha and
// solicitante, numbered 1, 2, … per convênio — what the batch page reads.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PARTICULAR_ID } from '@contract'
import { bootstrap } from '../../server/process/bootstrap'
import { users } from '../../server/db/schema'
import { seedDemoData } from '../../server/demo/data'
import * as conveniosRepo from '../../server/repositories/tiss-convenios'
import { findLote } from '../../server/repositories/tiss-lotes'
import { tissReport } from '../../server/repositories/tiss-report'
import { billableAppointments } from '../../server/tiss/batch-source'
import { DEMO_CNES, DEMO_CNPJ } from '../../server/demo/tiss-billing'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
  await bootstrap(t.db, { adminEmail: undefined, adminPassword: undefined, jwtSecret: undefined }, () => {})
  const [admin] = await t.db.select().from(users)
  await seedDemoData(t.db, admin!.id, '2026-11-27', new Date('2026-11-27T18:00:00.000Z'))
})
afterAll(async () => {
  await t.drop()
})

it('gives every convênio a code, and realized convênio appointments a numbered guia with senha and card', async () => {
  const settings = (await conveniosRepo.list(t.db)).filter((c) => c.convenioId !== PARTICULAR_ID)
  expect(settings.length).toBeGreaterThan(0)
  for (const c of settings) {
    expect(c.codigoPrestador).toMatch(/^\d{7,14}$/)
    expect(c.examesComAutorizacao.length).toBeGreaterThan(0)
  }
  const { rows } = await t.pool.query<{ convenio_id: string; numeros: number[]; sem_senha: number; sem_card: number }>(`
    select g.convenio_id, array_agg(g.numero_guia_prestador order by g.numero_guia_prestador) as numeros,
      count(*) filter (where ac.senha_autorizacao = '')::int as sem_senha,
      count(*) filter (where ac.carteirinha = '')::int as sem_card
    from tiss_guias g join agendamento_catalogo ac using (agendamento_id)
    join agendamentos a on a.id = g.agendamento_id
    where a.status = 'realizado' and g.solicitante_id is not null
    group by g.convenio_id`)
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    expect(row.numeros).toEqual(row.numeros.map((_, i) => i + 1))
    expect(row.sem_senha).toBe(0)
    expect(row.sem_card).toBe(0)
  }
})

it("bills one convênio's month: a batch sent, its guias paid but one glosada; the others' stay to bill", async () => {
  const { rows: settings } = await t.pool.query<{ cnpj: string; cnes: string }>(
    'select cnpj, cnes from clinica_configuracoes',
  )
  expect(settings).toEqual([{ cnpj: DEMO_CNPJ, cnes: DEMO_CNES }])
  const { rows } = await t.pool.query<{ id: string }>('select id from tiss_lotes')
  expect(rows).toHaveLength(1)
  const lote = (await findLote(t.db, rows[0]!.id))!
  expect(lote).toMatchObject({ numero: 1, competencia: '2026-11', situacao: 'enviado', enviadoEm: '2026-11-27' })
  expect(lote.guias.length).toBeGreaterThan(1)
  const glosadas = lote.guias.filter((g) => g.situacao === 'glosado')
  expect(glosadas).toEqual([expect.objectContaining({ glosaCodigo: '1001', valorPagoIncents: 0 })])
  const pagas = lote.guias.filter((g) => g.situacao === 'pago')
  expect(pagas).toHaveLength(lote.guias.length - 1)
  for (const g of pagas) expect(g.valorPagoIncents).toBe(g.valorIncents)

  // the reports' 'Faturamento' for November: what was billed, received and glossed on that convênio
  const report = await tissReport(t.db, { de: '2026-11-01', ate: '2026-11-30' })
  const line = report.linhas.find((l) => l.convenioId === lote.convenioId && l.competencia === '2026-11')
  expect(line).toMatchObject({
    guias: lote.guias.length,
    faturadoInCents: lote.valorIncents,
    recebidoInCents: pagas.reduce((sum, g) => sum + g.valorIncents, 0),
    glosadoInCents: glosadas[0]!.valorIncents,
    aguardando: 0,
  })

  // another convênio's realized appointments are still 'Pronta' for the demonstration's own batch
  const others = (await conveniosRepo.list(t.db)).filter(
    (c) => c.convenioId !== PARTICULAR_ID && c.convenioId !== lote.convenioId,
  )
  const ready = await Promise.all(
    others.map(async (c) => (await billableAppointments(t.db, c.convenioId, '2026-11')).items.filter((i) => i.guia)),
  )
  expect(ready.flat().length).toBeGreaterThan(0)
})
