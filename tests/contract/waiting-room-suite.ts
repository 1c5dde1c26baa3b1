// The contract suite's cases for the waiting room (issue 38, contract/waiting-room.ts): 'Chamar' a waiting
// patient to a room (the machine's by default), 'Chamar novamente', the refusals, the day's calls and the
// call in the appointment's history — the same checks on the mock and the server.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicToday,
  datePart,
  messages,
  type Agendamento,
  type Status,
  type waitingRoomCalls,
} from '@contract'
import { agendamentoBody, pacienteBody, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

type WaitingRoomCall = keyof typeof waitingRoomCalls

const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'

/** Bad bodies of each call: the answer is validationErrorBody on the call's schema. */
export const waitingRoomBadBodies: Record<WaitingRoomCall, unknown[]> = {
  chamarPaciente: [
    {},
    { id: 'x' },
    { id: someId, sala: 3 },
    { id: someId, sala: 'x'.repeat(61) },
    { id: someId, x: 1 },
  ],
  chamadasDia: [{}, { dia: '2026-02-30' }, { dia: 20261124 }],
}

export function defineWaitingRoomCases(tools: () => SuiteTools): void {
  describe('the waiting room: Chamar', () => {
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let medicoId: string
    let pacienteId: string
    let sala: string
    let equipamentoId: string
    let slots = 0
    // a Tuesday weeks ahead, inside the default opening hours, far from other cases' days
    let day = addDays(clinicToday(), 40 + Math.floor(Math.random() * 200))
    while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 2) day = addDays(day, 1)

    beforeAll(async () => {
      ;({ ok, send, expectError } = tools())
      medicoId = (await ok('registerMedico', { nome: `Doutor ${tag()}` }, 'admin')).medico.id
      pacienteId = (await ok('registerPaciente', pacienteBody(tools().t.users.staff.id))).paciente.id
      sala = `Sala RX ${tag(4)}`
      equipamentoId = (await ok('registerEquipamento', { nome: sala, modalidades: ['RX'], horarios: [] }, 'admin'))
        .equipamento.id
    })

    async function fresh(withMachine: boolean): Promise<Agendamento> {
      slots++
      const minute = 8 * 60 + slots * 15
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
      const body = agendamentoBody(tools().t.users.staff.id, pacienteId, medicoId, `${day}T${time}:00.000Z`)
      if (!withMachine) return (await ok('registerAgendamento', body)).agendamento
      return (await ok('agendar', { ...body, equipamentoId, duracaoMinutos: 15 })).agendamento
    }
    async function bringTo(a: Agendamento, steps: Status[]): Promise<Agendamento> {
      let current = a
      for (const status of steps)
        current = (await ok('moverStatus', { id: current.id, versao: current.versao, status })).agendamento
      return current
    }

    it("calls a waiting patient to the machine's room, again to a chosen room; both in the history and the day's calls", async () => {
      const waiting = await bringTo(await fresh(true), ['confirmado', 'aguardando'])
      const first = (await ok('chamarPaciente', { id: waiting.id })).chamada
      expect(first).toMatchObject({ agendamentoId: waiting.id, sala, chamadoPor: { id: tools().t.users.staff.id } })
      const again = (await ok('chamarPaciente', { id: waiting.id, sala: '  Consultório 2 ' })).chamada
      expect(again.sala).toBe('Consultório 2')
      expect(Date.parse(again.chamadoEm)).toBeGreaterThanOrEqual(Date.parse(first.chamadoEm))

      const historico = (await ok('historicoAgendamento', { id: waiting.id })).historico
      const calls = historico.filter((e) => e.action === 'chamada')
      expect(calls.map((e) => e.sala)).toEqual(['Consultório 2', sala])
      expect(calls[0]).toMatchObject({ user: { id: tools().t.users.staff.id }, fields: [] })

      const dia = datePart(waiting.datahora)
      const ofDay = (await ok('chamadasDia', { dia })).chamadas.filter((c) => c.agendamentoId === waiting.id)
      expect(ofDay.map((c) => c.id).sort()).toEqual([first.id, again.id].sort())
      // the call changes nothing of the appointment
      expect((await ok('findAgendamento', { id: waiting.id })).agendamento).toEqual(waiting)
    })

    it('refuses a patient not waiting (409), an unknown appointment (404), no room for an appointment without a machine (400)', async () => {
      const booked = await fresh(true)
      expectError(await send('chamarPaciente', { id: booked.id }), 409, messages.callNotWaiting)
      const started = await bringTo(booked, ['confirmado', 'aguardando', 'em_atendimento'])
      expectError(await send('chamarPaciente', { id: started.id, sala: 'Sala 1' }), 409, messages.callNotWaiting)
      expectError(await send('chamarPaciente', { id: someId, sala: 'Sala 1' }), 404, messages.appointmentNotFound)
      const noMachine = await bringTo(await fresh(false), ['aguardando'])
      expectError(await send('chamarPaciente', { id: noMachine.id }), 400, messages.callRoomRequired)
      expectError(await send('chamarPaciente', { id: noMachine.id, sala: '   ' }), 400, messages.callRoomRequired)
      expect(
        (await ok('historicoAgendamento', { id: noMachine.id })).historico.some((e) => e.action === 'chamada'),
      ).toBe(false)
      expect((await ok('chamarPaciente', { id: noMachine.id, sala: 'Consultório 1' })).chamada.sala).toBe(
        'Consultório 1',
      )
    })

    it("a user linked to a doctor calls only that doctor's waiting patients", async () => {
      const email = `medico.${tag()}@clinica.local`
      const otherMedico = (await ok('registerMedico', { nome: `Doutor ${tag()}` }, 'admin')).medico.id
      await ok(
        'registerUser',
        { nome: 'Doutor Vinculado', email, password: 'senha-forte-1', medicoId: otherMedico },
        'admin',
      )
      const { token } = await ok('login', { email, password: 'senha-forte-1' })
      const waiting = await bringTo(await fresh(true), ['aguardando'])
      const res = await tools().t.call('chamarPaciente', { id: waiting.id }, token)
      expectError(res, 403, messages.callNotYours)
    })
  })
}
