// The contract suite's cases for TISS billing (issue 37, docs/tiss.md): the same answers from the server and the
// msw mock for a convênio with nothing to bill, for batches and guias that do not exist, and for a month whose
// data entry makes one appointment 'Pronta' and leaves another without its card: the batch, its file, its life.
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, tissBillingMessages as m } from '@contract'
import { agendamentoBody, makeCpf, pacienteBody, randomInt, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someId = '00000000-0000-4000-8000-00000000abcd'

/** Bodies the calls' schemas refuse (400 before any work). */
export const tissBillingBadBodies = {
  faturamentoPendentes: [
    {},
    { convenioId: someId, competencia: '2026-13' },
    { convenioId: 'x', competencia: '2026-11' },
  ],
  gerarLoteTiss: [{}, { convenioId: someId, competencia: '11/2026' }],
  lotesTiss: [{}, { convenioId: 1 }],
  xmlLoteTiss: [{}, { id: 'x' }],
  enviarLoteTiss: [
    {},
    { id: someId, data: '2026-02-30', protocolo: 'P1' },
    { id: someId, data: '2026-11-03', protocolo: '' },
  ],
  retornoGuiaTiss: [
    {},
    { id: someId, situacao: 'glosado', valorIncents: 0 },
    { id: someId, situacao: 'glosado', valorIncents: 0, glosaCodigo: '18' },
    { id: someId, situacao: 'pendente', valorIncents: 0 },
  ],
  recursoGuiaTiss: [{}, { id: someId, data: '2026-11-03', texto: '' }],
}

export function defineTissBillingCases(tools: () => SuiteTools): void {
  describe('TISS billing (issue 37)', () => {
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let convenioId: string
    beforeAll(async () => {
      ;({ ok, send, expectError } = tools())
      convenioId = (await ok('registerConvenio', { nome: `Plano TISS ${tag()}`, ans: '123456' }, 'admin')).convenio.id
    })

    it('a convênio with nothing realized in the month has nothing to bill and no batch', async () => {
      expect(await ok('faturamentoPendentes', { convenioId, competencia: '2031-03' }, 'admin')).toEqual({
        atendimentos: [],
      })
      expectError(await send('gerarLoteTiss', { convenioId, competencia: '2031-03' }, 'admin'), 400, m.nothingReady)
      expect(await ok('lotesTiss', { convenioId }, 'admin')).toEqual({ lotes: [] })
    })

    it('a batch or guia that does not exist is not found', async () => {
      expectError(await send('xmlLoteTiss', { id: someId }, 'admin'), 404, m.loteNotFound)
      expectError(
        await send('enviarLoteTiss', { id: someId, data: '2026-11-03', protocolo: 'P1' }, 'admin'),
        404,
        m.loteNotFound,
      )
      expectError(
        await send('retornoGuiaTiss', { id: someId, situacao: 'pago', valorIncents: 100 }, 'admin'),
        404,
        m.guiaNotFound,
      )
      expectError(
        await send('recursoGuiaTiss', { id: someId, data: '2026-11-03', texto: 'Recurso.' }, 'admin'),
        404,
        m.guiaNotFound,
      )
    })

    it("generates the month's batch from the data entry, the same file on every download, and follows its life", async () => {
      const { t } = tools()
      await ok(
        'salvarConfiguracoesClinica',
        {
          nome: 'Clínica Boa Imagem',
          endereco: 'Rua das Acácias, 100 — Centro, Campinas/SP',
          telefone: '(19) 3232-1000',
          cnpj: '11.222.333/0001-81',
          logo: null,
          modeloMensagem: 'Olá, {nome}! {data} às {hora}. Responda 1 para confirmar ou 2 para remarcar.',
        },
        'admin',
      )
      const laudo = (await ok('configuracoesLaudo', undefined, 'admin')).configuracoes
      await ok('salvarConfiguracoesLaudo', { ...laudo, cnes: '1234567' }, 'admin')
      const convenio = (await ok('registerConvenio', { nome: `Plano Lote ${tag()}`, ans: '654321' }, 'admin')).convenio
      await ok('definirConvenioTiss', { convenioId: convenio.id, codigoPrestador: 'PREST01' }, 'admin')
      const exame = (
        await ok(
          'registerExame',
          { nome: `US abdômen ${tag()}`, modalidade: 'US', duracao: 20, tuss: '40901122' },
          'admin',
        )
      ).exame
      const medico = (await ok('registerMedico', { nome: `Sérgio ${tag()}` }, 'admin')).medico
      await ok(
        'updateMedico',
        { id: medico.id, tratamento: 'Dr.', crm: '654321', crmUf: 'SP', especialidade: 'Radiologia' },
        'admin',
      )
      const solicitante = (
        await ok('registerSolicitante', {
          nome: 'Inês Araújo',
          conselho: 'CRM',
          numero: String(randomInt(999_999) + 1),
          uf: 'SP',
          cbo: '225125',
        })
      ).solicitante
      // a month of its own convênio; within the year ahead that booking accepts
      const day = addDays(clinicToday(), 200 + randomInt(100))
      const competencia = day.slice(0, 7)
      async function realizado(time: string, withCard: boolean) {
        const paciente = (await ok('registerPaciente', pacienteBody(t.users.staff.id, { cpf: makeCpf() }))).paciente
        if (withCard)
          await ok('definirCarteirinha', { pacienteId: paciente.id, convenioId: convenio.id, numero: '0099123' })
        let a: { id: string; versao: number } = (
          await ok(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, paciente.id, medico.id, `${day}T${time}:00.000Z`, {
              convenioId: convenio.id,
              exameIds: [exame.id],
            }),
          )
        ).agendamento
        const guia = (
          await ok('definirGuiaTiss', {
            agendamentoId: a.id,
            senhaAutorizacao: 'SENHA9',
            dataAutorizacao: clinicToday(),
            solicitanteId: solicitante.id,
            indicacaoClinica: 'Dor abdominal à direita',
          })
        ).guia
        for (const status of ['aguardando', 'em_atendimento', 'realizado'] as const)
          a = (await ok('moverStatus', { id: a.id, versao: a.versao, status })).agendamento
        return { id: a.id, numero: String(guia.numeroGuiaPrestador) }
      }
      const pronta = await realizado('09:00', true)
      const semCarteirinha = await realizado('10:00', false)

      const pendentes = (await ok('faturamentoPendentes', { convenioId: convenio.id, competencia }, 'admin'))
        .atendimentos
      expect(pendentes.map((a) => [a.agendamentoId, a.datahora, a.faltas])).toEqual([
        [pronta.id, `${day}T09:00:00`, []],
        [semCarteirinha.id, `${day}T10:00:00`, ['Falta a carteirinha']],
      ])

      const lote = (await ok('gerarLoteTiss', { convenioId: convenio.id, competencia }, 'admin')).lote
      expect(lote).toMatchObject({ convenioId: convenio.id, numero: 1, competencia, situacao: 'gerado' })
      expect(lote.hash).toMatch(/^[0-9a-f]{32}$/)
      expect(lote.guias.map((g) => [g.agendamentoId, g.numeroGuia, g.situacao])).toEqual([
        [pronta.id, pronta.numero, 'aguardando'],
      ])
      const first = await ok('xmlLoteTiss', { id: lote.id }, 'admin')
      expect(first.arquivo).toBe('lote-tiss-1.xml')
      expect((await ok('xmlLoteTiss', { id: lote.id }, 'admin')).base64).toBe(first.base64)
      const text = atob(first.base64)
      expect(text.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>')).toBe(true)
      for (const value of [
        '<ans:registroANS>654321</ans:registroANS>',
        '<ans:codigoPrestadorNaOperadora>PREST01</ans:codigoPrestadorNaOperadora>',
        `<ans:numeroGuiaPrestador>${pronta.numero}</ans:numeroGuiaPrestador>`,
        '<ans:numeroCarteira>0099123</ans:numeroCarteira>',
        // ISO-8859-1: one byte per accented letter
        '<ans:indicacaoClinica>Dor abdominal \xe0 direita</ans:indicacaoClinica>',
        `<ans:hash>${lote.hash}</ans:hash>`,
      ])
        expect(text).toContain(value)
      expect(
        (await ok('faturamentoPendentes', { convenioId: convenio.id, competencia }, 'admin')).atendimentos,
      ).toEqual([pendentes[1]])

      const guiaId = lote.guias[0]!.id
      expectError(
        await send('retornoGuiaTiss', { id: guiaId, situacao: 'pago', valorIncents: 100 }, 'admin'),
        409,
        m.loteNotSent,
      )
      const sent = (await ok('enviarLoteTiss', { id: lote.id, data: '2026-11-03', protocolo: 'PROT-88' }, 'admin')).lote
      expect(sent).toMatchObject({ situacao: 'enviado', enviadoEm: '2026-11-03', protocolo: 'PROT-88' })
      expectError(
        await send('enviarLoteTiss', { id: lote.id, data: '2026-11-04', protocolo: 'P2' }, 'admin'),
        409,
        m.loteAlreadySent,
      )
      expectError(
        await send('recursoGuiaTiss', { id: guiaId, data: '2026-11-20', texto: 'Recurso.' }, 'admin'),
        409,
        m.recursoNotGlosada,
      )
      const glosado = (
        await ok(
          'retornoGuiaTiss',
          {
            id: guiaId,
            situacao: 'glosado',
            valorIncents: 0,
            glosaCodigo: '1801',
            glosaMotivo: 'Procedimento inválido',
          },
          'admin',
        )
      ).lote.guias[0]
      expect(glosado).toMatchObject({
        situacao: 'glosado',
        valorPagoIncents: 0,
        glosaCodigo: '1801',
        glosaMotivo: 'Procedimento inválido',
      })
      const recurso = (
        await ok('recursoGuiaTiss', { id: guiaId, data: '2026-11-20', texto: 'Código conforme a TUSS.' }, 'admin')
      ).lote
      expect(recurso.guias[0]).toMatchObject({
        situacao: 'recurso',
        recursoData: '2026-11-20',
        recursoTexto: 'Código conforme a TUSS.',
      })
      expect((await ok('lotesTiss', { convenioId: convenio.id }, 'admin')).lotes).toEqual([recurso])
    })
  })
}
