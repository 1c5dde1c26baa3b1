// The demonstration data shows the front desk's day: today's appointments in every status, waiting
// patients with their arrival time, and the moves in each appointment's history.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { STATUSES } from '@contract'
import { bootstrap } from '../../server/process/bootstrap'
import { agendamentos, agendamentoStatus, users } from '../../server/db/schema'
import { seedDemoData } from '../../server/demo/data'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

let t: TestDatabase
const TODAY = '2026-03-18'
const NOW = new Date('2026-03-18T14:00:00.000Z') // 11:00 at the clinic

beforeAll(async () => {
  t = await createTestDatabase()
  await bootstrap(t.db, { adminEmail: undefined, adminPassword: undefined, jwtSecret: undefined }, () => {})
})
afterAll(async () => {
  await t.drop()
})

it("today's appointments are in every status; waiting ones arrived before now; moves are in the history", async () => {
  const [admin] = await t.db.select().from(users)
  await seedDemoData(t.db, admin!.id, TODAY, NOW)
  const rows = await t.db.select().from(agendamentos)
  const today = rows.filter((a) => a.datahora.toISOString().startsWith(TODAY))
  expect(new Set(today.map((a) => a.status))).toEqual(new Set(STATUSES))
  for (const a of today.filter((a) => a.status === 'aguardando'))
    expect(a.chegada!.getTime()).toBeLessThan(NOW.getTime())
  for (const a of rows.filter((a) => a.status === 'agendado')) expect(a.chegada).toBeNull()
  const cancelled = today.find((a) => a.status === 'cancelado')!
  const moves = await t.db.select().from(agendamentoStatus).where(eq(agendamentoStatus.agendamentoId, cancelled.id))
  expect(moves).toMatchObject([
    { tipo: 'mover', de: 'agendado', para: 'cancelado', motivo: 'paciente', userId: admin!.id },
  ])
  // the whole demo is seeded here, its released laudos' PDFs included (issue 36)
}, 90_000)

// issue 38 point 4: some of today's waiting patients declared a legal priority; nobody else has one
it('some waiting patients have a legal priority, and their answers say it', async () => {
  const rows = await t.db.select().from(agendamentos)
  const waiting = rows.filter((a) => a.status === 'aguardando')
  expect(waiting.some((a) => a.prioridade !== null)).toBe(true)
  for (const a of rows.filter((a) => a.status !== 'aguardando')) expect(a.prioridade).toBeNull()
  for (const a of waiting.filter((a) => a.prioridade !== null))
    expect(JSON.parse(a.agendamentoJson)).toMatchObject({ prioridade: a.prioridade })
})
