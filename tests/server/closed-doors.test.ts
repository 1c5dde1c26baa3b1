// Issue 35 against the real server (docs/decisions.md, "Closed doors"): a doctor's user writes only their own
// doctor's appointments, payments stay within what remains to be paid, received money is never erased, and
// names that must be unique clash whatever their invisible characters, spaces, accents and case.
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicToday,
  messages,
  paymentAboveRemainingMessage,
  type Agendamento,
  type Medico,
  type Paciente,
} from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { bringTo } from './front-desk-helpers'
import {
  agendamentoBody,
  call,
  clinicDateTime,
  createAgendamento,
  createMedico,
  createPaciente,
  expectError,
  expectStatus,
} from './helpers'

let t: TestApp
let paciente: Paciente
let mine: Medico
let other: Medico
let doctor: { token: string }
let slot = 0
beforeAll(async () => {
  t = await createTestApp()
  paciente = await createPaciente(t)
  mine = await createMedico(t, 'Carlos Souza')
  other = await createMedico(t, 'Helena Duarte')
  const email = 'carlos@clinica.test'
  const password = 'senha-forte-do-medico-1'
  expectStatus(
    await call(t, 'registerUser', 'admin', { nome: 'Carlos Souza', email, password, medicoId: mine.id }),
    201,
  )
  doctor = {
    token: expectStatus<{ token: string }>(await call(t, 'login', 'anonymous', { email, password }), 200).token,
  }
})
afterAll(async () => {
  await t?.close()
})

/** A fresh appointment of `medico` at a time of its own, 20 days ahead (no seeded data there). */
function book(medico: Medico, overrides: Record<string, unknown> = {}) {
  slot++
  const time = `${String(7 + Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`
  return createAgendamento(
    t,
    { pacienteId: paciente.id, medicoId: medico.id },
    { datahora: clinicDateTime(20, time), ...overrides },
  )
}
const find = async (id: string) =>
  expectStatus<{ agendamento: Agendamento }>(await call(t, 'findAgendamento', 'staff', { id }), 200).agendamento
const update = (a: Agendamento, changes: Record<string, unknown>, who: 'staff' | { token: string } = doctor) =>
  call(t, 'updateAgendamento', who, {
    ...agendamentoBody(t, { pacienteId: a.paciente.id, medicoId: a.doutor.id }),
    datahora: a.datahora,
    id: a.id,
    versao: a.versao,
    ...changes,
  })
const pay = (a: Agendamento, valorIncents: number, data = clinicToday(), who: 'staff' | { token: string } = 'staff') =>
  call(t, 'registrarPagamento', who, { agendamentoId: a.id, forma: 'pix', valorIncents, data })

describe("a doctor's user writes only their own doctor's appointments", () => {
  it("another doctor's appointment: no change, no payment, no reschedule, no delete (403, the same sentence)", async () => {
    const theirs = await book(other)
    expectError(await update(theirs, { valorIncents: 1, estaPago: true }), 403, messages.appointmentNotYours)
    expectError(await pay(theirs, 100, clinicToday(), doctor), 403, messages.appointmentNotYours)
    expectError(
      await call(t, 'reagendar', doctor, {
        ...agendamentoBody(t, { pacienteId: paciente.id, medicoId: other.id }),
        datahora: theirs.datahora,
        id: theirs.id,
        versao: theirs.versao,
        equipamentoId: null,
        valorIncents: 1,
      }),
      403,
      messages.appointmentNotYours,
    )
    expectError(await call(t, 'deleteAgendamento', doctor, { id: theirs.id }), 403, messages.appointmentNotYours)
    const after = await find(theirs.id)
    expect({ valor: after.valorIncents, pago: after.estapago, versao: after.versao }).toEqual({
      valor: theirs.valorIncents,
      pago: false,
      versao: theirs.versao,
    })
  })

  it('nor books for another doctor, nor moves their own appointment to another doctor', async () => {
    const body = agendamentoBody(
      t,
      { pacienteId: paciente.id, medicoId: other.id },
      { datahora: clinicDateTime(21, '08:00') },
    )
    expectError(await call(t, 'registerAgendamento', doctor, body), 403, messages.appointmentNotYours)
    expectError(await call(t, 'agendar', doctor, body), 403, messages.appointmentNotYours)
    const listed = expectStatus<{ agendamentos: Agendamento[] }>(
      await call(t, 'listAgendamentosByMedico', 'staff', { medicoId: other.id, page: 1 }),
      200,
    )
    expect(listed.agendamentos.filter((a) => a.datahora === body.datahora)).toEqual([])
    const own = await book(mine)
    expectError(await update(own, { medicoId: other.id }), 403, messages.appointmentNotYours)
  })

  it('their own: changed, paid and deleted; the front desk still writes every doctor’s', async () => {
    const own = await book(mine)
    const changed = expectStatus<{ agendamento: Agendamento }>(await update(own, { valorIncents: 20_000 }), 200)
    expect(changed.agendamento.valorIncents).toBe(20_000)
    expectStatus(
      await call(
        t,
        'registerAgendamento',
        doctor,
        agendamentoBody(t, { pacienteId: paciente.id, medicoId: mine.id }, { datahora: clinicDateTime(22, '08:00') }),
      ),
      201,
    )
    expectStatus(await call(t, 'deleteAgendamento', doctor, { id: own.id }), 200)
    const theirs = await book(other)
    expectStatus(await update(theirs, { valorIncents: 9_000 }, 'staff'), 200)
    expectStatus(await pay(await find(theirs.id), 9_000), 201)
  })
})

describe('money', () => {
  it('a payment is at most what remains to be paid, with the amount named; the last one pays it', async () => {
    const a = await book(other, { valorIncents: 10_000 })
    expectError(await pay(a, 99_999_999), 409, paymentAboveRemainingMessage(10_000))
    expect(paymentAboveRemainingMessage(10_000)).toContain('R$ 100,00')
    expectStatus(await pay(a, 6_000), 201)
    expectError(await pay(a, 4_001), 409, paymentAboveRemainingMessage(4_000))
    const last = expectStatus<{ agendamento: Agendamento }>(await pay(a, 4_000), 201)
    expect(last.agendamento.estapago).toBe(true)
    expectError(await pay(a, 1), 409, paymentAboveRemainingMessage(0))
  })

  it('sums past 32 bits (payments stored before this rule) answer the clear sentence, not "Dados inválidos!"', async () => {
    const a = await book(other, { valorIncents: 10_000 })
    // rows written before migration 0016: its trigger off for this session only
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      for (let i = 0; i < 22; i++)
        await tx.execute(sql`insert into pagamentos (agendamento_id, forma, valor_in_cents, data, user_id)
          values (${a.id}, 'pix', 99999999, ${clinicToday()}, ${t.users.staff.id})`)
    })
    expectError(await pay(a, 1), 409, paymentAboveRemainingMessage(0))
    const { detalhes } = expectStatus<{ detalhes: { pagoIncents: number } }>(
      await call(t, 'detalhesAgendamento', 'staff', { id: a.id }),
      200,
    )
    expect(detalhes.pagoIncents).toBe(22 * 99_999_999)
  })

  it('a payment is dated within the booking’s window: not a year back, not over 30 days before the booking', async () => {
    const a = await book(other)
    expectError(await pay(a, 100, '0001-01-01'), 400, messages.paymentDateTooOld)
    expectError(await pay(a, 100, addDays(clinicToday(), -31)), 409, messages.paymentDateBeforeBooking)
    expectStatus(await pay(a, 100, addDays(clinicToday(), -30)), 201)
  })

  it('PostgreSQL holds the same limits for any other writer', async () => {
    const a = await book(other, { valorIncents: 500 })
    const insert = (valor: number, data = clinicToday()) =>
      t.db.execute(sql`insert into pagamentos (agendamento_id, forma, valor_in_cents, data, user_id)
        values (${a.id}, 'pix', ${valor}, ${data}, ${t.users.staff.id})`)
    await expect(insert(501)).rejects.toMatchObject({ cause: { constraint: 'pagamentos_within_value' } })
    await expect(insert(1, '0001-01-01')).rejects.toMatchObject({ cause: { constraint: 'pagamentos_data_check' } })
    await insert(500)
    await expect(t.db.execute(sql`delete from agendamentos where id = ${a.id}`)).rejects.toMatchObject({
      cause: { constraint: 'agendamentos_keep_received' },
    })
  })

  it('paid, partly paid or done: never deleted (409, cancel it instead); the day’s received value stays', async () => {
    const day = addDays(clinicToday(), 20)
    const received = async () =>
      expectStatus<{ totais: { valorRecebidoInCents: number } }>(
        await call(t, 'relatorio', 'admin', { de: day, ate: day }),
        200,
      ).totais.valorRecebidoInCents
    const partly = await book(other, { valorIncents: 10_000 })
    expectStatus(await pay(partly, 2_500), 201)
    const flagged = await book(other, { estaPago: true })
    const done = await bringTo(t, await book(other), 'realizado')
    const before = await received()
    for (const a of [partly, flagged, done])
      expectError(await call(t, 'deleteAgendamento', 'admin', { id: a.id }), 409, messages.appointmentDeleteKept)
    expect(await received()).toBe(before)
    for (const a of [partly, flagged, done]) expect((await find(a.id)).id).toBe(a.id)
    const cancelled = await bringTo(t, await find(partly.id), 'cancelado')
    expect(cancelled.status).toBe('cancelado')
    // an unpaid appointment still goes
    expectStatus(await call(t, 'deleteAgendamento', 'staff', { id: (await book(other)).id }), 200)
  })
})

describe('names that must be unique', () => {
  const nfd = (s: string) => s.normalize('NFD')

  it('convênios and exams clash whatever their invisible characters, spaces, accents, composition and case', async () => {
    expectError(
      await call(t, 'registerConvenio', 'admin', { nome: 'Parti\u200bcular' }),
      409,
      messages.convenioNameTaken,
    )
    expectError(
      await call(t, 'registerConvenio', 'admin', { nome: '\u00a0PARTICULAR\ufeff' }),
      409,
      messages.convenioNameTaken,
    )
    expectStatus(await call(t, 'registerExame', 'admin', { nome: 'Ressonância 1', modalidade: 'RM', duracao: 30 }), 201)
    for (const nome of [
      'Ressonancia 1',
      nfd('Ressonância 1'),
      'Ressonância\u00a01',
      'Ressonância  1',
      'Resso\u200bnância 1',
      'RESSONÂNCIA\u20031',
    ])
      expectError(
        await call(t, 'registerExame', 'admin', { nome, modalidade: 'RM', duracao: 30 }),
        409,
        messages.exameNameTaken,
      )
  })

  it('equipment names and AE titles use the same key', async () => {
    const register = (nome: string, aeTitle: string | null) =>
      call(t, 'registerEquipamento', 'admin', { nome, modalidades: ['RM'], horarios: [], aeTitle })
    expectStatus(await register('Ressonância 1', 'RX1'), 201)
    expectError(await register('Ressonancia 1', null), 409, messages.equipmentNameTaken)
    expectError(await register(nfd('Ressonância  1'), null), 409, messages.equipmentNameTaken)
    expectError(await register('Sala Nova', 'rx1'), 409, messages.aeTitleTaken)
  })

  it('the migration reports clashes already stored and settles them without losing a name', async () => {
    const statements = readFileSync('server/db/migrations/0016_closed_doors.sql', 'utf8').split(
      '--> statement-breakpoint',
    )
    const settle = statements.filter((s) =>
      /^\s*(DROP INDEX|DO \$\$|CREATE UNIQUE INDEX)/m.test(s.replace(/^\s*--.*$/gm, '')),
    )
    await t.db.execute(sql`drop index exames_nome_unique; drop index equipamentos_ae_title_unique`)
    const ids = (
      await t.db.execute<{ id: string }>(sql`insert into exames (nome, modalidade, duracao, created_at)
        values ('Tomografia X', 'TC', 20, now() - interval '1 day'), ('tomografia\u00a0x', 'TC', 20, now())
        returning id`)
    ).rows.map((r) => r.id)
    await t.db.execute(sql`insert into equipamentos (nome, modalidades, horarios, ae_title, created_at)
      values ('Sala Antiga', '{TC}', '[]', 'ct1', now() - interval '1 day'), ('Sala Outra', '{TC}', '[]', 'CT1', now())`)
    for (const statement of settle) await t.db.execute(sql.raw(statement))
    const names = (
      await t.db.execute<{ nome: string }>(
        sql`select nome from exames where id in (${ids[0]}, ${ids[1]}) order by created_at`,
      )
    ).rows.map((r) => r.nome)
    expect(names).toEqual(['Tomografia X', `tomografia\u00a0x (duplicado ${ids[1]!.slice(0, 8)})`])
    const report = (
      await t.db.execute<{ tabela: string; coluna: string; valor_antigo: string; valor_novo: string | null }>(
        sql`select tabela, coluna, valor_antigo, valor_novo from nomes_em_conflito order by id`,
      )
    ).rows
    expect(report).toEqual([
      { tabela: 'exames', coluna: 'nome', valor_antigo: 'tomografia\u00a0x', valor_novo: names[1] },
      { tabela: 'equipamentos', coluna: 'ae_title', valor_antigo: 'CT1', valor_novo: null },
    ])
  })
})
