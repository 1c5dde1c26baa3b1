// The laudos in the reports against the real server (issue 36 point 9): a known week of exams whose laudos
// were released at chosen instants, and every figure worked out by hand below — states, late ones, released
// on time or not, and the turnaround's median and p90 (PostgreSQL's percentile_cont) in total, per doctor
// and per modality. The clinic keeps its default hours (Monday to Friday).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, type RelatorioLaudos } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { call, createAgendamento, createMedico, createPaciente, expectError, expectStatus } from './helpers'

let t: TestApp
let clock = new Date()
// a Monday a month ahead: its exams' 'Previsão' is Wednesday for a prazo of 2 days, Monday itself for 0
let D = addDays(clinicToday(), 30)
while (new Date(`${D}T12:00:00.000Z`).getUTCDay() !== 1) D = addDays(D, 1)
/** The real instant of the clinic's wall-clock `day` `time` (UTC−3). */
const real = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00.000Z`) + 3 * 3_600_000)
let ana: string
let bruno: string

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  ana = (await createMedico(t, 'Ana Reis')).id
  bruno = (await createMedico(t, 'Bruno Dias')).id
  const exame = async (nome: string, modalidade: string, prazo: number) => {
    const id = expectStatus<{ exame: { id: string } }>(
      await call(t, 'registerExame', 'admin', { nome, modalidade, duracao: 20 }),
      201,
    ).exame.id
    await t.db.execute(sql`update exames set prazo_laudo_dias = ${prazo} where id = ${id}`)
    return id
  }
  const rx = await exame('RX tórax laudo', 'RX', 2)
  const us = await exame('US abdome laudo', 'US', 0)
  const paciente = (await createPaciente(t)).id
  /** An appointment at `time` on D with its one exam, in `status`; its laudo with its versions' releases. */
  async function exam(
    medicoId: string,
    time: string,
    exameId: string,
    status: string,
    laudo?: { estado: string; releases: (Date | null)[] },
  ) {
    const a = await createAgendamento(
      t,
      { pacienteId: paciente, medicoId },
      { datahora: `${D}T${time}:00.000Z`, exameIds: [exameId] },
    )
    await t.db.execute(sql`update agendamentos set status = ${status} where id = ${a.id}`)
    if (!laudo) return
    const [row] = (
      await t.db.execute<{ id: string }>(sql`
        insert into laudos (agendamento_id, exame_id, medico_id, estado)
        values (${a.id}, ${exameId}, ${medicoId}, ${laudo.estado}) returning id`)
    ).rows
    for (const [i, at] of laudo.releases.entries())
      await t.db.execute(sql`
        insert into laudo_versoes (laudo_id, versao, impressao, liberado_em)
        values (${row!.id}, ${i + 1}, 'Normal.', ${at?.toISOString() ?? null})`)
  }
  // Ana: released after 10 h (on time), after 72 h on Thursday (late: due Wednesday), and a US after 2 h
  await exam(ana, '08:00', rx, 'realizado', { estado: 'Liberado', releases: [real(D, '18:00')] })
  await exam(ana, '09:00', rx, 'realizado', { estado: 'Entregue', releases: [real(addDays(D, 3), '09:00')] })
  await exam(ana, '10:00', us, 'realizado', { estado: 'Liberado', releases: [real(D, '12:00')] })
  // Bruno: a draft, an exam never opened, one released after 24 h then retified (its version 2 a draft), and
  // a cancelled appointment that needs no laudo
  await exam(bruno, '08:00', rx, 'em_atendimento', { estado: 'Em edição', releases: [null] })
  await exam(bruno, '09:00', us, 'realizado')
  await exam(bruno, '10:00', rx, 'realizado', { estado: 'Em edição', releases: [real(addDays(D, 1), '10:00'), null] })
  await exam(bruno, '11:00', rx, 'cancelado')
  // today: Thursday noon
  clock = real(addDays(D, 3), '12:00')
})
afterAll(async () => {
  await t?.close()
})

const zero = { pendentes: 0, emEdicao: 0, liberados: 0, entregues: 0, atrasados: 0 }

describe('POST /relatorio/laudos', () => {
  it('answers the week by hand: states, late, on time, median and p90 in hours', async () => {
    const report = expectStatus<RelatorioLaudos>(
      await call(t, 'relatorioLaudos', 'admin', { de: D, ate: addDays(D, 6) }),
      200,
    )
    // turnarounds 2 h, 10 h, 24 h, 72 h: median (10 + 24) / 2; p90 24 + 0.7 × (72 − 24)
    expect(report.totais).toEqual({
      laudos: 6,
      pendentes: 1,
      emEdicao: 2,
      liberados: 2,
      entregues: 1,
      atrasados: 3,
      comTempo: 4,
      liberadosNoPrazo: 3,
      liberadosComAtraso: 1,
      horasMediana: 17,
      horasP90: 57.6,
    })
    const byKey = (rows: RelatorioLaudos['porMedico']) => Object.fromEntries(rows.map((r) => [r.chave, r]))
    expect(byKey(report.porMedico)).toEqual({
      [ana]: {
        chave: ana,
        rotulo: 'Ana Reis',
        laudos: 3,
        ...zero,
        liberados: 2,
        entregues: 1,
        comTempo: 3,
        liberadosNoPrazo: 2,
        liberadosComAtraso: 1,
        // 2, 10, 72 h
        horasMediana: 10,
        horasP90: 59.6,
      },
      [bruno]: {
        chave: bruno,
        rotulo: 'Bruno Dias',
        laudos: 3,
        ...zero,
        pendentes: 1,
        emEdicao: 2,
        atrasados: 3,
        comTempo: 1,
        liberadosNoPrazo: 1,
        liberadosComAtraso: 0,
        horasMediana: 24,
        horasP90: 24,
      },
    })
    expect(report.porModalidade).toEqual([
      {
        chave: 'RX',
        rotulo: 'Raio-X',
        laudos: 4,
        ...zero,
        liberados: 1,
        entregues: 1,
        emEdicao: 2,
        atrasados: 2,
        comTempo: 3,
        liberadosNoPrazo: 2,
        liberadosComAtraso: 1,
        // 10, 24, 72 h
        horasMediana: 24,
        horasP90: 62.4,
      },
      {
        chave: 'US',
        rotulo: 'Ultrassonografia',
        laudos: 2,
        ...zero,
        pendentes: 1,
        liberados: 1,
        atrasados: 1,
        comTempo: 1,
        liberadosNoPrazo: 1,
        liberadosComAtraso: 0,
        horasMediana: 2,
        horasP90: 2,
      },
    ])
  })

  it('on the Previsão day nothing is late yet: the US exam of prazo 0 is late from Tuesday', async () => {
    clock = real(D, '23:59')
    const monday = expectStatus<RelatorioLaudos>(await call(t, 'relatorioLaudos', 'admin', { de: D, ate: D }), 200)
    expect(monday.totais.atrasados).toBe(0)
    clock = real(addDays(D, 1), '00:01')
    const tuesday = expectStatus<RelatorioLaudos>(await call(t, 'relatorioLaudos', 'admin', { de: D, ate: D }), 200)
    expect(tuesday.totais.atrasados).toBe(1)
    expect(tuesday.porModalidade.find((r) => r.chave === 'US')!.atrasados).toBe(1)
    clock = real(addDays(D, 3), '12:00')
  })

  it('the front desk reads only today; a range before the exams is empty', async () => {
    expectError(
      await call(t, 'relatorioLaudos', 'staff', { de: D, ate: D }),
      403,
      'Somente administradores veem relatórios de outros dias; a recepção vê o fechamento de hoje.',
    )
    const before = addDays(D, -1)
    const empty = expectStatus<RelatorioLaudos>(
      await call(t, 'relatorioLaudos', 'admin', { de: before, ate: before }),
      200,
    )
    expect(empty.totais.laudos).toBe(0)
    expect(empty.totais.horasMediana).toBeNull()
    expect(empty.porMedico).toEqual([])
  })
})
