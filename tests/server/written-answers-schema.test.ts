// PostgreSQL is the one writer of an appointment's answer and of its agenda item (migration 0019). Each shape is
// held to the contract's zod schema, strictly: a row with every optional field set must answer every key of the
// schema in the schema's order, and a row with none only the required ones — so a field added to the contract
// but not to agendamento_json() (or agenda_item_json()) fails here, whatever the other tests' examples set. The
// contract's numbers SQL reads (server/db/contract-constants.ts) are held to the contract's functions too.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AgendaItem,
  Agendamento,
  addDays,
  ageOn,
  clinicToday,
  defaultDurationMinutes,
  type Agendamento as AgendamentoAnswer,
} from '@contract'
import type { TestApp } from '../support/api-app'
import { openBookingWorld } from '../support/booking-world'
import { keysOf, strict } from './contract-shape'
import { agendamentoBody, call, expectStatus } from './helpers'

let t: TestApp
let full: AgendamentoAnswer
let bare: AgendamentoAnswer
const day = addDays(clinicToday(), 15)

beforeAll(async () => {
  const world = await openBookingWorld({ paciente: 'Lia Prado', medico: 'Otávio Reis', machine: 'US-9' })
  t = world.t
  const { pacienteId, medicoId, machine } = world
  const booked = (body: Record<string, unknown>, name: 'registerAgendamento' | 'agendar') =>
    call(t, name, 'staff', body).then((r) => expectStatus<{ agendamento: AgendamentoAnswer }>(r, 201).agendamento)
  bare = await booked(
    agendamentoBody(t, { pacienteId, medicoId }, { datahora: `${day}T08:00:00.000Z` }),
    'registerAgendamento',
  )
  const withMachine = await booked(
    {
      ...agendamentoBody(t, { pacienteId, medicoId }, { datahora: `${day}T10:00:00.000Z` }),
      equipamentoId: machine.id,
      duracaoMinutos: 50,
    },
    'agendar',
  )
  // the fields no call sets at once (an arrival on a future day, an encaixe): set in PostgreSQL
  await t.db.execute(sql`update agendamentos set status = 'aguardando', chegada = now(), encaixe = true,
    prioridade = 'gestante' where id = ${withMachine.id}`)
  // pessoa idosa (issue 38), from a birth date corrected after the arrival (its trigger writes the answer again)
  await t.db.execute(sql`update pacientes set datanascimento = '1940-05-06T00:00:00Z' where id = ${pacienteId}`)
  full = await written(withMachine.id)
})
afterAll(async () => {
  await t?.close()
})

/** What agendamento_json() writes for a row now (not the kept column: the function itself). */
async function written(id: string): Promise<AgendamentoAnswer> {
  const { rows } = await t.db.execute<{ json: string; kept: string }>(
    sql`select agendamento_json(a) as json, a.agendamento_json as kept from agendamentos a where a.id = ${id}`,
  )
  expect(rows[0]!.json).toBe(rows[0]!.kept)
  return JSON.parse(rows[0]!.json) as AgendamentoAnswer
}

async function agendaItem(id: string): Promise<Record<string, unknown>> {
  const { rows } = await t.db.execute<{ json: string; kept: string }>(
    sql`select agenda_item_json(a) as json, a.agenda_item as kept from agendamentos a where a.id = ${id}`,
  )
  expect(rows[0]!.json).toBe(rows[0]!.kept)
  return JSON.parse(rows[0]!.json) as Record<string, unknown>
}

describe("an appointment's answer, as PostgreSQL writes it", () => {
  it('with every optional field set: every key of the contract, in its order, each of its type', () => {
    expect(strict(Agendamento).safeParse(full).error).toBeUndefined()
    expect(Object.keys(full)).toEqual(keysOf(Agendamento.shape, 'all'))
    expect(full).toMatchObject({
      status: 'aguardando',
      fim: `${day}T10:50:00.000Z`,
      encaixe: true,
      prioridade: 'gestante',
      pessoaIdosa: 80,
    })
  })

  it('with none: only the required keys, in the contract’s order', async () => {
    expect(strict(Agendamento).safeParse(bare).error).toBeUndefined()
    expect(Object.keys(bare)).toEqual(keysOf(Agendamento.shape, 'required'))
    expect(await written(bare.id)).toStrictEqual(bare)
  })

  it('the answer the calls send is that text', async () => {
    const found = expectStatus<{ agendamento: AgendamentoAnswer }>(
      await call(t, 'findAgendamento', 'staff', { id: full.id }),
      200,
    ).agendamento
    expect(found).toStrictEqual(full)
    expect(Object.keys(found)).toEqual(Object.keys(full))
  })
})

describe("an appointment's agenda item, as PostgreSQL writes it", () => {
  it('with and without a machine: every key of the contract, in its order, each of its type', async () => {
    for (const id of [full.id, bare.id]) {
      const item = await agendaItem(id)
      expect(strict(AgendaItem).safeParse(item).error).toBeUndefined()
      expect(Object.keys(item)).toEqual(keysOf(AgendaItem.shape, 'all'))
    }
    expect(await agendaItem(bare.id)).toMatchObject({ equipamento: null, encaixe: false, status: 'agendado' })
  })
})

describe("the contract's numbers in SQL", () => {
  it("a default duration is the contract's", async () => {
    for (const exams of [0, 1, 2, 5]) {
      const { rows } = await t.db.execute<{ minutes: number }>(
        sql`select clinica_default_duration_minutes(${exams}::int) as minutes`,
      )
      expect(rows[0]!.minutes).toBe(defaultDurationMinutes(exams))
    }
  })

  it("an age on a day is ageOn's: around a birthday, 29 February, a month's end", async () => {
    const cases = [
      ['1946-11-27T00:00:00.000Z', '2026-11-27'],
      ['1946-11-28T00:00:00.000Z', '2026-11-27'],
      ['1966-12-01T00:00:00.000Z', '2026-11-30'],
      ['1948-02-29T00:00:00.000Z', '2027-02-28'],
      ['1948-02-29T00:00:00.000Z', '2027-03-01'],
      ['1948-02-29T00:00:00.000Z', '2028-02-29'],
      ['1990-01-01T00:00:00.000Z', '1990-01-01'],
    ] as const
    for (const [birth, dia] of cases) {
      const { rows } = await t.db.execute<{ age: number }>(
        sql`select clinica_idade(${birth}::timestamptz, ${dia}::date) as age`,
      )
      expect([birth, dia, rows[0]!.age]).toEqual([birth, dia, ageOn(birth, dia)])
    }
  })

  it("the clinic's date of an instant is clinicToday's, around midnight and a month's end", async () => {
    for (const instant of ['2026-11-28T02:59:59.999Z', '2026-11-28T03:00:00.000Z', '2026-12-01T02:59:00.000Z']) {
      const { rows } = await t.db.execute<{ date: string }>(
        sql`select clinica_date(${instant}::timestamptz)::text as date`,
      )
      expect(rows[0]!.date).toBe(clinicToday(new Date(instant)))
    }
  })
})
