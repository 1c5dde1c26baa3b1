// Two API processes on one database (API_PROCESSES=2, or two servers behind a proxy): what one process
// changes, a device connected to the other sees — the day board's version and list, a sign-out
// (docs/decisions.md, "Several API processes"). Two app instances here stand for two processes: they share
// nothing but PostgreSQL, as node:cluster's workers do.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clinicToday, type Agendamento, type Medico, type Paciente } from '@contract'
import { buildApp } from '../../server/http/app'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'
import { callDesk, moveOk } from './front-desk-helpers'
import { call, createAgendamento, createMedico, createPaciente, expectStatus } from './helpers'

let one: TestApp
let other: FastifyInstance
/** The same users and tokens, on the second process. */
let two: TestApp
let paciente: Paciente
let medico: Medico

beforeAll(async () => {
  one = await createTestApp()
  other = await buildApp({ db: one.db, jwtSecret: TEST_JWT_SECRET, maintenance: false })
  await other.ready()
  two = { ...one, app: other }
  paciente = await createPaciente(one, { nome: 'Benedita Lacerda' })
  medico = await createMedico(one, 'Otávio Prado')
})
afterAll(async () => {
  await other?.close()
  await one?.close()
})

describe('two API processes on one database', () => {
  it("a status move through one changes the day board's version and list read through the other", async () => {
    const dia = clinicToday()
    const version = async (t: TestApp) =>
      expectStatus<{ versao: number }>(await callDesk(t, 'versaoDia', 'staff', { dia }), 200).versao
    const board = async (t: TestApp) =>
      expectStatus<{ agendamentos: Agendamento[] }>(
        await call(t, 'listAgendamentosBetweenDate', 'staff', {
          datainicior: `${dia}T00:00:00.000Z`,
          datafimr: `${dia}T23:59:59.999Z`,
        }),
        200,
      ).agendamentos
    const booked = await createAgendamento(
      one,
      { pacienteId: paciente.id, medicoId: medico.id },
      { datahora: `${dia}T10:00:00.000Z` },
    )
    const before = await version(two)
    expect((await board(two)).find((a) => a.id === booked.id)).not.toHaveProperty('status')

    await moveOk(one, booked, 'confirmado')

    expect(await version(two)).not.toBe(before)
    expect((await board(two)).find((a) => a.id === booked.id)?.status).toBe('confirmado')
  })

  it('a sign-out through one process ends the session on the other', async () => {
    const signedIn = expectStatus<{ token: string }>(
      await call(one, 'login', 'anonymous', { email: one.users.staff.email, password: one.users.staff.password }),
      200,
    ).token
    expectStatus(await call(two, 'listMedicos', { token: signedIn }), 200)
    expect((await call(one, 'logout', { token: signedIn }, {})).statusCode).toBe(200)
    expect((await call(two, 'listMedicos', { token: signedIn })).statusCode).toBe(401)
  })
})
