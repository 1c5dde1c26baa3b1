// Legal priorities at arrival (issue 38 point 4): 'Registrar chegada' may declare a priority with the move
// (POST /agendamento/status), the appointment's answer carries it and pessoa idosa (60 or 80, from the birth
// date on the arrival's day) once the patient arrived; a bad value, or a priority on another move, is a
// Portuguese 400 that changes nothing; 'Desfazer' forgets it with the arrival.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addDays, clinicToday, messages, type Agendamento, type Medico, type Paciente } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { bringTo, callDesk, moveOk, TestClock } from './front-desk-helpers'
import {
  call,
  clinicDateTime,
  createAgendamento,
  createMedico,
  createPaciente,
  expectError,
  expectStatus,
  pacienteBody,
} from './helpers'

const clock = new TestClock()
let t: TestApp
let medico: Medico
/** The arrival's clinic day: the clock is fixed, so an age cannot change between a request and its check. */
let today: string

beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
  medico = await createMedico(t, 'Helena Prates')
})
afterAll(async () => {
  await t?.close()
})
beforeEach(() => {
  clock.reset()
  clock.fixed = new Date()
  today = clinicToday(clock.fixed)
})

/** A birth date `years` before the clinic day `day` (+ `shiftDays`), as the patients' form sends it. */
function bornYearsBefore(day: string, years: number, shiftDays = 0): string {
  const shifted = addDays(day, shiftDays)
  return `${Number(shifted.slice(0, 4)) - years}${shifted.slice(4)}T00:00:00.000Z`
}

let serial = 0
async function patient(datanascimento = '1990-05-10T00:00:00.000Z'): Promise<Paciente> {
  serial += 1
  return createPaciente(t, {
    nome: `Paciente prioridade ${'abcdefghijklmnopqrstuvwxyz'.charAt(serial)}`,
    datanascimento,
  })
}

let minute = 0
async function booking(paciente: Paciente): Promise<Agendamento> {
  minute += 15
  const time = `${String(7 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
  return createAgendamento(t, { pacienteId: paciente.id, medicoId: medico.id }, { datahora: clinicDateTime(3, time) })
}

async function read(id: string): Promise<Agendamento> {
  return expectStatus<{ agendamento: Agendamento }>(await call(t, 'findAgendamento', 'staff', { id }), 200).agendamento
}

describe("'Registrar chegada' with a priority", () => {
  it('the declared priority is in the answer, the list and findbyid', async () => {
    const confirmed = await bringTo(t, await booking(await patient()), 'confirmado')
    const arrived = await moveOk(t, confirmed, 'aguardando', 'staff', { prioridade: 'gestante' })
    expect(arrived).toMatchObject({ status: 'aguardando', prioridade: 'gestante' })
    expect(arrived).not.toHaveProperty('pessoaIdosa')
    expect(await read(arrived.id)).toStrictEqual(arrived)
    // and it stays through the exam
    const started = await moveOk(t, arrived, 'em_atendimento')
    expect(started.prioridade).toBe('gestante')
  })

  it('without one, the answer has no priority (a walk-in from agendado)', async () => {
    const arrived = await moveOk(t, await booking(await patient()), 'aguardando')
    expect(arrived).not.toHaveProperty('prioridade')
    expect(arrived).not.toHaveProperty('pessoaIdosa')
  })

  it('a value that is not a legal priority: 400 in Portuguese, nothing changes', async () => {
    const confirmed = await bringTo(t, await booking(await patient()), 'confirmado')
    for (const prioridade of ['vip', 'idosa', '', 3, null]) {
      const body = expectError(
        await callDesk(t, 'moverStatus', 'staff', {
          id: confirmed.id,
          versao: confirmed.versao,
          status: 'aguardando',
          prioridade,
        }),
        400,
      )
      expect(body.error).toBe(messages.priorityInvalid)
      expect(JSON.stringify(body.issues)).toContain('prioridade')
    }
    expect(await read(confirmed.id)).toStrictEqual(confirmed)
  })

  it('a priority on any other move: 400 with its sentence, nothing changes', async () => {
    const agendamento = await booking(await patient())
    const response = await callDesk(t, 'moverStatus', 'staff', {
      id: agendamento.id,
      versao: agendamento.versao,
      status: 'confirmado',
      prioridade: 'lactante',
    })
    expectError(response, 400, messages.priorityOnlyAtArrival)
    expect(await read(agendamento.id)).toStrictEqual(agendamento)
  })

  it("'Desfazer' of the arrival forgets its priority; a new arrival declares again", async () => {
    const confirmed = await bringTo(t, await booking(await patient()), 'confirmado')
    const arrived = await moveOk(t, confirmed, 'aguardando', 'staff', { prioridade: 'deficiencia' })
    const undone = expectStatus<{ agendamento: Agendamento }>(
      await callDesk(t, 'desfazerStatus', 'staff', { id: arrived.id, versao: arrived.versao }),
      200,
    ).agendamento
    expect(undone).not.toHaveProperty('prioridade')
    expect(undone).not.toHaveProperty('chegada')
    const again = await moveOk(t, undone, 'aguardando')
    expect(again).not.toHaveProperty('prioridade')
  })
})

describe('pessoa idosa, from the birth date on the day of arrival', () => {
  it.each([
    ['turns 80 today', 80, 0, 80],
    ['turns 80 tomorrow', 80, 1, 60],
    ['turns 60 today', 60, 0, 60],
    ['turns 60 tomorrow', 60, 1, undefined],
  ] as const)('%s: %s', async (_name, years, shiftDays, expected) => {
    const paciente = await patient(bornYearsBefore(today, years, shiftDays))
    const agendamento = await booking(paciente)
    expect(agendamento).not.toHaveProperty('pessoaIdosa')
    const arrived = await moveOk(t, agendamento, 'aguardando', 'staff', { prioridade: 'obeso' })
    expect(arrived.pessoaIdosa).toBe(expected)
    expect(arrived.prioridade).toBe('obeso')
  })

  it('a corrected birth date is in the answers of the arrived appointments at once', async () => {
    const paciente = await patient('1990-01-01T00:00:00.000Z')
    const arrived = await moveOk(t, await booking(paciente), 'aguardando')
    expect(arrived).not.toHaveProperty('pessoaIdosa')
    const { userId: _creator, ...body } = pacienteBody(t, {
      nome: paciente.nome,
      cpf: paciente.cpf,
      rg: paciente.rg,
      datanascimento: bornYearsBefore(today, 85),
    })
    expectStatus(await call(t, 'updatePaciente', 'staff', { ...body, id: paciente.id, versao: paciente.versao }), 200)
    expect((await read(arrived.id)).pessoaIdosa).toBe(80)
  })
})
