// Each appointment carries itself as the specification's calls answer it, JSON text written by PostgreSQL's
// trigger (migration 0019, agendamento_json()): every answer of the server is that text. Whatever changes an
// appointment — a booking, a move, a status, an arrival, a payment, a rename, through the API or in plain SQL —
// its text must equal the appointment its columns and names make (the test's own oracle, below), field for
// field and in the same key order. tests/server/written-answers-schema.test.ts holds its shape to the contract.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicToday,
  defaultDurationMinutes,
  minutesBetween,
  type Agendamento,
  type Equipamento,
  type Status,
} from '@contract'
import * as agendamentosRepo from '../../server/repositories/agendamentos'
import type { TestApp } from '../support/api-app'
import { openBookingWorld } from '../support/booking-world'
import { bringTo, moveOk } from './front-desk-helpers'
import { agendamentoBody, call, expectStatus } from './helpers'

let t: TestApp
let pacienteId: string
let medicoId: string
let us1: Equipamento
const day = clinicToday()

beforeAll(async () => {
  ;({
    t,
    pacienteId,
    medicoId,
    machine: us1,
  } = await openBookingWorld({
    paciente: 'Rosa Amaral',
    medico: 'Heitor Lins',
    machine: 'US-2',
  }))
})
afterAll(async () => {
  await t?.close()
})

interface Row extends Record<string, unknown> {
  id: string
  datahora_ms: number
  fim_ms: number
  chegada_ms: number | null
  anotacao: string
  convenio: string
  valor_in_cents: number
  esta_pago: boolean
  user_id: string
  paciente_id: string
  paciente_nome: string
  medico_id: string
  medico_nome: string
  equipamento_id: string | null
  equipamento_nome: string | null
  exames: string[]
  versao: number
  status: Status
  encaixe: boolean
  json: string
}

const iso = (ms: number) => new Date(ms).toISOString()

/** The appointment a row's columns and names make, as the contract words it: the test's oracle. */
function expectedOf(r: Row): Agendamento {
  const datahora = iso(r.datahora_ms)
  const fim = iso(r.fim_ms)
  return {
    id: r.id,
    datahora,
    anotacao: r.anotacao,
    convenio: r.convenio,
    valorIncents: r.valor_in_cents,
    estapago: r.esta_pago,
    userId: r.user_id,
    pacienteId: r.paciente_id,
    medicoId: r.medico_id,
    paciente: { id: r.paciente_id, nome: r.paciente_nome },
    doutor: { id: r.medico_id, nome: r.medico_nome },
    exames: r.exames,
    versao: r.versao,
    ...(r.status === 'agendado' ? {} : { status: r.status }),
    ...(r.chegada_ms === null ? {} : { chegada: iso(r.chegada_ms) }),
    ...(minutesBetween(datahora, fim) === defaultDurationMinutes(r.exames.length) ? {} : { fim }),
    ...(r.equipamento_id === null ? {} : { equipamento: { id: r.equipamento_id, nome: r.equipamento_nome ?? '' } }),
    ...(r.encaixe ? { encaixe: true as const } : {}),
  }
}

/** Every appointment's written text beside what its columns make of it, and the answers that read them. */
async function expectEveryTextCurrent() {
  const { rows } = await t.db.execute<Row>(sql`
    select a.id, floor(extract(epoch from a.datahora) * 1000)::float8 as datahora_ms,
      floor(extract(epoch from a.fim) * 1000)::float8 as fim_ms,
      floor(extract(epoch from a.chegada) * 1000)::float8 as chegada_ms, a.anotacao, a.convenio, a.valor_in_cents,
      a.esta_pago, a.user_id, a.paciente_id, p.nome as paciente_nome, a.medico_id, m.nome as medico_nome,
      a.equipamento_id, e.nome as equipamento_nome, a.exames, a.versao, a.status, a.encaixe,
      a.agendamento_json as json
    from agendamentos a join pacientes p on p.id = a.paciente_id join medicos m on m.id = a.medico_id
      left join equipamentos e on e.id = a.equipamento_id
    order by a.datahora, a.id`)
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    const stored = JSON.parse(row.json) as Record<string, unknown>
    const expected = expectedOf(row)
    expect(stored).toStrictEqual(expected)
    expect(Object.keys(stored)).toEqual(Object.keys(expected))
    // the single answer reads the same text
    expect(await agendamentosRepo.findById(t.db, row.id)).toStrictEqual(expected)
  }
  // and the lists answer them: a day's list as the day's texts
  const listed = expectStatus<{ agendamentos: Agendamento[] }>(
    await call(t, 'listAgendamentosBetweenDate', 'staff', {
      datainicior: `${day}T00:00:00.000Z`,
      datafimr: `${addDays(day, 1)}T23:59:59.999Z`,
    }),
    200,
  ).agendamentos
  const [from, to] = [Date.parse(`${day}T00:00:00.000Z`), Date.parse(`${addDays(day, 1)}T23:59:59.999Z`)]
  expect(listed).toStrictEqual(rows.filter((r) => r.datahora_ms >= from && r.datahora_ms <= to).map(expectedOf))
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
