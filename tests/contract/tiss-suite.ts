// The contract suite's cases for issue 37 points 1–3 (docs/decisions.md, "TISS data"): a convênio's TISS
// settings, a patient's cards, the solicitantes and an appointment's guia — the same answers from the
// server and the msw mock.
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, formatDate, messages, PARTICULAR_ID, type tissCalls } from '@contract'
import { agendamentoBody, future, makeCpf, pacienteBody, randomInt, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someId = '00000000-0000-4000-8000-000000000000'

/** Bad bodies of each call: the answer is validationErrorBody on the call's schema. */
export const tissBadBodies: Record<Exclude<keyof typeof tissCalls, 'tissConvenios' | 'solicitantes'>, unknown[]> = {
  definirConvenioTiss: [
    {},
    { convenioId: someId, codigoPrestador: '1-2' },
    { convenioId: someId, codigoPrestador: '1', guiasPorLote: 0 },
    { convenioId: someId, codigoPrestador: '1', guiasPorLote: 101 },
    { convenioId: someId, codigoPrestador: '1', versaoTiss: '03.05.00' },
    { convenioId: someId, codigoPrestador: '1', examesComAutorizacao: ['x'] },
  ],
  carteirinhasPaciente: [{}, { pacienteId: 'x' }],
  definirCarteirinha: [
    {},
    { pacienteId: someId, convenioId: someId, numero: '' },
    { pacienteId: someId, convenioId: someId, numero: '12/3' },
    { pacienteId: someId, convenioId: someId, numero: '1', validade: '31/12/2030' },
  ],
  removerCarteirinha: [{}, { id: 'x' }],
  registerSolicitante: [
    {},
    { nome: 'Ana', conselho: 'CRM', numero: '12', uf: 'SP', cbo: '12' },
    { nome: 'Ana', conselho: 'ABC', numero: '12', uf: 'SP', cbo: '225125' },
    { nome: 'Ana', conselho: 'CRM', numero: '1a', uf: 'SP', cbo: '225125' },
    { nome: 'Ana', conselho: 'CRM', numero: '12', uf: 'XX', cbo: '225125' },
  ],
  updateSolicitante: [{}, { id: someId, nome: '', conselho: 'CRM', numero: '12', uf: 'SP', cbo: '225125' }],
  guiaTiss: [{}, { agendamentoId: 'x' }],
  definirGuiaTiss: [
    {},
    { agendamentoId: someId, carater: '3' },
    { agendamentoId: someId, numeroGuiaOperadora: '12-3' },
    { agendamentoId: someId, dataAutorizacao: '2026-11-20', validadeSenha: '2026-11-19' },
    { agendamentoId: someId, validadeSenha: '2026-02-30' },
  ],
}

export function defineTissCases(tools: () => SuiteTools): void {
  describe('TISS data (issue 37)', () => {
    let t: SuiteTools['t']
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    beforeAll(() => {
      ;({ t, ok, send, expectError } = tools())
    })

    /** A convênio whose exam requires an authorisation, a patient with a card, an appointment on it. */
    async function setUp(days: number) {
      const convenio = (await ok('registerConvenio', { nome: `Convênio ${tag()}` }, 'admin')).convenio
      const exame = (await ok('registerExame', { nome: `RM ${tag()}`, modalidade: 'RM', duracao: 30 }, 'admin')).exame
      const paciente = (await ok('registerPaciente', pacienteBody(t.users.staff.id, { cpf: makeCpf() }))).paciente
      const medico = (await ok('registerMedico', { nome: `Lia ${tag()}` }, 'admin')).medico
      const body = agendamentoBody(t.users.staff.id, paciente.id, medico.id, future(days, `0${randomInt(9) + 1}:00`), {
        convenioId: convenio.id,
        exameIds: [exame.id],
      })
      const agendamento = (await ok('registerAgendamento', body)).agendamento
      return { convenio, exame, paciente, medico, agendamento }
    }

    it("ADMIN saves a convênio's codes; everyone reads them, defaults until then", async () => {
      const { convenio, exame } = await setUp(20)
      const before = (await ok('tissConvenios')).convenios.find((c) => c.convenioId === convenio.id)
      expect(before).toEqual({
        convenioId: convenio.id,
        codigoPrestador: '',
        versaoTiss: '04.03.00',
        guiasPorLote: 100,
        examesComAutorizacao: [],
      })
      const body = {
        convenioId: convenio.id,
        codigoPrestador: ' 0042 ',
        guiasPorLote: 30,
        examesComAutorizacao: [exame.id],
      }
      const saved = (await ok('definirConvenioTiss', body, 'admin')).convenio
      expect(saved).toEqual({ ...body, codigoPrestador: '0042', versaoTiss: '04.03.00' })
      expect((await ok('tissConvenios')).convenios).toContainEqual(saved)
      expectError(await send('definirConvenioTiss', body, 'staff'), 403, messages.forbidden)
      expectError(
        await send('definirConvenioTiss', { ...body, convenioId: someId }, 'admin'),
        404,
        messages.convenioNotFound,
      )
      expectError(
        await send('definirConvenioTiss', { ...body, examesComAutorizacao: [someId] }, 'admin'),
        404,
        messages.exameNotFound,
      )
    })

    it('a patient keeps one card per convênio', async () => {
      const { convenio, paciente } = await setUp(21)
      const first = (
        await ok('definirCarteirinha', {
          pacienteId: paciente.id,
          convenioId: convenio.id,
          numero: '123',
          plano: 'Ouro',
        })
      ).carteirinha
      const second = (
        await ok('definirCarteirinha', {
          pacienteId: paciente.id,
          convenioId: convenio.id,
          numero: ' 456 ',
          validade: '2031-01-31',
        })
      ).carteirinha
      expect(second).toEqual({ ...first, numero: '456', plano: '', validade: '2031-01-31' })
      expect((await ok('carteirinhasPaciente', { pacienteId: paciente.id })).carteirinhas).toEqual([second])
      expectError(
        await send('definirCarteirinha', { pacienteId: someId, convenioId: convenio.id, numero: '1' }),
        404,
        messages.patientNotFound,
      )
      expect(await ok('removerCarteirinha', { id: second.id })).toEqual({ ok: true })
      expect((await ok('carteirinhasPaciente', { pacienteId: paciente.id })).carteirinhas).toEqual([])
      expectError(await send('removerCarteirinha', { id: second.id }), 404, messages.tissCarteirinhaNotFound)
    })

    it('solicitantes are unique per council, number and UF', async () => {
      const body = {
        nome: `Paulo ${tag()}`,
        conselho: 'CRM',
        numero: String(100_000 + randomInt(800_000)),
        uf: 'MG',
        cbo: '225125',
      }
      const created = (await ok('registerSolicitante', body)).solicitante
      expect(created).toEqual({ ...body, id: created.id })
      expectError(await send('registerSolicitante', body), 409, messages.tissSolicitanteTaken)
      const updated = (await ok('updateSolicitante', { ...body, id: created.id, cbo: '225320' })).solicitante
      expect(updated.cbo).toBe('225320')
      expect((await ok('solicitantes')).solicitantes).toContainEqual(updated)
      expectError(await send('updateSolicitante', { ...body, id: someId }), 404, messages.tissSolicitanteNotFound)
    })

    it('a guia gets our next number once; warnings; Realizado asks for the senha the exam requires', async () => {
      const { convenio, exame, paciente, medico, agendamento } = await setUp(22)
      const laudo = (await ok('configuracoesLaudo', undefined, 'admin')).configuracoes
      await ok('salvarConfiguracoesLaudo', { ...laudo, cnes: '1234567' }, 'admin')
      await ok(
        'definirConvenioTiss',
        { convenioId: convenio.id, codigoPrestador: '1', examesComAutorizacao: [exame.id] },
        'admin',
      )
      expect(await ok('guiaTiss', { agendamentoId: agendamento.id })).toEqual({ guia: null, avisos: [] })
      const vence = addDays(clinicToday(), 2)
      await ok('definirCarteirinha', { pacienteId: paciente.id, convenioId: convenio.id, numero: '9', validade: vence })
      const solicitante = (
        await ok('registerSolicitante', {
          nome: 'Rita Dias',
          conselho: 'CRP',
          numero: String(randomInt(99_999) + 1),
          uf: 'BA',
          cbo: '251510',
        })
      ).solicitante
      const first = await ok('definirGuiaTiss', {
        agendamentoId: agendamento.id,
        solicitanteId: solicitante.id,
        carater: '2',
        indicacaoClinica: 'Dor lombar',
      })
      expect(first.guia).toEqual({
        agendamentoId: agendamento.id,
        convenioId: convenio.id,
        numeroGuiaPrestador: 1,
        numeroGuiaOperadora: '',
        senhaAutorizacao: '',
        dataAutorizacao: null,
        validadeSenha: null,
        solicitante,
        carater: '2',
        indicacaoClinica: 'Dor lombar',
        // the printed guia's executing part: the clinic's CNES; a doctor without CRM gives blanks
        executante: { cnes: '1234567', crm: '', crmUf: '' },
      })
      expect(first.avisos).toEqual([messages.tissCarteirinhaVencida.replace('{data}', formatDate(vence))])

      let a: { id: string; versao: number } = agendamento
      for (const status of ['aguardando', 'em_atendimento'] as const)
        a = (await ok('moverStatus', { id: a.id, versao: a.versao, status })).agendamento
      expectError(
        await send('moverStatus', { id: a.id, versao: a.versao, status: 'realizado' }),
        409,
        messages.tissSenhaObrigatoria,
      )

      const second = await ok('definirGuiaTiss', {
        agendamentoId: agendamento.id,
        senhaAutorizacao: 'X1',
        dataAutorizacao: clinicToday(),
        validadeSenha: vence,
        numeroGuiaOperadora: '777',
      })
      expect(second.guia).toMatchObject({
        numeroGuiaPrestador: 1,
        senhaAutorizacao: 'X1',
        numeroGuiaOperadora: '777',
        solicitante: null,
      })
      await ok(
        'updateMedico',
        { id: medico.id, tratamento: 'Dra.', crm: '765432', crmUf: 'RJ', especialidade: 'Radiologia' },
        'admin',
      )
      expect((await ok('guiaTiss', { agendamentoId: agendamento.id })).guia?.executante).toEqual({
        cnes: '1234567',
        crm: '765432',
        crmUf: 'RJ',
      })
      expect(second.avisos).toHaveLength(2)
      expect((await ok('moverStatus', { id: a.id, versao: a.versao, status: 'realizado' })).agendamento.status).toBe(
        'realizado',
      )

      const outra = (
        await ok(
          'registerAgendamento',
          agendamentoBody(t.users.staff.id, paciente.id, agendamento.medicoId, future(23), { convenioId: convenio.id }),
        )
      ).agendamento
      expect((await ok('definirGuiaTiss', { agendamentoId: outra.id })).guia.numeroGuiaPrestador).toBe(2)
      const particular = (
        await ok(
          'registerAgendamento',
          agendamentoBody(t.users.staff.id, paciente.id, agendamento.medicoId, future(24), {
            convenioId: PARTICULAR_ID,
          }),
        )
      ).agendamento
      expectError(await send('definirGuiaTiss', { agendamentoId: particular.id }), 409, messages.tissNotConvenio)
      expectError(await send('guiaTiss', { agendamentoId: someId }), 404, messages.appointmentNotFound)
    })
  })
}
