// Status moves of an appointment (POST /agendamento/status, /agendamento/desfazerStatus): every allowed
// and refused move, stale and simultaneous moves, 'Desfazer' and its 10 minutes, the freed time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  messages,
  moveNotAllowedMessage,
  type Agendamento,
  type HistoricoEntry,
  type Medico,
  type Paciente,
  type Status,
} from '@contract'
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
  UNKNOWN_ID,
} from './helpers'
import { MOVES } from '../support/status-moves'

const clock = new TestClock()
let t: TestApp
let paciente: Paciente
let medico: Medico
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
  paciente = await createPaciente(t, { nome: 'Conceição Araújo' })
  medico = await createMedico(t, 'Carlos Souza')
})
afterAll(async () => {
  await t?.close()
})
beforeEach(() => clock.reset())

let minute = 0
/** A fresh appointment at a free slot, `days` ahead. */
async function fresh(days = 2): Promise<Agendamento> {
  // 15 minutes apart, the default duration: one doctor's bookings may not overlap (docs/decisions.md "Agenda and equipment")
  minute += 15
  const inDay = minute % (16 * 60)
  const time = `${String(7 + Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`
  return createAgendamento(
    t,
    { pacienteId: paciente.id, medicoId: medico.id },
    { datahora: clinicDateTime(days + Math.floor(minute / (16 * 60)), time) },
  )
}

async function read(id: string): Promise<Agendamento> {
  return expectStatus<{ agendamento: Agendamento }>(await call(t, 'findAgendamento', 'staff', { id }), 200).agendamento
}

async function historico(id: string): Promise<HistoricoEntry[]> {
  return expectStatus<{ historico: HistoricoEntry[] }>(await call(t, 'historicoAgendamento', 'staff', { id }), 200)
    .historico
}

describe('POST /agendamento/status: the moves', () => {
  it('a booking reads back without a status (agendado) and as the specification has it', async () => {
    const agendamento = await fresh()
    expect(agendamento).not.toHaveProperty('status')
    expect(agendamento).not.toHaveProperty('chegada')
  })

  it.each(MOVES)('%s → %s: allowed %s', async (from, to, allowed) => {
    const start = await bringTo(t, await fresh(), from)
    const body = {
      id: start.id,
      versao: start.versao,
      status: to,
      ...(to === 'cancelado' ? { motivo: 'clinica' } : {}),
    }
    const response = await callDesk(t, 'moverStatus', 'staff', body)
    if (allowed) {
      const { agendamento } = expectStatus<{ agendamento: Agendamento }>(response, 200)
      expect(agendamento).toMatchObject({ id: start.id, status: to, versao: start.versao + 1 })
      expect(await read(start.id)).toEqual(agendamento)
    } else {
      expectError(response, 409, moveNotAllowedMessage(from, to))
      expect(await read(start.id)).toEqual(start)
    }
  })

  it('arrival keeps the time (the clock of the move) through the rest of the day', async () => {
    const confirmado = await bringTo(t, await fresh(), 'confirmado')
    clock.fixed = new Date('2030-01-02T13:04:05.000Z')
    const aguardando = await moveOk(t, confirmado, 'aguardando')
    expect(aguardando).toMatchObject({ status: 'aguardando', chegada: '2030-01-02T13:04:05.000Z' })
    clock.advanceMinutes(20)
    const realizado = await moveOk(t, await moveOk(t, aguardando, 'em_atendimento'), 'realizado')
    expect(realizado).toMatchObject({ status: 'realizado', chegada: '2030-01-02T13:04:05.000Z' })
  })

  it('cancelling needs a motivo; other moves take none; the text is at most 200 characters', async () => {
    const a = await fresh()
    const send = (body: Record<string, unknown>) =>
      callDesk(t, 'moverStatus', 'staff', { id: a.id, versao: a.versao, ...body })
    expectError(await send({ status: 'cancelado' }), 400, messages.cancelReasonRequired)
    expectError(await send({ status: 'cancelado', motivo: 'acaso' }), 400, messages.optionInvalid)
    expectError(await send({ status: 'confirmado', motivo: 'paciente' }), 400, messages.reasonOnlyForCancel)
    expectError(
      await send({ status: 'cancelado', motivo: 'paciente', texto: 'x'.repeat(201) }),
      400,
      messages.cancelTextTooLong,
    )
    expectError(await send({ status: 'remarcado' }), 400, messages.optionInvalid)
    expectError(await send({ status: 'confirmado', versao: undefined }), 400, messages.required)
    expect(await read(a.id)).toEqual(a)
    const cancelado = await moveOk(t, a, 'cancelado', 'staff', { motivo: 'paciente', texto: 'Viajou.' })
    expect(cancelado.status).toBe('cancelado')
    expect((await historico(a.id))[0]).toMatchObject({
      action: 'status',
      user: { id: t.users.staff.id, nome: t.users.staff.nome },
      fields: ['status'],
      status: { de: 'agendado', para: 'cancelado', motivo: 'paciente', texto: 'Viajou.' },
    })
  })

  it('a stale versao → 409 and nothing changes; an unknown id → 404', async () => {
    const a = await fresh()
    const paid = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'updateAgendamento', 'staff', {
        ...appointmentFields(a),
        estaPago: true,
        id: a.id,
        versao: a.versao,
      }),
      200,
    ).agendamento
    expectError(
      await callDesk(t, 'moverStatus', 'staff', { id: a.id, versao: a.versao, status: 'confirmado' }),
      409,
      messages.statusStale,
    )
    expect(await read(a.id)).toEqual(paid)
    expectError(
      await callDesk(t, 'moverStatus', 'staff', { id: UNKNOWN_ID, versao: 1, status: 'confirmado' }),
      404,
      messages.appointmentNotFound,
    )
  })

  it('simultaneous moves of one appointment: exactly one wins, the others are stale', async () => {
    const a = await bringTo(t, await fresh(), 'confirmado')
    const targets: Status[] = [
      'aguardando',
      'aguardando',
      'aguardando',
      'cancelado',
      'faltou',
      'aguardando',
      'cancelado',
      'faltou',
    ]
    const responses = await Promise.all(
      targets.map((status) =>
        callDesk(t, 'moverStatus', 'staff', {
          id: a.id,
          versao: a.versao,
          status,
          ...(status === 'cancelado' ? { motivo: 'clinica' } : {}),
        }),
      ),
    )
    const statuses = responses.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(targets.length - 1)
    for (const r of responses.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({ error: messages.statusStale })
    const winner = responses.find((r) => r.statusCode === 200)!.json().agendamento as Agendamento
    expect(await read(a.id)).toEqual(winner)
    expect(winner.versao).toBe(a.versao + 1)
    expect((await historico(a.id)).filter((e) => e.action === 'status')).toHaveLength(2)
  })
})

describe('POST /agendamento/desfazerStatus', () => {
  const undo = (a: Agendamento, who: 'staff' | 'admin' = 'staff') =>
    callDesk(t, 'desfazerStatus', who, { id: a.id, versao: a.versao })

  it('takes back the last move within 10 minutes, arrival time included, and again the one before', async () => {
    const confirmado = await bringTo(t, await fresh(), 'confirmado')
    const aguardando = await moveOk(t, confirmado, 'aguardando')
    clock.advanceMinutes(9)
    const back = expectStatus<{ agendamento: Agendamento }>(await undo(aguardando), 200).agendamento
    expect(back).toMatchObject({ status: 'confirmado', versao: aguardando.versao + 1 })
    expect(back).not.toHaveProperty('chegada')
    const agendado = expectStatus<{ agendamento: Agendamento }>(await undo(back), 200).agendamento
    expect(agendado).not.toHaveProperty('status')
    expectError(await undo(agendado), 409, messages.undoNothing)
    const history = await historico(confirmado.id)
    expect(history.slice(0, 4).map((e) => [e.action, e.status?.de, e.status?.para])).toEqual([
      ['status_desfeito', 'confirmado', 'agendado'],
      ['status_desfeito', 'aguardando', 'confirmado'],
      ['status', 'confirmado', 'aguardando'],
      ['status', 'agendado', 'confirmado'],
    ])
    expect(history[1]!.fields).toEqual(['status', 'chegada'])
  })

  it('after 10 minutes only an ADMIN takes a move back', async () => {
    const confirmado = await bringTo(t, await fresh(), 'confirmado')
    clock.advanceMinutes(11)
    expectError(await undo(confirmado), 403, messages.undoExpired)
    expect(await read(confirmado.id)).toEqual(confirmado)
    expect(
      expectStatus<{ agendamento: Agendamento }>(await undo(confirmado, 'admin'), 200).agendamento,
    ).not.toHaveProperty('status')
  })

  it('a stale versao → 409; an unknown id → 404', async () => {
    const confirmado = await bringTo(t, await fresh(), 'confirmado')
    expectError(
      await callDesk(t, 'desfazerStatus', 'staff', { id: confirmado.id, versao: confirmado.versao - 1 }),
      409,
      messages.statusStale,
    )
    expectError(
      await callDesk(t, 'desfazerStatus', 'staff', { id: UNKNOWN_ID, versao: 1 }),
      404,
      messages.appointmentNotFound,
    )
  })

  it('simultaneous undos: exactly one wins', async () => {
    const aguardando = await bringTo(t, await fresh(), 'aguardando')
    const responses = await Promise.all(Array.from({ length: 6 }, () => undo(aguardando)))
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect((await read(aguardando.id)).status).toBe('confirmado')
  })
})

describe("'Cancelado' and 'Faltou' free the doctor's time", () => {
  it.each(['cancelado', 'faltou'] as const)(
    '%s: the time can be booked again; taking the move back then is refused',
    async (status) => {
      const first = await fresh(3)
      const slot = { pacienteId: paciente.id, medicoId: medico.id }
      const other = await createPaciente(t, { nome: 'Outra Pessoa' })
      expectError(
        await call(t, 'registerAgendamento', 'staff', { ...appointmentFields(first), pacienteId: other.id }),
        409,
        messages.slotTaken,
      )
      const ended = await moveOk(t, first, status, 'staff', status === 'cancelado' ? { motivo: 'clinica' } : {})
      const again = await createAgendamento(t, { ...slot, pacienteId: other.id }, { datahora: first.datahora })
      expect(again.datahora).toBe(first.datahora)
      expectError(
        await callDesk(t, 'desfazerStatus', 'admin', { id: ended.id, versao: ended.versao }),
        409,
        messages.undoSlotTaken,
      )
      expect(await read(ended.id)).toEqual(ended)
    },
  )
})

/** The fields of an appointment as register and update take them. */
function appointmentFields(a: Agendamento) {
  return {
    datahora: a.datahora,
    anotacao: a.anotacao,
    convenio: a.convenio,
    valorIncents: a.valorIncents,
    estaPago: a.estapago,
    userId: a.userId,
    pacienteId: a.pacienteId,
    medicoId: a.medicoId,
    exames: a.exames,
  }
}
