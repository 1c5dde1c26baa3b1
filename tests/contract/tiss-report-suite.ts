// The contract suite's cases for TISS in the reports (issue 37 point 5, contract/tiss-report.ts): a convênio of
// its own with a month whose figures are written out by hand below — booked, billed, paid, glossed, one guia not
// billed for want of a card, one cancelled booking left out — and the next month's booking, checked on every
// target so that the mock's figures (src/mocks/tiss-report.ts) and PostgreSQL's
// (server/repositories/tiss-report.ts) cannot drift.
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, messages, type LinhaFaturamento, type Status } from '@contract'
import { agendamentoBody, makeCpf, pacienteBody, randomInt, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someDay = '2026-05-10'
export const tissReportBadBodies = {
  relatorioFaturamento: [{}, { de: someDay }, { de: someDay, ate: '2026-05-09' }, { de: someDay, ate: '2027-05-12' }],
}

const zeros = { guias: 0, faturadoInCents: 0, recebidoInCents: 0, glosadoInCents: 0, aguardando: 0 }

export function defineTissReportCases(tools: () => SuiteTools): void {
  describe('TISS in the reports (issue 37 point 5)', () => {
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let convenio: { id: string; nome: string }
    let day: string
    let nextMonth: string
    let range: { de: string; ate: string }
    let loteId: string
    let guiaIds: string[]
    const mine = async () =>
      (await ok('relatorioFaturamento', range, 'admin')).linhas.filter((l) => l.convenioId === convenio.id)

    beforeAll(async () => {
      ;({ ok, send, expectError } = tools())
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
      convenio = (await ok('registerConvenio', { nome: `Plano Relatório ${tag()}`, ans: '765432' }, 'admin')).convenio
      await ok('definirConvenioTiss', { convenioId: convenio.id, codigoPrestador: 'PREST02' }, 'admin')
      const exame = (
        await ok(
          'registerExame',
          { nome: `RX tórax ${tag()}`, modalidade: 'RX', duracao: 15, tuss: '40805026' },
          'admin',
        )
      ).exame
      const medico = (await ok('registerMedico', { nome: `Célia ${tag()}` }, 'admin')).medico
      await ok(
        'updateMedico',
        { id: medico.id, tratamento: 'Dra.', crm: '123987', crmUf: 'SP', especialidade: 'Radiologia' },
        'admin',
      )
      const solicitante = (
        await ok('registerSolicitante', {
          nome: 'Otávio Lima',
          conselho: 'CRM',
          numero: String(randomInt(999_999) + 1),
          uf: 'SP',
          cbo: '225125',
        })
      ).solicitante
      // a day in the first half of a month ahead, so that its month and the next fit in one range
      day = addDays(clinicToday(), 120 + randomInt(60))
      day = `${day.slice(0, 8)}${String(1 + randomInt(14)).padStart(2, '0')}`
      nextMonth = addDays(`${day.slice(0, 8)}28`, 7).slice(0, 7)
      range = { de: `${day.slice(0, 8)}01`, ate: `${nextMonth}-01` }

      // the guia's value is the exam's price fixed at booking: each booking gets the price of its value
      async function book(date: string, time: string, valorIncents: number, withCard: boolean) {
        await ok('definirPreco', { exameId: exame.id, convenioId: convenio.id, valorIncents }, 'admin')
        const paciente = (await ok('registerPaciente', pacienteBody(t.users.staff.id, { cpf: makeCpf() }))).paciente
        if (withCard)
          await ok('definirCarteirinha', { pacienteId: paciente.id, convenioId: convenio.id, numero: '0077123' })
        const a: { id: string; versao: number } = (
          await ok(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, paciente.id, medico.id, `${date}T${time}:00.000Z`, {
              convenioId: convenio.id,
              exameIds: [exame.id],
              valorIncents,
            }),
          )
        ).agendamento
        await ok('definirGuiaTiss', {
          agendamentoId: a.id,
          senhaAutorizacao: 'SENHA7',
          dataAutorizacao: clinicToday(),
          solicitanteId: solicitante.id,
          indicacaoClinica: 'Tosse há três semanas',
        })
        return a
      }
      async function move(
        a: { id: string; versao: number },
        statuses: readonly Status[],
        extra: { motivo?: 'paciente' } = {},
      ) {
        for (const status of statuses)
          a = (await ok('moverStatus', { id: a.id, versao: a.versao, status, ...extra })).agendamento
      }
      const realizado = ['aguardando', 'em_atendimento', 'realizado'] as const
      await move(await book(day, '09:00', 25_000, true), realizado)
      await move(await book(day, '10:00', 18_000, true), realizado)
      // realized without a card: booked, not billed
      await move(await book(day, '11:00', 12_000, false), realizado)
      // cancelled: left out of what was booked
      await move(await book(day, '12:00', 30_000, true), ['cancelado'], { motivo: 'paciente' })
      // the next month: booked only
      await book(`${nextMonth}-01`, '09:00', 40_000, true)

      const lote = (await ok('gerarLoteTiss', { convenioId: convenio.id, competencia: day.slice(0, 7) }, 'admin')).lote
      loteId = lote.id
      // the 09:00 guia (25 000) first, then the 10:00 one (18 000)
      guiaIds = [...lote.guias].sort((a, b) => b.valorIncents - a.valorIncents).map((g) => g.id)
    })

    it('a batch generated: booked beside billed, both guias awaiting their return', async () => {
      expect(guiaIds).toHaveLength(2)
      const rows: LinhaFaturamento[] = await mine()
      expect(rows).toEqual([
        {
          convenioId: convenio.id,
          convenio: convenio.nome,
          competencia: day.slice(0, 7),
          agendamentos: 3,
          agendadoInCents: 55_000,
          guias: 2,
          faturadoInCents: 43_000,
          recebidoInCents: 0,
          glosadoInCents: 0,
          aguardando: 2,
        },
        {
          convenioId: convenio.id,
          convenio: convenio.nome,
          competencia: nextMonth,
          agendamentos: 1,
          agendadoInCents: 40_000,
          ...zeros,
        },
      ])
    })

    it("the operadora's return: 'Pago' is received, 'Glosado' received in part and glossed the rest", async () => {
      await ok('enviarLoteTiss', { id: loteId, data: clinicToday(), protocolo: 'PROT-91' }, 'admin')
      await ok('retornoGuiaTiss', { id: guiaIds[0]!, situacao: 'pago', valorIncents: 25_000 }, 'admin')
      await ok(
        'retornoGuiaTiss',
        { id: guiaIds[1]!, situacao: 'glosado', valorIncents: 5_000, glosaCodigo: '1801', glosaMotivo: 'Sem laudo' },
        'admin',
      )
      const [month] = await mine()
      expect(month).toMatchObject({
        agendamentos: 3,
        agendadoInCents: 55_000,
        guias: 2,
        faturadoInCents: 43_000,
        recebidoInCents: 30_000,
        glosadoInCents: 13_000,
        aguardando: 0,
      })
      // a recurso keeps the figures: nothing is paid until the operadora answers it
      await ok('recursoGuiaTiss', { id: guiaIds[1]!, data: clinicToday(), texto: 'Laudo anexado.' }, 'admin')
      expect((await mine())[0]).toEqual(month)
    })

    it('a range without convênio bookings answers no rows; the front desk sees only today', async () => {
      const empty = addDays(range.ate, 1)
      expect(
        (await ok('relatorioFaturamento', { de: empty, ate: empty }, 'admin')).linhas.filter(
          (l) => l.convenioId === convenio.id,
        ),
      ).toEqual([])
      expectError(await send('relatorioFaturamento', range, 'staff'), 403, messages.reportStaffTodayOnly)
      const today = clinicToday()
      expect((await ok('relatorioFaturamento', { de: today, ate: today }, 'staff')).de).toBe(today)
    })
  })
}
