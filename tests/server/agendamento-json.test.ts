// Each appointment carries itself as the specification's lists answer it, JSON text written by PostgreSQL's
// trigger (migration 0013): the lists answer those texts joined. Whatever changes an appointment — a booking,
// a move, a status, an arrival, a payment, a rename, through the API or in plain SQL — its text must equal the
// appointment as findById reads it through Node (the oracle), field for field and in the same key order.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, type Agendamento, type Equipamento } from '@contract'
import * as agendamentosRepo from '../../server/repositories/agendamentos'
import { createTestApp, type TestApp } from '../support/api-app'
import { bringTo, moveOk } from './front-desk-helpers'
import {
  agendamentoBody,
  call,
  createMedico,
  createPaciente,
  createUltrassom,
  expectStatus,
  expectWrittenJsonAsRead,
  openClinicAllWeek,
} from './helpers'

let t: TestApp
let pacienteId: string
let medicoId: string
let us1: Equipamento
const day = clinicToday()

beforeAll(async () => {
  t = await createTestApp()
  await openClinicAllWeek(t)
  pacienteId = (await createPaciente(t, { nome: 'Rosa Amaral' })).id
  medicoId = (await createMedico(t, 'Heitor Lins')).id
  us1 = await createUltrassom(t, 'US-2')
})
afterAll(async () => {
  await t?.close()
})

/** Every appointment's written text beside what findById makes of it. */
async function expectEveryTextCurrent() {
  const { rows } = await t.db.execute<{ id: string; json: string }>(
    sql`select id, agendamento_json as json from agendamentos order by datahora, id`,
  )
  await expectWrittenJsonAsRead(rows, (id) => agendamentosRepo.findById(t.db, id))
  // and the lists answer them: a day's list as the day's texts
  const listed = expectStatus<{ agendamentos: Agendamento[] }>(
    await call(t, 'listAgendamentosBetweenDate', 'staff', {
      datainicior: `${day}T00:00:00.000Z`,
      datafimr: `${addDays(day, 1)}T23:59:59.999Z`,
    }),
    200,
  ).agendamentos
  expect(listed).toStrictEqual(
    await agendamentosRepo.list(t.db, { from: `${day}T00:00:00.000Z`, to: `${addDays(day, 1)}T23:59:59.999Z` }),
  )
}

describe("an appointment's written answer", () => {
  let plain: Agendamento
  let booked: Agendamento

  it('is written with every booking: the specification’s defaults left out, the agenda’s fields when set', async () => {
    const odd = agendamentoBody(t, { pacienteId, medicoId }, { datahora: `${day}T18:05:01.234Z` })
    plain = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'registerAgendamento', 'staff', odd),
      201,
    ).agendamento
    const body = agendamentoBody(t, { pacienteId, medicoId }, { datahora: `${addDays(day, 1)}T08:00:00.000Z` })
    booked = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'agendar', 'staff', { ...body, equipamentoId: us1.id, duracaoMinutos: 40 }),
      201,
    ).agendamento
    expect(booked).toMatchObject({ fim: `${addDays(day, 1)}T08:40:00.000Z`, equipamento: { id: us1.id } })
    expect(plain).not.toHaveProperty('fim')
    await expectEveryTextCurrent()
  })

  it('follows the statuses, the arrival, a payment and changes made in PostgreSQL', async () => {
    plain = await bringTo(t, plain, 'aguardando')
    expect(plain.chegada).toBeDefined()
    booked = await moveOk(t, booked, 'confirmado')
    await expectEveryTextCurrent()
    // a second exam makes 30 minutes the default: the end is left out again
    await t.db.execute(sql`update agendamentos set exames = '{"US abdome", "US tireoide"}',
      fim = datahora + interval '30 minutes', esta_pago = true, anotacao = ${'Trazer "laudo" \\ antigo'}
      where id = ${plain.id}`)
    await t.db.execute(sql`update agendamentos set encaixe = true, equipamento_id = null where id = ${booked.id}`)
    await expectEveryTextCurrent()
    const [row] = (await agendamentosRepo.list(t.db, { pacienteId })).filter((a) => a.id === plain.id)
    expect(row).not.toHaveProperty('fim')
    expect(row).toMatchObject({ estapago: true, status: 'aguardando' })
  })

  it("follows a patient's, a doctor's and a machine's new name", async () => {
    await t.db.execute(sql`update agendamentos set equipamento_id = ${us1.id} where id = ${booked.id}`)
    await t.db.execute(sql`update pacientes set nome = 'Rosa Amaral Dias' where id = ${pacienteId}`)
    await t.db.execute(sql`update medicos set nome = 'Heitor Lins Neto' where id = ${medicoId}`)
    await t.db.execute(sql`update equipamentos set nome = 'US-2b' where id = ${us1.id}`)
    await expectEveryTextCurrent()
  })
})
