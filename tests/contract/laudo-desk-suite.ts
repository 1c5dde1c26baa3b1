// The contract suite's cases for the laudo at the front desk (issue 36 point 7): the protocolo de retirada
// (given once after the arrival) and the delivered laudos, the same from the server and the msw mock.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicHours,
  clinicToday,
  laudoDueDate,
  messages,
  PROTOCOLO_PATTERN,
  type CallAnswer,
} from '@contract'
import { agendamentoBody, future, makeCpf, pacienteBody, randomInt, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someId = '00000000-0000-4000-8000-000000000000'

/** Bodies the calls' schemas refuse (400 before anything else is looked at). */
export const laudoDeskBadBodies = {
  protocoloRetirada: [{}, { agendamentoId: 'x' }, { agendamentoId: someId, extra: 1 }],
  laudosEntregues: [
    {},
    { de: '2026-11-30', ate: '2026-11-01' },
    { de: '2026-01-01', ate: '2026-12-31' },
    { de: '2026-02-30', ate: '2026-03-01' },
  ],
}

export function defineLaudoDeskCases(tools: () => SuiteTools): void {
  describe('the laudo at the front desk (issue 36 point 7)', () => {
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let doctor: { token: string }
    let medicoId: string
    let userId: string
    beforeAll(async () => {
      let t: SuiteTools['t']
      ;({ t, ok, send, expectError } = tools())
      userId = t.users.staff.id
      medicoId = (await ok('registerMedico', { nome: `Balcão ${tag()}` }, 'admin')).medico.id
      const email = `balcao.${tag()}@clinica.local`
      await ok('registerUser', { nome: 'Médico do Balcão', email, password: 'senha-forte-1', medicoId }, 'admin')
      doctor = { token: (await ok('login', { email, password: 'senha-forte-1' })).token }
    })

    let slot = 0
    /** An appointment `days` ahead (its own hour) with one exam of `prazo` business days, moved through `statuses`. */
    async function appointment(days: number, prazo: number, statuses: string[]) {
      const time = `${String(7 + (slot++ % 12)).padStart(2, '0')}:00`
      const exame = (
        await ok(
          'registerExame',
          { nome: `Exame ${tag()}`, modalidade: 'US', duracao: 20, prazoLaudoDias: prazo },
          'admin',
        )
      ).exame
      const pacienteId = (await ok('registerPaciente', pacienteBody(userId))).paciente.id
      let a: CallAnswer<'registerAgendamento'>['agendamento'] = (
        await ok(
          'registerAgendamento',
          agendamentoBody(userId, pacienteId, medicoId, future(days, time), { exameIds: [exame.id] }),
        )
      ).agendamento
      for (const status of statuses) a = (await ok('moverStatus', { id: a.id, versao: a.versao, status })).agendamento
      return { agendamento: a, exame }
    }

    it('gives the protocolo once the patient arrived, the same one after; the previsão is the prazo in business days', async () => {
      const days = 300 + randomInt(200)
      const { agendamento } = await appointment(days, 3, ['confirmado'])
      expectError(
        await send('protocoloRetirada', { agendamentoId: agendamento.id }),
        409,
        messages.laudoProtocoloNotArrived,
      )
      await ok('moverStatus', { id: agendamento.id, versao: agendamento.versao, status: 'aguardando' })
      const { protocolo } = await ok('protocoloRetirada', { agendamentoId: agendamento.id })
      const hours = clinicHours((await ok('configuracoesClinica')).configuracoes.horarios)
      const day = addDays(clinicToday(), days)
      expect(protocolo).toMatchObject({ agendamentoId: agendamento.id, previsao: laudoDueDate(day, 3, hours) })
      expect(protocolo.numero).toMatch(PROTOCOLO_PATTERN)
      expect(protocolo.numero.slice(0, 4)).toBe(clinicToday().slice(0, 4))
      expect((await ok('protocoloRetirada', { agendamentoId: agendamento.id })).protocolo).toEqual(protocolo)

      const other = await appointment(days, 0, ['aguardando'])
      const second = (await ok('protocoloRetirada', { agendamentoId: other.agendamento.id })).protocolo
      expect(second.numero).not.toBe(protocolo.numero)
      expect(second.previsao).toBe(day)
      expectError(await send('protocoloRetirada', { agendamentoId: someId }), 404, messages.appointmentNotFound)
    })

    it('lists a delivered laudo by the day it was delivered, with who took it (never the CPF)', async () => {
      const before = (await ok('configuracoesLaudo')).configuracoes
      await ok('salvarConfiguracoesLaudo', { ...before, assinaturaManual: true }, 'admin')
      try {
        const { agendamento, exame } = await appointment(500 + randomInt(90), 2, [
          'confirmado',
          'aguardando',
          'em_atendimento',
        ])
        const { laudo } = await ok('abrirLaudo', { agendamentoId: agendamento.id, exameId: exame.id }, doctor)
        const texto = { tecnica: 'Técnica.', relatorio: 'Sem alterações.', impressao: 'Normal.', birads: null }
        await ok('salvarLaudo', { id: laudo.id, revisao: laudo.rascunho!.revisao, ...texto }, doctor)
        await ok('liberarLaudo', { laudoId: laudo.id }, doctor)
        const cpf = makeCpf()
        await ok('entregarLaudo', { laudoId: laudo.id, recebedor: 'terceiro', nome: 'Maria Portadora', cpf })

        const today = clinicToday()
        const { entregas } = await ok('laudosEntregues', { de: today, ate: today })
        const mine = entregas.filter((e) => e.laudoId === laudo.id)
        expect(mine).toEqual([
          {
            laudoId: laudo.id,
            paciente: laudo.paciente,
            exame: exame.nome,
            dataExame: laudo.dataExame,
            versao: 1,
            entregueEm: expect.any(String),
            recebedor: 'terceiro',
            nome: 'Maria Portadora',
            entreguePor: expect.any(String),
            retificadoAposEntrega: false,
          },
        ])
        expect(JSON.stringify(entregas)).not.toContain(cpf)
        const yesterday = addDays(today, -1)
        expect(
          (await ok('laudosEntregues', { de: yesterday, ate: yesterday })).entregas.some((e) => e.laudoId === laudo.id),
        ).toBe(false)
      } finally {
        await ok('salvarConfiguracoesLaudo', before, 'admin')
      }
    })
  })
}
