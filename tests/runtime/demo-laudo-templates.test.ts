// The demo's laudo templates (issue 36 point 2): `npm run seed` gives every seeded exam a template with the
// three sections, placeholders only of the known ones, and a few stock phrases per modality.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MODALIDADES, unknownLaudoPlaceholders } from '@contract'
import { bootstrap } from '../../server/process/bootstrap'
import { users } from '../../server/db/schema'
import { seedDemoData } from '../../server/demo/data'
import * as catalogueRepo from '../../server/repositories/catalogue'
import * as templates from '../../server/repositories/laudo-templates'
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

it('gives every seeded exam a template, with known placeholders only', async () => {
  const { exames } = await catalogueRepo.catalogo(t.db)
  expect(exames.length).toBeGreaterThan(20)
  for (const exame of exames) {
    const modelo = (await templates.findModelo(t.db, exame.id))!
    expect(modelo.atualizadoEm, exame.nome).not.toBeNull()
    for (const text of [modelo.tecnica, modelo.relatorio, modelo.impressao]) {
      expect(text.trim(), exame.nome).not.toBe('')
      expect(unknownLaudoPlaceholders(text), exame.nome).toEqual([])
    }
    expect(modelo.tecnica, exame.nome).toContain('{paciente}')
  }
})

it('gives every modality but Outros a few stock phrases', async () => {
  const frases = await templates.listFrases(t.db)
  for (const modalidade of MODALIDADES.filter((m) => m !== 'Outros'))
    expect(frases.filter((f) => f.modalidade === modalidade).length, modalidade).toBeGreaterThanOrEqual(2)
})
