// The demonstration data is coherent with every capability (issue 34): seeded at 11:00 on a Wednesday,
// each appointment is booked from the catalogue on a machine of its modality inside the clinic's hours,
// its status and history fit the clock, its payment has a form, and the month's report adds up.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { LinhaRelatorio, Relatorio } from '@contract'
import { bootstrap } from '../../server/process/bootstrap'
import { users } from '../../server/db/schema'
import { seedDemoData } from '../../server/demo/data'
import { appointmentRows, summary } from '../../server/repositories/reports'
import { getHours } from '../../server/repositories/clinic'
import { laudoReport } from '../../server/repositories/laudo-report'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

let t: TestDatabase
const TODAY = '2026-03-18' // a Wednesday; the seed spans 16th to 24th, Sunday 22nd left out
const NOW = new Date('2026-03-18T14:00:00.000Z') // 11:00 at the clinic
const HOUR = 3_600_000

type Row = {
  id: string
  datahora: Date
  fim: Date
  status: string
  chegada: Date | null
  esta_pago: boolean
  valor_in_cents: number
  exames: string[]
  modalidades: string[]
  copias: string[]
  copias_modalidades: string[]
  copias_valor: number | null
  pagamentos: { forma: string; valor: number; at: string }[] | null
  movimentos: { para: string; at: string }[] | null
}
let rows: Row[]

beforeAll(async () => {
  t = await createTestDatabase()
  await bootstrap(t.db, { adminEmail: undefined, adminPassword: undefined, jwtSecret: undefined }, () => {})
  const [admin] = await t.db.select().from(users)
  await seedDemoData(t.db, admin!.id, TODAY, NOW)
  const result = await t.db.execute<Row>(sql`
    SELECT a.id, a.datahora, a.fim, a.status, a.chegada, a.esta_pago, a.valor_in_cents, a.exames,
      q.modalidades,
      (SELECT array_agg(c.nome ORDER BY c.posicao) FROM agendamento_exames c WHERE c.agendamento_id = a.id) AS copias,
      (SELECT array_agg(e.modalidade ORDER BY c.posicao) FROM agendamento_exames c JOIN exames e ON e.id = c.exame_id
        WHERE c.agendamento_id = a.id) AS copias_modalidades,
      (SELECT sum(c.valor_in_cents)::int FROM agendamento_exames c WHERE c.agendamento_id = a.id) AS copias_valor,
      (SELECT json_agg(json_build_object('forma', p.forma, 'valor', p.valor_in_cents, 'at', p.at))
        FROM pagamentos p WHERE p.agendamento_id = a.id) AS pagamentos,
      (SELECT json_agg(json_build_object('para', s.para, 'at', s.at) ORDER BY s.id)
        FROM agendamento_status s WHERE s.agendamento_id = a.id) AS movimentos
    FROM agendamentos a LEFT JOIN equipamentos q ON q.id = a.equipamento_id`)
  rows = result.rows.map((r) => ({
    ...r,
    datahora: new Date(r.datahora),
    fim: new Date(r.fim),
    chegada: r.chegada === null ? null : new Date(r.chegada),
  }))
})
afterAll(async () => {
  await t.drop()
})

it('books every appointment from the catalogue, on a machine of its modality, inside the hours', async () => {
  const catalogue = (await t.db.execute<{ nome: string }>(sql`SELECT nome FROM exames`)).rows.map((r) => r.nome)
  expect(rows.length).toBeGreaterThan(100)
  for (const a of rows) {
    const label = `${a.datahora.toISOString()} ${a.exames.join(', ')}`
    // one name per exam: the catalogue's, and its copies say the same
    for (const nome of a.exames) expect(catalogue, label).toContain(nome)
    expect(a.copias, label).toEqual(a.exames)
    expect(a.copias_valor, label).toBe(a.valor_in_cents)
    for (const m of a.copias_modalidades) expect(a.modalidades, label).toContain(m)
    const weekday = a.datahora.getUTCDay()
    const minutes = (d: Date) =>
      (d.getTime() - Date.parse(`${a.datahora.toISOString().slice(0, 10)}T00:00:00.000Z`)) / 60_000
    expect(weekday, label).not.toBe(0)
    expect(minutes(a.datahora), label).toBeGreaterThanOrEqual(7 * 60)
    expect(minutes(a.fim), label).toBeLessThanOrEqual(weekday === 6 ? 12 * 60 : 19 * 60)
  }
})

it('gives each appointment a status, history and payment the clock at seed time allows', () => {
  const statuses = new Set<string>()
  for (const a of rows) {
    const label = `${a.datahora.toISOString()} ${a.status}`
    const start = a.datahora.getTime() + 3 * HOUR // the real instant of the wall-clock time
    const moves = (a.movimentos ?? []).map((m) => ({ para: m.para, at: Date.parse(m.at) }))
    if (a.datahora.toISOString().startsWith(TODAY)) statuses.add(a.status)
    for (const m of moves) expect(m.at, label).toBeLessThanOrEqual(NOW.getTime())
    for (let i = 1; i < moves.length; i++) expect(moves[i]!.at, label).toBeGreaterThanOrEqual(moves[i - 1]!.at)
    if (['realizado', 'em_atendimento', 'faltou'].includes(a.status))
      expect(start, label).toBeLessThanOrEqual(NOW.getTime())
    if (a.status === 'realizado') expect(a.fim.getTime() + 3 * HOUR, label).toBeLessThanOrEqual(NOW.getTime())
    if (a.chegada) {
      expect(a.chegada.getTime(), label).toBeLessThanOrEqual(NOW.getTime())
      const begun = moves.find((m) => m.para === 'em_atendimento')
      if (begun) expect(begun.at, label).toBeGreaterThanOrEqual(a.chegada.getTime())
    }
    const paid = a.pagamentos ?? []
    expect(a.esta_pago, label).toBe(paid.length > 0)
    if (['faltou', 'cancelado', 'agendado', 'confirmado'].includes(a.status)) expect(paid, label).toEqual([])
    for (const p of paid) {
      expect(p.forma, label).toMatch(/^(dinheiro|debito|credito|pix|convenio)$/)
      expect(p.valor, label).toBe(a.valor_in_cents)
      expect(Date.parse(p.at), label).toBeLessThanOrEqual(NOW.getTime())
    }
  }
  // the board at 11:00 shows the day in every status
  expect([...statuses].sort()).toEqual(
    ['agendado', 'aguardando', 'cancelado', 'confirmado', 'em_atendimento', 'faltou', 'realizado'].sort(),
  )
})

/** A breakdown's rows add up to the totals. */
function expectSums(r: Relatorio, lines: LinhaRelatorio[], fields: (keyof LinhaRelatorio)[], label: string) {
  for (const field of fields)
    expect(
      lines.reduce((s, l) => s + (l[field] as number), 0),
      `${label} ${field}`,
    ).toBe(r.totais[field as keyof Relatorio['totais']])
}

it("the seeded month's report cards are plausible: no negative wait, parts add up, all classified", async () => {
  const r = await summary(t.db, '2026-03-01', '2026-03-31')
  expect(r.totais.agendamentos).toBe(rows.length)
  expect(r.totais.esperaMediaMinutos).not.toBeNull()
  expect(r.totais.esperaMediaMinutos!).toBeGreaterThanOrEqual(0)
  expect(r.totais.esperaMediaMinutos!).toBeLessThan(60)
  expect(r.totais.realizados).toBeLessThanOrEqual(r.totais.agendamentos)
  expect(r.totais.valorRecebidoInCents).toBeLessThanOrEqual(r.totais.valorAgendadoInCents)
  expect(r.porStatus.reduce((s, x) => s + x.agendamentos, 0)).toBe(r.totais.agendamentos)
  const all: (keyof LinhaRelatorio)[] = [
    'agendamentos',
    'realizados',
    'faltas',
    'cancelados',
    'valorAgendadoInCents',
    'valorRecebidoInCents',
  ]
  expectSums(r, r.por.convenio, all, 'convênio')
  expectSums(r, r.por.medico, all, 'médico')
  expectSums(r, r.por.equipamento, all, 'equipamento')
  expectSums(r, r.por.modalidade, ['valorAgendadoInCents', 'valorRecebidoInCents'], 'modalidade')
  expectSums(r, r.por.formaPagamento, ['valorRecebidoInCents'], 'forma')
  for (const [dimension, lines] of Object.entries(r.por))
    for (const l of lines) expect(l.realizados, `${dimension} ${l.rotulo}`).toBeLessThanOrEqual(l.agendamentos)
  // nothing left unclassified, and no exam under two names
  expect(r.por.modalidade.map((l) => l.rotulo)).not.toContain('Sem modalidade')
  expect(r.por.formaPagamento.map((l) => l.rotulo)).not.toContain('Pago sem forma registrada')
  expect(r.por.equipamento.map((l) => l.rotulo)).not.toContain('Sem equipamento')
  const key = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const exams = r.por.exame.map((l) => key(l.chave))
  expect(new Set(exams).size).toBe(exams.length)
  const linhas = await appointmentRows(t.db, '2026-03-01', '2026-03-31')
  for (const l of linhas) {
    if (l.chegada && l.inicio) expect(Date.parse(l.inicio), l.id).toBeGreaterThanOrEqual(Date.parse(l.chegada))
    if (l.status === 'faltou' || l.status === 'cancelado') expect(l.recebidoIncents, l.id).toBe(0)
  }
  // each day of the seed on its own, too
  for (let day = 16; day <= 24; day++) {
    const d = `2026-03-${day}`
    const one = await summary(t.db, d, d)
    if (one.totais.esperaMediaMinutos !== null) expect(one.totais.esperaMediaMinutos, d).toBeGreaterThanOrEqual(0)
  }
})

// issue 36 point 9: the seeded month's 'Laudos' add up (states to the total, on time and late to the released,
// the doctors' and the modalities' rows to the totals), with released laudos and a plausible turnaround
it("the seeded month's laudos add up: states, released on time or late, per doctor and per modality", async () => {
  const r = await laudoReport(t.db, { de: '2026-03-01', ate: '2026-03-31' }, TODAY, await getHours(t.db))
  const { totais } = r
  expect(totais.laudos).toBeGreaterThan(10)
  expect(totais.pendentes + totais.emEdicao + totais.liberados + totais.entregues).toBe(totais.laudos)
  expect(totais.liberados).toBeGreaterThan(0)
  expect(totais.entregues).toBeGreaterThan(0)
  expect(totais.pendentes).toBeGreaterThan(0)
  expect(totais.liberadosNoPrazo + totais.liberadosComAtraso).toBe(totais.comTempo)
  expect(totais.comTempo).toBeGreaterThanOrEqual(totais.liberados + totais.entregues)
  expect(totais.atrasados).toBeLessThanOrEqual(totais.pendentes + totais.emEdicao)
  // released after the exam, within the seed's 3 to 52 hours
  expect(totais.horasMediana!).toBeGreaterThanOrEqual(3)
  expect(totais.horasP90!).toBeLessThanOrEqual(52)
  expect(totais.horasMediana!).toBeLessThanOrEqual(totais.horasP90!)
  const fields = [
    'laudos',
    'pendentes',
    'emEdicao',
    'liberados',
    'entregues',
    'atrasados',
    'comTempo',
    'liberadosNoPrazo',
    'liberadosComAtraso',
  ] as const
  for (const [label, lines] of [
    ['médico', r.porMedico],
    ['modalidade', r.porModalidade],
  ] as const)
    for (const field of fields)
      expect(
        lines.reduce((s, l) => s + l[field], 0),
        `${label} ${field}`,
      ).toBe(totais[field])
  // one laudo per distinct exam of the month's attended appointments
  const attended = rows
    .filter((a) => a.status === 'realizado' || a.status === 'em_atendimento')
    .reduce((s, a) => s + new Set(a.copias).size, 0)
  expect(totais.laudos).toBe(attended)
})
