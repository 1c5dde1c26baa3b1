// The demo's opening hours (issue 34, docs/decisions.md "Opening hours"): the seed gives the clinic and
// every seeded machine realistic hours, so free times and the agenda never fall back to a clinic without
// hours (free times at 00:00).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { effectiveHours, insideHours } from '@contract'
import { bootstrap } from '../../server/process/bootstrap'
import { users } from '../../server/db/schema'
import { DEMO_EQUIPAMENTOS, seedDemoData } from '../../server/demo/data'
import * as clinicRepo from '../../server/repositories/clinic'
import * as equipamentosRepo from '../../server/repositories/equipamentos'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
  await bootstrap(t.db, { adminEmail: undefined, adminPassword: undefined, jwtSecret: undefined }, () => {})
  const [admin] = await t.db.select().from(users)
  await seedDemoData(t.db, admin!.id, '2026-11-27')
})
afterAll(async () => {
  await t.drop()
})

it('opens the clinic Monday to Saturday and keeps every seeded machine inside its hours', async () => {
  const clinic = (await clinicRepo.getSettings(t.db)).horarios
  expect([...new Set(clinic.map((h) => h.dia))].sort()).toEqual([1, 2, 3, 4, 5, 6])
  // Saturday morning only; never at night
  expect(clinic.filter((h) => h.dia === 6)).toEqual([{ dia: 6, inicio: '07:00', fim: '12:00' }])
  for (const h of clinic) expect(h.inicio >= '07:00' && h.fim <= '19:00').toBe(true)
  const machines = await equipamentosRepo.listAll(t.db)
  for (const demo of DEMO_EQUIPAMENTOS) {
    const machine = machines.find((m) => m.nome === demo.nome)!
    expect(machine.horarios.length, machine.nome).toBeGreaterThan(0)
    // what it keeps is what it works: nothing cut away by the clinic's hours
    expect(effectiveHours(machine.horarios, clinic), machine.nome).toEqual(machine.horarios)
    expect(insideHours(machine.horarios, '2026-11-29T09:00:00.000Z', '2026-11-29T09:15:00.000Z')).toBe(false)
  }
})
