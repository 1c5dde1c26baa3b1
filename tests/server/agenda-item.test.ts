// Each appointment carries its agenda item as JSON text, written by PostgreSQL's triggers (migration 0012;
// server/repositories/agenda-cache.ts): the agenda answers those texts as they are. Whatever changes what an
// item shows — a booking, a move, a status, a rename, through the API or in plain SQL — its text must equal
// the appointment as PostgreSQL holds it, with the contract's keys in the contract's order.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgendaItem, addDays, clinicToday, type AgendaAnswer, type Agendamento, type Equipamento } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { moveOk } from './front-desk-helpers'
import {
  agendamentoBody,
  call,
  createMedico,
  createPaciente,
  createUltrassom,
  expectStatus,
  openClinicAllWeek,
  pacienteBody,
} from './helpers'

let t: TestApp
let pacienteId: string
let pacienteDocs: { cpf: string; rg: string }
let medicoId: string
let us1: Equipamento
const day = addDays(clinicToday(), 12)

beforeAll(async () => {
  t = await createTestApp()
  // day is twelve days ahead, a weekend when today is a Monday or a Tuesday: the default hours would refuse
  await openClinicAllWeek(t)
  // quotes, a backslash and accents: the names must come out as JSON strings, escaped
  // (written in PostgreSQL: the API accepts only letters in a name)
  const paciente = await createPaciente(t, { nome: 'José Dávila' })
  pacienteId = paciente.id
  pacienteDocs = { cpf: paciente.cpf, rg: paciente.rg }
  await t.db.execute(sql`update pacientes set nome = ${'José "Zé" D\'Ávila'} where id = ${pacienteId}`)
  medicoId = (await createMedico(t, 'Inês Barros')).id
  await t.db.execute(sql`update medicos set nome = ${'Inês \\ Barros'} where id = ${medicoId}`)
  us1 = await createUltrassom(t, 'US-1')
})
afterAll(async () => {
  await t?.close()
})

interface Row extends Record<string, unknown> {
  id: string
  datahora_ms: number
  fim_ms: number
  paciente_id: string
  paciente_nome: string
  medico_id: string
  medico_nome: string
  equipamento_id: string | null
  equipamento_nome: string | null
  exames: string[]
  status: AgendaItem['status']
  encaixe: boolean
  agenda_item: string
}

/** Every appointment: its stored item, and the item its columns and names make (the test's own oracle). */
async function storedAndExpected() {
  const { rows } = await t.db.execute<Row>(sql`
    select a.id, floor(extract(epoch from a.datahora) * 1000)::float8 as datahora_ms,
      floor(extract(epoch from a.fim) * 1000)::float8 as fim_ms, a.paciente_id, p.nome as paciente_nome, a.medico_id, m.nome as medico_nome,
      a.equipamento_id, e.nome as equipamento_nome, a.exames, a.status, a.encaixe, a.agenda_item
    from agendamentos a join pacientes p on p.id = a.paciente_id join medicos m on m.id = a.medico_id
      left join equipamentos e on e.id = a.equipamento_id
    order by a.datahora, a.id`)
  return rows.map((r) => ({
    stored: JSON.parse(r.agenda_item) as Record<string, unknown>,
    expected: {
      id: r.id,
      datahora: new Date(r.datahora_ms).toISOString(),
      fim: new Date(r.fim_ms).toISOString(),
      paciente: { id: r.paciente_id, nome: r.paciente_nome },
      doutor: { id: r.medico_id, nome: r.medico_nome },
      equipamento: r.equipamento_id === null ? null : { id: r.equipamento_id, nome: r.equipamento_nome ?? '' },
      exames: r.exames,
      status: r.status,
      encaixe: r.encaixe,
    } satisfies AgendaItem,
  }))
}

async function expectEveryItemCurrent() {
  const items = await storedAndExpected()
  expect(items.length).toBeGreaterThan(0)
  for (const { stored, expected } of items) {
    expect(stored).toStrictEqual(expected)
    expect(Object.keys(stored)).toEqual(Object.keys(AgendaItem.shape))
  }
  const answer = expectStatus<AgendaAnswer>(await call(t, 'agenda', 'staff', { de: day, dias: 1 }), 200)
  expect(answer.agendamentos).toStrictEqual(items.map((i) => i.expected).filter((i) => i.datahora.startsWith(day)))
}

describe("an appointment's agenda item", () => {
  let booked: Agendamento
  let plain: Agendamento

  it('is written with every booking, with and without a machine', async () => {
    const body = agendamentoBody(t, { pacienteId, medicoId }, { datahora: `${day}T08:00:00.000Z` })
    booked = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'agendar', 'staff', { ...body, equipamentoId: us1.id, duracaoMinutos: 30 }),
      201,
    ).agendamento
    // the specification's call: the default duration, no machine, an instant with milliseconds
    const odd = agendamentoBody(t, { pacienteId, medicoId }, { datahora: `${day}T10:05:01.234Z` })
    plain = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'registerAgendamento', 'staff', odd),
      201,
    ).agendamento
    await expectEveryItemCurrent()
  })

  it('follows a status move, and a change of time, machine, exams or encaixe made in PostgreSQL', async () => {
    await moveOk(t, booked, 'confirmado')
    await expectEveryItemCurrent()
    await t.db.execute(sql`update agendamentos set datahora = datahora + interval '1 hour',
      fim = fim + interval '90 minutes' where id = ${booked.id}`)
    await t.db.execute(sql`update agendamentos set equipamento_id = ${us1.id}, encaixe = true,
      exames = '{"US abdome total","US de tireoide"}' where id = ${plain.id}`)
    await expectEveryItemCurrent()
    await t.db.execute(sql`update agendamentos set equipamento_id = null where id = ${booked.id}`)
    await expectEveryItemCurrent()
  })

  it("follows a patient's, a doctor's and a machine's new name, through the API or in PostgreSQL", async () => {
    const { userId: _u, ...fields } = pacienteBody(t, { ...pacienteDocs, nome: 'José Dávila Neto' })
    const { paciente } = expectStatus<{ paciente: { nome: string } }>(
      await call(t, 'updatePaciente', 'staff', { ...fields, id: pacienteId }),
      200,
    )
    await expectEveryItemCurrent()
    await t.db.execute(sql`update medicos set nome = 'Inês Barros Leal' where id = ${medicoId}`)
    await expectEveryItemCurrent()
    const machine = { id: us1.id, nome: 'US-Sala 1', modalidades: ['US'], horarios: [] }
    expectStatus(await call(t, 'updateEquipamento', 'admin', machine), 200)
    const withMachine = (await storedAndExpected()).find((i) => i.stored.id === plain.id)
    expect(withMachine?.stored).toMatchObject({ paciente: { nome: paciente.nome }, equipamento: { nome: 'US-Sala 1' } })
    await expectEveryItemCurrent()
  })

  it('cannot be written by hand: an update that sets it writes it again from the row', async () => {
    await t.db.execute(sql`update agendamentos set agenda_item = '{"id":"forjado"}' where id = ${plain.id}`)
    await expectEveryItemCurrent()
  })
})
