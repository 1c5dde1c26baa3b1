// The demonstration data, loaded into a fresh database of the test run's PostgreSQL.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  CORES,
  ESTADOS_CIVIS,
  isValidCpf,
  MODALIDADES,
  PacienteData,
  RegisterExameRequest,
  SEXOS,
  UpdateAgendamentoRequest,
} from '@contract'
import { DEMO_EXAMES } from '../../demo/catalogue'
import { bootstrap, ensureJwtSecret } from '../../server/process/bootstrap'
import { agendamentos, equipamentos, medicos, pacientes, users } from '../../server/db/schema'
import { DEMO_MEDICOS, seedDemoData } from '../../server/demo/data'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

let t: TestDatabase
let adminId: string
const TODAY = '2026-03-18' // a Wednesday

beforeAll(async () => {
  t = await createTestDatabase()
  const printed: string[] = []
  await bootstrap(t.db, { adminEmail: undefined, adminPassword: undefined, jwtSecret: undefined }, (m) =>
    printed.push(m),
  )
  expect(printed.join('\n')).toMatch(/senha:\s+\S{16}/)
  const [admin] = await t.db.select().from(users)
  adminId = admin!.id
})
afterAll(async () => {
  await t.drop()
})

it('loads doctors, patients with valid CPFs and appointments at clinic hours; a second run changes nothing', async () => {
  const first = await seedDemoData(t.db, adminId, TODAY)
  expect(first).toMatchObject({ skipped: false, medicos: DEMO_MEDICOS.length, pacientes: 30, inativos: 3 })
  expect(first.agendamentosHoje).toBeGreaterThanOrEqual(10)
  // the exam catalogue: ~30 exams across every modality, 5 convênios besides Particular, a price on each table
  expect(first.catalogo).toEqual({ exames: 31, convenios: 5, precos: 31 * 6 })
  const modalidades = await t.db.execute(sql`SELECT DISTINCT modalidade FROM exames`)
  expect(modalidades.rows.map((r) => r.modalidade).sort()).toEqual([...MODALIDADES].sort())
  for (const { particularIncents: _price, ...exame } of DEMO_EXAMES)
    expect(RegisterExameRequest.safeParse(exame).error?.issues ?? [], exame.nome).toEqual([])

  const rows = await t.db.select().from(pacientes)
  expect(rows).toHaveLength(30)
  expect(rows.filter((p) => !p.ativo)).toHaveLength(3)
  for (const p of rows) {
    expect(isValidCpf(p.cpf)).toBe(true)
    expect(p.nome).toBe(p.nome.toLowerCase())
    expect(p.nomeBusca).toBe(p.nome.normalize('NFD').replace(/\p{M}/gu, ''))
    expect(ESTADOS_CIVIS).toContain(p.estadocivil)
    expect(SEXOS).toContain(p.sexo)
    expect(CORES).toContain(p.cor)
    // what the API itself would accept for this patient
    const {
      id: _id,
      nomeBusca: _nb,
      userId: _u,
      ativo: _a,
      versao: _v,
      numero: _n,
      createdAt: _c,
      updatedAt: _up,
      pacienteJson: _json,
      ...fields
    } = p
    const parsed = PacienteData.safeParse({ ...fields, datanascimento: p.datanascimento.toISOString() })
    expect(parsed.error?.issues ?? []).toEqual([])
  }
  expect(rows.some((p) => p.nome === 'conceição araújo' && p.nomeBusca === 'conceicao araujo')).toBe(true)

  const appts = await t.db.select().from(agendamentos)
  expect(appts).toHaveLength(first.agendamentos)
  const inactiveIds = new Set(rows.filter((p) => !p.ativo).map((p) => p.id))
  for (const a of appts) {
    const iso = a.datahora.toISOString()
    const [hh, mm] = iso.slice(11, 16).split(':').map(Number)
    expect(hh! * 60 + mm!).toBeGreaterThanOrEqual(7 * 60)
    expect(hh! * 60 + mm!).toBeLessThan(19 * 60)
    expect(mm! % 15).toBe(0)
    expect(a.exames.length).toBeGreaterThan(0)
    expect(a.valorIncents).toBeGreaterThan(0)
    expect(inactiveIds.has(a.pacienteId)).toBe(false)
    const body = {
      id: a.id,
      datahora: iso,
      anotacao: a.anotacao,
      convenio: a.convenio,
      valorIncents: a.valorIncents,
      estaPago: a.estaPago,
      userId: a.userId,
      pacienteId: a.pacienteId,
      medicoId: a.medicoId,
      exames: a.exames,
    }
    expect(UpdateAgendamentoRequest.safeParse(body).error?.issues ?? []).toEqual([])
  }
  expect(appts.filter((a) => a.datahora.toISOString().startsWith(TODAY))).toHaveLength(first.agendamentosHoje)
  expect(appts.some((a) => a.datahora.toISOString() < `${TODAY}T00:00:00.000Z` && a.estaPago)).toBe(true)

  // issue 19: a machine per room with its AE title, each with appointments today (docs/dicom.md)
  const machines = await t.db.select().from(equipamentos)
  expect(machines.map((m) => m.aeTitle).sort()).toEqual(['MMG1', 'RM1', 'RX1', 'TC1', 'US1'])
  for (const machine of machines)
    expect(
      appts.filter((a) => a.equipamentoId === machine.id && a.datahora.toISOString().startsWith(TODAY)).length,
      machine.aeTitle!,
    ).toBeGreaterThan(0)

  const again = await seedDemoData(t.db, adminId, TODAY)
  expect(again.skipped).toBe(true)
  const counts = await t.db.execute(
    sql`SELECT (SELECT count(*) FROM medicos)::int AS m, (SELECT count(*) FROM pacientes)::int AS p`,
  )
  expect(counts.rows[0]).toEqual({ m: DEMO_MEDICOS.length, p: 30 })
  expect(await t.db.select().from(medicos).where(eq(medicos.nome, DEMO_MEDICOS[0]))).toHaveLength(1)
  // issue 34: the women doctors are 'Dra.'
  const titles = await t.db.select({ nome: medicos.nome, tratamento: medicos.tratamento }).from(medicos)
  expect(
    titles
      .filter((m) => m.tratamento === 'Dra.')
      .map((m) => m.nome.split(' ')[0])
      .sort(),
  ).toEqual(['Beatriz', 'Helena', 'Marília'])
})

it('bootstrap is idempotent: one admin, one JWT secret, the same on every call', async () => {
  const a = await ensureJwtSecret(t.db, undefined)
  const b = await ensureJwtSecret(t.db, undefined)
  expect(a).toBe(b)
  expect(a.length).toBeGreaterThanOrEqual(32)
  expect(await ensureJwtSecret(t.db, 'x'.repeat(40))).toBe('x'.repeat(40))
  const printed: string[] = []
  const again = await bootstrap(
    t.db,
    { adminEmail: 'outro@clinica.test', adminPassword: '12345678', jwtSecret: undefined },
    (m) => printed.push(m),
  )
  expect(again.admin.created).toBe(false)
  expect(printed).toEqual([])
  expect(await t.db.select().from(users)).toHaveLength(1)
})
