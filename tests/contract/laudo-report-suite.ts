// The contract suite's cases for the laudos in the reports (issue 36 point 9, contract/laudo-report.ts): a
// small fixed set of exams whose figures are written out by hand below, checked on every target so that the
// mock's figures (src/mocks/laudo-report.ts) and PostgreSQL's (server/repositories/laudo-report.ts) cannot
// drift. The released laudos' turnaround is proven on the server (tests/server/laudo-report.test.ts) and on
// the mock (tests/web/reports/laudo-report.test.tsx), where its hours can be chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicHours, clinicToday, laudoDueDate, messages, type CallAnswer } from '@contract'
import { agendamentoBody, pacienteBody, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someDay = '2026-05-10'
export const laudoReportBadBodies = {
  relatorioLaudos: [{}, { de: someDay }, { de: someDay, ate: '2026-05-09' }, { de: someDay, ate: someDay, x: 1 }],
}

const none = {
  laudos: 0,
  pendentes: 0,
  emEdicao: 0,
  liberados: 0,
  entregues: 0,
  atrasados: 0,
  comTempo: 0,
  liberadosNoPrazo: 0,
  liberadosComAtraso: 0,
  horasMediana: null,
  horasP90: null,
}

export function defineLaudoReportCases(tools: () => SuiteTools): void {
  describe('the laudos in the reports (issue 36 point 9)', () => {
    let t: SuiteTools['t']
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    // a Friday (and its Saturday, the empty range) past every day the other cases book on (they reach
    // 700 days ahead) and within the two years a booking may be made ahead
    let D = addDays(clinicToday(), 705)
    while (new Date(`${D}T12:00:00.000Z`).getUTCDay() !== 5) D = addDays(D, 1)
    let ana: string
    let bruno: string
    let due: string

    beforeAll(async () => {
      ;({ t, ok, send, expectError } = tools())
      ana = (await ok('registerMedico', { nome: `Ana Laudo ${tag()}` }, 'admin')).medico.id
      bruno = (await ok('registerMedico', { nome: `Bruno Laudo ${tag()}` }, 'admin')).medico.id
      const exame = async (modalidade: string) =>
        (await ok('registerExame', { nome: `${modalidade} laudo ${tag()}`, modalidade, duracao: 20 }, 'admin')).exame.id
      const rx = await exame('RX')
      const us = await exame('US')
      const pacienteId = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente.id
      const book = async (medico: string, time: string, exameIds: string[], attended: boolean) => {
        let a: CallAnswer<'registerAgendamento'>['agendamento'] = (
          await ok(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, pacienteId, medico, `${D}T${time}:00.000Z`, { exameIds }),
          )
        ).agendamento
        if (attended)
          for (const status of ['confirmado', 'aguardando', 'em_atendimento'])
            a = (await ok('moverStatus', { id: a.id, versao: a.versao, status })).agendamento
        return a
      }
      // Ana: RX + US attended, the RX laudo written (Em edição), the US one never opened (Pendente);
      // Bruno: RX attended, never opened; Ana: US booked only (no laudo is due for it)
      const a1 = await book(ana, '08:00', [rx, us], true)
      await book(bruno, '09:00', [rx], true)
      await book(ana, '10:00', [us], false)
      const { laudo } = await ok('abrirLaudo', { agendamentoId: a1.id, exameId: rx }, 'admin')
      await ok(
        'salvarLaudo',
        { id: laudo.id, revisao: 0, tecnica: 'PA e perfil.', relatorio: 'Normal.', impressao: '', birads: null },
        'admin',
      )
      // every exam has the default prazo: 2 days the clinic opens
      due = laudoDueDate(D, 2, clinicHours((await ok('configuracoesClinica')).configuracoes.horarios))
    })
    afterAll(() => t.setClock!(undefined))

    const report = async () => ok('relatorioLaudos', { de: D, ate: D }, 'admin')

    it('counts the exams that need a laudo by state, doctor and modality; late only past the Previsão', async () => {
      // on the Previsão day itself nothing is late yet
      t.setClock!(new Date(`${due}T23:00:00.000Z`))
      const onTime = await report()
      expect(onTime.totais).toEqual({ ...none, laudos: 3, pendentes: 2, emEdicao: 1 })
      // the next day all three are late
      t.setClock!(new Date(`${addDays(due, 1)}T12:00:00.000Z`))
      const late = await report()
      expect(late).toEqual({
        de: D,
        ate: D,
        totais: { ...none, laudos: 3, pendentes: 2, emEdicao: 1, atrasados: 3 },
        porMedico: [
          {
            chave: ana,
            rotulo: expect.stringMatching(/^ana laudo/i),
            ...none,
            laudos: 2,
            pendentes: 1,
            emEdicao: 1,
            atrasados: 2,
          },
          {
            chave: bruno,
            rotulo: expect.stringMatching(/^bruno laudo/i),
            ...none,
            laudos: 1,
            pendentes: 1,
            atrasados: 1,
          },
        ],
        porModalidade: [
          { chave: 'RX', rotulo: 'Raio-X', ...none, laudos: 2, pendentes: 1, emEdicao: 1, atrasados: 2 },
          { chave: 'US', rotulo: 'Ultrassonografia', ...none, laudos: 1, pendentes: 1, atrasados: 1 },
        ],
      })
    })

    it('a range without exams answers zeros; the front desk sees only today', async () => {
      t.setClock!(undefined)
      const empty = addDays(D, 1)
      expect(await ok('relatorioLaudos', { de: empty, ate: empty }, 'admin')).toEqual({
        de: empty,
        ate: empty,
        totais: none,
        porMedico: [],
        porModalidade: [],
      })
      expectError(await send('relatorioLaudos', { de: D, ate: D }, 'staff'), 403, messages.reportStaffTodayOnly)
      const today = clinicToday()
      expect((await ok('relatorioLaudos', { de: today, ate: today }, 'staff')).de).toBe(today)
    })
  })
}
