// The contract suite's cases for reports (contract/reports.ts): a small fixed data set whose figures are
// written out by hand below — a day whose last appointment is served after the clinic's midnight, a
// cancelled-and-rebooked slot, a late and an early cancellation — checked on every target, so that the
// mock's figures (src/mocks/reports.ts) and PostgreSQL's (server/repositories/reports.ts) cannot drift.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, messages, PARTICULAR_ID, type Agendamento, type Status } from '@contract'
import { agendamentoBody, pacienteBody, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'
import type { ContractTarget } from './targets'

const someDay = '2026-05-10'
/** Bad bodies of each call: the answer is validationErrorBody on the call's schema. */
export const reportBadBodies = {
  relatorio: [
    {},
    { de: someDay },
    { de: '2026-02-30', ate: someDay },
    { de: someDay, ate: '2026-05-09' },
    { de: '2026-01-01', ate: '2027-01-02' },
    { de: someDay, ate: someDay, medico: 'x' },
  ],
  relatorioAgendamentos: [{}, { de: 20260510, ate: someDay }, { de: someDay, ate: '2026-04-01' }],
}

/** The real instant (ISO) of the clinic's wall-clock `day` `time` (UTC−3, docs/product.md §12). */
const real = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00.000Z`) + 3 * 3_600_000)

export function defineReportCases(tools: () => SuiteTools): void {
  describe('reports', () => {
    let t: ContractTarget
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    // a window no other case books in (tests/contract/fixtures.ts, future); D3 a Wednesday, inside the clinic's default hours
    // (docs/decisions.md "Opening hours": /agendamento/agendar refuses a day the clinic does not open)
    const D = wednesdayFrom(addDays(clinicToday(), 600), -3)
    const D1 = addDays(D, 1)
    // payments, catalogue exams and a machine (#12, #13), on a day of their own
    const D3 = addDays(D, 3)
    const D4 = addDays(D, 4)
    let usNome: string
    let e1: { id: string; nome: string }
    const ids: Record<string, Agendamento> = {}
    let ana: string
    let bruno: string

    /** Moves `a` through `steps`, each at the clinic's wall-clock time given. */
    async function walk(a: Agendamento, steps: [Status, string, string][]) {
      let current = a
      for (const [status, day, time] of steps) {
        t.setClock!(real(day, time))
        const motivo = status === 'cancelado' ? { motivo: 'paciente' } : {}
        current = (await ok('moverStatus', { id: current.id, versao: current.versao, status, ...motivo })).agendamento
      }
      return current
    }

    beforeAll(async () => {
      ;({ t, ok, send, expectError } = tools())
      ana = (await ok('registerMedico', { nome: `Ana ${tag()}` }, 'admin')).medico.id
      bruno = (await ok('registerMedico', { nome: `Bruno ${tag()}` }, 'admin')).medico.id
      const paciente = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente.id
      const book = async (key: string, medico: string, day: string, time: string, extra: Record<string, unknown>) =>
        (ids[key] = (
          await ok(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, paciente, medico, `${day}T${time}:00.000Z`, extra),
          )
        ).agendamento)
      const arrive = (day: string, time: string): [Status, string, string][] => [
        ['confirmado', day, time],
        ['aguardando', day, time],
      ]
      const a1 = await book('a1', ana, D, '08:00', {
        convenio: 'Unimed',
        exames: ['Raio-X', 'Ultrassom'],
        valorIncents: 10_000,
        estaPago: true,
      })
      await walk(a1, [...arrive(D, '07:50'), ['em_atendimento', D, '08:10'], ['realizado', D, '08:30']])
      const a2 = await book('a2', ana, D, '09:00', { convenio: '', exames: ['Raio-X'], valorIncents: 5_000 })
      await walk(a2, [['faltou', D, '09:40']])
      // cancelled 22 hours before (late), then the same slot booked again
      const a3 = await book('a3', bruno, D, '10:00', {
        convenio: 'Unimed',
        exames: ['Tomografia'],
        valorIncents: 30_000,
        estaPago: true,
      })
      await walk(a3, [['cancelado', addDays(D, -1), '12:00']])
      await book('a4', bruno, D, '10:00', { convenio: 'Unimed', exames: ['Tomografia'], valorIncents: 30_000 })
      // cancelled three days before: not late
      const a5 = await book('a5', bruno, D, '11:00', {
        convenio: 'Bradesco',
        exames: ['Ultrassom'],
        valorIncents: 20_000,
        estaPago: true,
      })
      await walk(a5, [['cancelado', addDays(D, -3), '11:00']])
      // 23:30 on D, served after the clinic's midnight: still D's
      const a6 = await book('a6', ana, D, '23:30', {
        convenio: 'Bradesco',
        exames: ['Raio-X'],
        valorIncents: 8_000,
        estaPago: true,
      })
      await walk(a6, [...arrive(D, '23:20'), ['em_atendimento', D1, '00:00'], ['realizado', D1, '00:30']])
      const a7 = await book('a7', bruno, D1, '00:30', { convenio: 'Unimed', exames: ['Raio-X'], valorIncents: 12_000 })
      await walk(a7, [...arrive(D1, '00:25'), ['em_atendimento', D1, '00:45']])
      // D3: b1 two catalogue exams (RX 100,00 + US 60,00) on E1, paid PIX 100,00 + dinheiro 60,00; b2 one US
      // exam on E1, 20,00 of 60,00 paid by débito; b3 free text, marked paid, no payment, no machine; b4 RX on
      // E1, cancelled
      t.setClock!(undefined)
      e1 = (await ok('registerEquipamento', { nome: `E-${tag(4)}`, modalidades: ['RX', 'US'], horarios: [] }, 'admin'))
        .equipamento
      const exame = async (modalidade: string, preco: number) => {
        const id = (await ok('registerExame', { nome: `${modalidade} ${tag()}`, modalidade, duracao: 20 }, 'admin'))
          .exame.id
        await ok('definirPreco', { exameId: id, convenioId: PARTICULAR_ID, valorIncents: preco }, 'admin')
        return id
      }
      const rx = await exame('RX', 10_000)
      const us = await exame('US', 6_000)
      const agendar = async (key: string, time: string, extra: Record<string, unknown>) =>
        (ids[key] = (
          await ok('agendar', agendamentoBody(t.users.staff.id, paciente, ana, `${D3}T${time}:00.000Z`, extra))
        ).agendamento)
      const catalogue = (exameIds: string[], valorIncents: number) => ({
        // a free-text exam beside the catalogue's: the modalities come from the copies only
        exames: ['Laudo'],
        exameIds,
        convenioId: PARTICULAR_ID,
        valorIncents,
        equipamentoId: e1.id,
      })
      const b1 = await agendar('b1', '08:00', catalogue([rx, us], 16_000))
      const b2 = await agendar('b2', '09:00', catalogue([us], 6_000))
      await agendar('b3', '11:00', { convenio: '', exames: ['Laudo'], valorIncents: 5_000, estaPago: true })
      const b4 = await agendar('b4', '10:00', catalogue([rx], 10_000))
      const pay = (a: Agendamento, forma: string, valorIncents: number) =>
        ok('registrarPagamento', { agendamentoId: a.id, forma, valorIncents, data: clinicToday() })
      await pay(b1, 'pix', 10_000)
      await pay(b1, 'dinheiro', 6_000)
      await pay(b2, 'debito', 2_000)
      await walk(b4, [['cancelado', addDays(D3, -5), '10:00']])
      // D4 (issue 34): a free-text exam named as a catalogue exam is, whatever its case; a start recorded
      // before the arrival (the clock moved back) is no wait at all
      t.setClock!(undefined)
      usNome = `US abdome ${tag()}`
      await ok('registerExame', { nome: usNome, modalidade: 'US', duracao: 20 }, 'admin')
      const c1 = await book('c1', ana, D4, '08:00', {
        exames: [usNome.toUpperCase()],
        valorIncents: 7_000,
        estaPago: true,
      })
      await walk(c1, [...arrive(D4, '07:50'), ['em_atendimento', D4, '08:05']])
      const c2 = await book('c2', bruno, D4, '09:00', { exames: ['Laudo'], valorIncents: 3_000 })
      await walk(c2, [...arrive(D4, '09:20'), ['em_atendimento', D4, '09:00']])
      t.setClock!(real(D, '15:00'))
    })
    afterAll(() => t.setClock!(undefined))

    const fig = (
      agendamentos: number,
      realizados: number,
      faltas: number,
      cancelados: number,
      agendado: number,
      recebido: number,
    ) => ({
      agendamentos,
      realizados,
      faltas,
      cancelados,
      valorAgendadoInCents: agendado,
      valorRecebidoInCents: recebido,
    })

    it("D's figures, by hand", async () => {
      const r = await ok('relatorio', { de: D, ate: D }, 'admin')
      expect(r.totais).toEqual({
        ...fig(6, 2, 1, 2, 53_000, 18_000),
        cancelamentosTardios: 1,
        taxaFaltas: 1 / 3,
        esperaMediaMinutos: 30,
        atendimentosComEspera: 2,
      })
      expect(r.porStatus).toEqual([
        { status: 'agendado', agendamentos: 1 },
        { status: 'confirmado', agendamentos: 0 },
        { status: 'aguardando', agendamentos: 0 },
        { status: 'em_atendimento', agendamentos: 0 },
        { status: 'realizado', agendamentos: 2 },
        { status: 'faltou', agendamentos: 1 },
        { status: 'cancelado', agendamentos: 2 },
      ])
      expect(r.por.convenio).toEqual([
        { chave: 'Unimed', rotulo: 'Unimed', ...fig(3, 1, 0, 1, 40_000, 10_000) },
        { chave: 'Bradesco', rotulo: 'Bradesco', ...fig(2, 1, 0, 1, 8_000, 8_000) },
        { chave: '', rotulo: 'Sem convênio', ...fig(1, 0, 1, 0, 5_000, 0) },
      ])
      expect(r.por.exame).toEqual([
        { chave: 'Raio-X', rotulo: 'Raio-X', ...fig(3, 2, 1, 0, 23_000, 18_000) },
        { chave: 'Tomografia', rotulo: 'Tomografia', ...fig(2, 0, 0, 1, 30_000, 0) },
        { chave: 'Ultrassom', rotulo: 'Ultrassom', ...fig(2, 1, 0, 1, 10_000, 10_000) },
      ])
      const medicos = [
        { chave: ana, ...fig(3, 2, 1, 0, 23_000, 18_000) },
        { chave: bruno, ...fig(3, 0, 0, 2, 30_000, 0) },
      ].sort((x, y) => (x.chave < y.chave ? -1 : 1))
      expect(r.por.medico.map(({ rotulo: _r, ...rest }) => rest)).toEqual(medicos)
      expect(r.por.medico.find((m) => m.chave === ana)?.rotulo).toMatch(/^Ana /)
      // no payment, catalogue exam nor machine on D: paid ones under '', everything under 'Sem …'
      expect(r.por.formaPagamento).toEqual([
        { chave: '', rotulo: 'Pago sem forma registrada', ...fig(4, 2, 0, 2, 18_000, 18_000) },
      ])
      expect(r.por.modalidade).toEqual([{ chave: '', rotulo: 'Sem modalidade', ...fig(6, 2, 1, 2, 53_000, 18_000) }])
      expect(r.por.equipamento).toEqual([{ chave: '', rotulo: 'Sem equipamento', ...fig(6, 2, 1, 2, 53_000, 18_000) }])
      const dow = new Date(`${D}T00:00:00Z`).getUTCDay()
      expect(r.horarios).toEqual([8, 9, 10, 23].map((hora) => ({ diaSemana: dow, hora, agendamentos: 1 })))
    })

    it('the next day holds only its own appointment; a range adds both', async () => {
      const next = await ok('relatorio', { de: D1, ate: D1 }, 'admin')
      expect(next.totais).toMatchObject({ ...fig(1, 0, 0, 0, 12_000, 0), taxaFaltas: null, esperaMediaMinutos: 20 })
      expect(next.porStatus.find((s) => s.status === 'em_atendimento')?.agendamentos).toBe(1)
      const both = await ok('relatorio', { de: D, ate: D1 }, 'admin')
      // (20 + 40 + 20) / 3 = 26.7 → 27
      expect(both.totais).toMatchObject({
        ...fig(7, 2, 1, 2, 65_000, 18_000),
        esperaMediaMinutos: 27,
        atendimentosComEspera: 3,
      })
      const empty = await ok('relatorio', { de: addDays(D, 2), ate: addDays(D, 2) }, 'admin')
      expect(empty).toMatchObject({ totais: { ...fig(0, 0, 0, 0, 0, 0), taxaFaltas: null, esperaMediaMinutos: null } })
      expect(empty.por).toEqual({
        convenio: [],
        exame: [],
        medico: [],
        formaPagamento: [],
        modalidade: [],
        equipamento: [],
      })
      expect(empty.horarios).toEqual([])
    })

    it('payments, modalities and machines (D3), by hand', async () => {
      const r = await ok('relatorio', { de: D3, ate: D3 }, 'admin')
      // received: b1 its payments 160,00, b2 its payment 20,00, b3 its value (marked paid) 50,00
      expect(r.totais).toMatchObject(fig(4, 0, 0, 1, 27_000, 23_000))
      expect(r.por.formaPagamento).toEqual([
        { chave: '', rotulo: 'Pago sem forma registrada', ...fig(1, 0, 0, 0, 5_000, 5_000) },
        { chave: 'debito', rotulo: 'Cartão de débito', ...fig(1, 0, 0, 0, 6_000, 2_000) },
        { chave: 'dinheiro', rotulo: 'Dinheiro', ...fig(1, 0, 0, 0, 16_000, 6_000) },
        { chave: 'pix', rotulo: 'PIX', ...fig(1, 0, 0, 0, 16_000, 10_000) },
      ])
      // by the copies' prices; received only once paid in full (b1), so b2's 20,00 shows by form only
      expect(r.por.modalidade).toEqual([
        { chave: 'RX', rotulo: 'Raio-X', ...fig(2, 0, 0, 1, 10_000, 10_000) },
        { chave: 'US', rotulo: 'Ultrassonografia', ...fig(2, 0, 0, 0, 12_000, 6_000) },
        { chave: '', rotulo: 'Sem modalidade', ...fig(1, 0, 0, 0, 5_000, 5_000) },
      ])
      expect(r.por.equipamento).toEqual([
        { chave: e1.id, rotulo: e1.nome, ...fig(3, 0, 0, 1, 22_000, 18_000) },
        { chave: '', rotulo: 'Sem equipamento', ...fig(1, 0, 0, 0, 5_000, 5_000) },
      ])
      const { linhas } = await ok('relatorioAgendamentos', { de: D3, ate: D3 }, 'admin')
      const row = (key: string) => linhas.find((l) => l.id === ids[key]!.id)
      expect(row('b1')).toMatchObject({
        recebidoIncents: 16_000,
        estapago: true,
        formasPagamento: ['pix', 'dinheiro'],
        modalidades: ['RX', 'US'],
        equipamento: e1.nome,
      })
      expect(row('b2')).toMatchObject({ recebidoIncents: 2_000, estapago: false, formasPagamento: ['debito'] })
      expect(row('b3')).toMatchObject({
        recebidoIncents: 5_000,
        formasPagamento: [],
        modalidades: [],
        equipamento: null,
      })
    })

    it('a wait is never negative; a free-text exam takes its catalogue modality (D4)', async () => {
      const r = await ok('relatorio', { de: D4, ate: D4 }, 'admin')
      expect(r.totais).toMatchObject({ esperaMediaMinutos: 15, atendimentosComEspera: 1 })
      expect(r.por.modalidade).toEqual([
        { chave: '', rotulo: 'Sem modalidade', ...fig(1, 0, 0, 0, 3_000, 0) },
        { chave: 'US', rotulo: 'Ultrassonografia', ...fig(1, 0, 0, 0, 7_000, 7_000) },
      ])
      const { linhas } = await ok('relatorioAgendamentos', { de: D4, ate: D4 }, 'admin')
      expect(linhas.find((l) => l.id === ids.c1!.id)).toMatchObject({ modalidades: ['US'] })
      expect(linhas.find((l) => l.id === ids.c2!.id)).toMatchObject({ modalidades: [] })
    })

    it("the spreadsheet's rows: every appointment of the range by time", async () => {
      const { linhas } = await ok('relatorioAgendamentos', { de: D, ate: D }, 'admin')
      const slot10 = [ids.a3!.id, ids.a4!.id].sort()
      expect(linhas.map((l) => l.id)).toEqual([ids.a1!.id, ids.a2!.id, ...slot10, ids.a5!.id, ids.a6!.id])
      const a6 = linhas.find((l) => l.id === ids.a6!.id)!
      expect(a6).toMatchObject({
        datahora: `${D}T23:30:00.000Z`,
        convenio: 'Bradesco',
        exames: ['Raio-X'],
        status: 'realizado',
        valorIncents: 8_000,
        estapago: true,
        cancelamentoTardio: false,
      })
      expect([Date.parse(a6.chegada!), Date.parse(a6.inicio!)]).toEqual([
        real(D, '23:20').getTime(),
        real(D1, '00:00').getTime(),
      ])
      expect(a6.medico).toMatch(/^Ana /)
      expect(linhas.filter((l) => l.cancelamentoTardio).map((l) => l.id)).toEqual([ids.a3!.id])
      expect(linhas.find((l) => l.id === ids.a2!.id)).toMatchObject({ status: 'faltou', chegada: null, inicio: null })
    })

    it("staff read only today's closing; ADMIN any range up to a year", async () => {
      // the clock says D, 15:00 at the clinic
      expect((await ok('relatorio', { de: D, ate: D }, 'staff')).totais.agendamentos).toBe(6)
      expect((await ok('relatorioAgendamentos', { de: D, ate: D }, 'staff')).linhas).toHaveLength(6)
      for (const range of [
        { de: D1, ate: D1 },
        { de: D, ate: D1 },
        { de: addDays(D, -1), ate: D },
      ]) {
        expectError(await send('relatorio', range, 'staff'), 403, messages.reportStaffTodayOnly)
        expectError(await send('relatorioAgendamentos', range, 'staff'), 403, messages.reportStaffTodayOnly)
      }
      await ok('relatorio', { de: addDays(D, -365), ate: D }, 'admin')
    })

    it('bad ranges are refused in Portuguese', async () => {
      expectError(await send('relatorio', { de: D1, ate: D }, 'admin'), 400, messages.reportRangeOrder)
      expectError(await send('relatorio', { de: addDays(D, -366), ate: D }, 'admin'), 400, messages.reportRangeTooLong)
      expectError(await send('relatorioAgendamentos', { de: '2026-13-01', ate: D }, 'admin'), 400, messages.dayInvalid)
    })
  })
}

/** The day `offset` days from the first Wednesday on or after `from`. */
function wednesdayFrom(from: string, offset: number): string {
  let day = from
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 3) day = addDays(day, 1)
  return addDays(day, offset)
}
