// The demo's laudos (issue 36 points 3 and 7): `npm run seed` releases the most recent exams done (a real
// PDF, its SHA-256 kept) and delivers the newest one, so the board shows 'Liberado' and 'Entregue'; older
// exams done stay without a laudo and are counted late by the board's call. The reports' demo laudos
// (server/demo/laudo-report.ts), released before the seed's clock, carry their PDF too: 'Baixar PDF' works on
// every laudo the seed released.
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bootstrap } from '../../server/process/bootstrap'
import { users } from '../../server/db/schema'
import { seedDemoData } from '../../server/demo/data'
import { DEMO_LAUDOS_LIBERADOS } from '../../server/demo/laudos'
import * as clinicRepo from '../../server/repositories/clinic'
import * as worklist from '../../server/repositories/laudo-worklist'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

const TODAY = '2026-11-27'
const NOW = new Date(`${TODAY}T18:00:00.000Z`)
let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
  await bootstrap(t.db, { adminEmail: undefined, adminPassword: undefined, jwtSecret: undefined }, () => {})
  const [admin] = await t.db.select().from(users)
  await seedDemoData(t.db, admin!.id, TODAY, NOW)
})
afterAll(async () => {
  await t.drop()
})

it('releases the most recent exams done, one delivered, and leaves older ones late', async () => {
  const { rows } = await t.db.execute<{ estado: string; pdf: Buffer; sha256: string; entregas: number }>(sql`
    select l.estado, v.pdf, v.sha256, (select count(*)::int from laudo_entregas d where d.laudo_id = l.id) as entregas
      from laudos l join laudo_versoes v on v.laudo_id = l.id
     where v.liberado_em = ${NOW.toISOString()}`)
  expect(rows).toHaveLength(DEMO_LAUDOS_LIBERADOS)
  expect(rows.map((r) => r.estado).sort()).toEqual(['Entregue', 'Liberado', 'Liberado', 'Liberado'])
  expect(rows.filter((r) => r.entregas === 1)).toHaveLength(1)
  for (const r of rows) {
    expect(r.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(createHash('sha256').update(r.pdf).digest('hex')).toBe(r.sha256)
  }
  const late = await worklist.lateCount(t.db, await clinicRepo.getHours(t.db), TODAY)
  expect(late).toBeGreaterThan(0)
})

it("gives every laudo it released a PDF as a release leaves it, and every 'Entregue' its delivery", async () => {
  const { rows } = await t.db.execute<{
    estado: string
    pdf: Buffer | null
    sha256: string | null
    codigo: string | null
    entregas: number
  }>(sql`
    select l.estado, v.pdf, v.sha256, v.codigo_verificacao as codigo,
           (select count(*)::int from laudo_entregas d where d.laudo_id = l.id) as entregas
      from laudos l join laudo_versoes v on v.laudo_id = l.id
     where v.liberado_em is not null`)
  // the reports' laudos as well as the most recent ones
  expect(rows.length).toBeGreaterThan(DEMO_LAUDOS_LIBERADOS)
  for (const r of rows) {
    expect(r.pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(createHash('sha256').update(r.pdf!).digest('hex')).toBe(r.sha256)
    expect(r.codigo).toMatch(/^\w{4}-\w{4}-\w{4}$/)
    expect(r.entregas).toBe(r.estado === 'Entregue' ? 1 : 0)
  }
  expect(new Set(rows.map((r) => r.codigo)).size).toBe(rows.length)
  expect(rows.filter((r) => r.estado === 'Entregue').length).toBeGreaterThan(1)
})
