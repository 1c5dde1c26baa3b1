// The agenda's answer is kept per process while its versions hold (server/repositories/agenda-cache.ts;
// docs/decisions.md, "Performance"): whatever changes what a day shows — through this process, another one,
// or PostgreSQL directly — the next read shows it. Two app instances stand for two processes: they share
// nothing but PostgreSQL.
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, type AgendaAnswer, type Agendamento, type Equipamento } from '@contract'
import { buildApp } from '../../server/http/app'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'
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

let one: TestApp
let other: FastifyInstance
let two: TestApp
let pacienteId: string
let pacienteNome: string
let pacienteDocs: { cpf: string; rg: string }
let medicoId: string
let us1: Equipamento
let dayOffset = 10

beforeAll(async () => {
  one = await createTestApp()
  other = await buildApp({ db: one.db, jwtSecret: TEST_JWT_SECRET, maintenance: false })
  await other.ready()
  two = { ...one, app: other }
  // each test books a day of its own, 10 to 13 days ahead: a weekend from Monday to Thursday
  await openClinicAllWeek(one)
  const paciente = await createPaciente(one, { nome: 'Benedita Lacerda' })
  pacienteId = paciente.id
  pacienteNome = paciente.nome
  pacienteDocs = { cpf: paciente.cpf, rg: paciente.rg }
  medicoId = (await createMedico(one, 'Otávio Prado')).id
  us1 = await createUltrassom(one, 'US-1')
})
afterAll(async () => {
  await other?.close()
  await one?.close()
})

/** A day of its own for each test, so that none sees another's bookings. */
const nextDay = () => addDays(clinicToday(), dayOffset++)

const agenda = async (t: TestApp, de: string, dias = 1) =>
  expectStatus<AgendaAnswer>(await call(t, 'agenda', 'staff', { de, dias }), 200)

async function book(day: string, time: string): Promise<Agendamento> {
  const body = {
    ...agendamentoBody(one, { pacienteId, medicoId }, { datahora: `${day}T${time}:00.000Z` }),
    equipamentoId: us1.id,
    duracaoMinutos: 30,
  }
  return expectStatus<{ agendamento: Agendamento }>(await call(one, 'agendar', 'staff', body), 201).agendamento
}

describe("the agenda's kept answer", () => {
  it('shows a booking, a status move and a block made through the other process', async () => {
    const day = nextDay()
    const first = await book(day, '08:00')
    // both processes have read the day, and keep it
    expect((await agenda(one, day)).agendamentos.map((a) => a.id)).toEqual([first.id])
    expect((await agenda(two, day)).agendamentos.map((a) => a.id)).toEqual([first.id])

    const second = await book(day, '09:00')
    expect((await agenda(two, day)).agendamentos.map((a) => a.id)).toEqual([first.id, second.id])
    // the week that holds the day, kept apart from the day alone
    expect((await agenda(two, addDays(day, -1), 7)).agendamentos.map((a) => a.id)).toEqual([first.id, second.id])

    await moveOk(one, second, 'confirmado')
    expect((await agenda(two, day)).agendamentos.find((a) => a.id === second.id)?.status).toBe('confirmado')
    expect((await agenda(two, addDays(day, -1), 7)).agendamentos.find((a) => a.id === second.id)?.status).toBe(
      'confirmado',
    )

    const block = { equipamentoId: us1.id, inicio: `${day}T12:00:00.000Z`, fim: `${day}T13:00:00.000Z` }
    expectStatus(await call(one, 'registerBloqueio', 'admin', { ...block, motivo: 'Manutenção' }), 201)
    expect((await agenda(two, day)).bloqueios.map((b) => b.motivo)).toEqual(['Manutenção'])
  })

  it("shows a patient's, a doctor's and a machine's new name, renamed through the API or in PostgreSQL", async () => {
    const day = nextDay()
    await book(day, '10:00')
    const [before] = (await agenda(two, day)).agendamentos
    expect([before?.paciente.nome, before?.doutor.nome, before?.equipamento?.nome]).toEqual([
      pacienteNome,
      'Otávio Prado',
      'US-1',
    ])

    const { userId: _u, ...fields } = pacienteBody(one, { ...pacienteDocs, nome: 'Benedita Lacerda Reis' })
    const renamed = { ...fields, id: pacienteId }
    const { paciente } = expectStatus<{ paciente: { nome: string } }>(
      await call(one, 'updatePaciente', 'staff', renamed),
      200,
    )
    expect(paciente.nome).not.toBe(pacienteNome)
    expect((await agenda(two, day)).agendamentos[0]?.paciente.nome).toBe(paciente.nome)

    await one.db.execute(sql`update medicos set nome = 'Otávio Prado Filho' where id = ${medicoId}`)
    expect((await agenda(two, day)).agendamentos[0]?.doutor.nome).toBe('Otávio Prado Filho')

    const machine = { id: us1.id, nome: 'US-Sala 1', modalidades: ['US'], horarios: [] }
    expectStatus(await call(one, 'updateEquipamento', 'admin', machine), 200)
    const after = await agenda(two, day)
    expect(after.agendamentos[0]?.equipamento?.nome).toBe('US-Sala 1')
    expect(after.equipamentos.find((e) => e.id === us1.id)?.nome).toBe('US-Sala 1')
  })

  it("does not bring a kept answer back when a day's number returns to an older value, as a restore leaves it", async () => {
    const day = nextDay()
    const booked = await book(day, '11:00')
    const versao = async () =>
      (await one.db.execute<{ versao: string }>(sql`select versao from agenda_versoes where dia = ${day}`)).rows[0]
        ?.versao
    const kept = await versao()
    expect((await agenda(two, day)).agendamentos[0]?.exames).toEqual(['Raio-X de tórax'])

    await one.db.execute(sql`update agendamentos set exames = '{"US abdome total"}' where id = ${booked.id}`)
    await one.db.execute(sql`update agenda_versoes set versao = ${kept} where dia = ${day}`)
    expect(await versao()).toBe(kept)
    expect((await agenda(two, day)).agendamentos[0]?.exames).toEqual(['US abdome total'])
  })

  it('answers a kept day as it answers a day read afresh', async () => {
    const day = nextDay()
    await book(day, '08:00')
    await book(day, '08:30')
    await agenda(one, day)
    const kept = await call(one, 'agenda', 'staff', { de: day, dias: 1 })
    const fresh = await buildApp({ db: one.db, jwtSecret: TEST_JWT_SECRET, maintenance: false })
    try {
      const afresh = await fresh.inject({
        method: 'POST',
        url: '/api/agendamento/agenda',
        headers: { authorization: `Bearer ${one.tokens.staff}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ de: day, dias: 1 }),
      })
      expect(afresh.statusCode).toBe(200)
      expect(kept.body).toBe(afresh.body)
    } finally {
      await fresh.close()
    }
  })
})
