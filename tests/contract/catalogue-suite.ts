// The contract suite's cases for the exam catalogue (contract/catalogue.ts): the catalogue's rules, unique
// names whatever their case and accents, deactivation instead of deletion, the price lookup, payments, and
// copies on the appointment that a later price change leaves alone — the same checks on every target.
import { beforeAll, describe, expect, it } from 'vitest'
import { clinicToday, addDays, catalogueCalls, messages, PARTICULAR_ID, type Exame } from '@contract'
import { agendamentoBody, future, pacienteBody, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'
import type { ContractTarget } from './targets'

type CatalogueCall = keyof typeof catalogueCalls

const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'

/** Bad bodies of each call: the answer is validationErrorBody on the call's schema. */
export const catalogueBadBodies: Record<Exclude<CatalogueCall, 'catalogo'>, unknown[]> = {
  registerExame: [
    {},
    { nome: 'US', modalidade: 'PET', duracao: 20 },
    { nome: 'US', modalidade: 'US', duracao: 2 },
    { nome: 'US', modalidade: 'US', duracao: 20.5 },
    { nome: 'US', modalidade: 'US', duracao: 20, tuss: '123' },
    { nome: 'US', modalidade: 'US', duracao: 20, preparo: 'x'.repeat(1001) },
    { nome: '  ', modalidade: 'US', duracao: 20 },
  ],
  updateExame: [
    {},
    { nome: 'US', modalidade: 'US', duracao: 20 },
    { id: 'x', nome: 'US', modalidade: 'US', duracao: 20 },
  ],
  deleteExame: [{}, { id: 'x' }],
  registerConvenio: [{}, { nome: 'Plano', ans: '12345' }, { nome: 'Plano', ans: 'abcdef' }, { nome: '' }],
  updateConvenio: [{}, { nome: 'Plano' }],
  deleteConvenio: [{}, { id: 1 }],
  definirPreco: [
    {},
    { exameId: someId, convenioId: someId },
    { exameId: someId, convenioId: someId, valorIncents: -1 },
    { exameId: someId, convenioId: someId, valorIncents: 10.5 },
  ],
  consultarPrecos: [{}, { convenioId: someId, exameIds: [] }, { convenioId: someId, exameIds: ['x'] }],
  detalhesAgendamento: [{}, { id: 'x' }],
  registrarPagamento: [
    {},
    { agendamentoId: someId, forma: 'cheque', valorIncents: 100, data: '2026-01-01' },
    { agendamentoId: someId, forma: 'pix', valorIncents: 0, data: '2026-01-01' },
    { agendamentoId: someId, forma: 'pix', valorIncents: 100, data: '2026-02-30' },
    { agendamentoId: someId, forma: 'pix', valorIncents: 100, data: addDays(clinicToday(), 1) },
  ],
}

export function defineCatalogueCases(tools: () => SuiteTools): void {
  describe('the exam catalogue, convênios, prices and payments', () => {
    let t: ContractTarget
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let medicoId: string
    let pacienteId: string
    let day = 40

    beforeAll(async () => {
      ;({ t, ok, send, expectError } = tools())
      medicoId = (await ok('registerMedico', { nome: `Doutor ${tag()}` }, 'admin')).medico.id
      pacienteId = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente.id
    })

    const newExame = async (overrides: Record<string, unknown> = {}): Promise<Exame> =>
      (
        await ok(
          'registerExame',
          { nome: `US ${tag()}`, modalidade: 'US', duracao: 30, preparo: 'Jejum de 8 horas.', ...overrides },
          'admin',
        )
      ).exame
    const newConvenio = async (overrides: Record<string, unknown> = {}) =>
      (await ok('registerConvenio', { nome: `Plano ${tag()}`, ans: '123456', ...overrides }, 'admin')).convenio
    const book = (overrides: Record<string, unknown>) =>
      send('registerAgendamento', agendamentoBody(t.users.staff.id, pacienteId, medicoId, future(day++), overrides))

    it("lists 'Particular' from the start, and every signed-in user reads the catalogue", async () => {
      const { convenios } = await ok('catalogo')
      expect(convenios).toContainEqual({ id: PARTICULAR_ID, nome: 'Particular', ans: null, ativo: true })
    })

    it('registers an exam with its fields, TUSS optional, and reads it back', async () => {
      const exame = await newExame({ tuss: '40901122', modalidade: 'US', duracao: 30 })
      expect(exame).toMatchObject({
        modalidade: 'US',
        duracao: 30,
        preparo: 'Jejum de 8 horas.',
        tuss: '40901122',
        ativo: true,
      })
      const without = await newExame({ tuss: '' })
      expect(without.tuss).toBeNull()
      const { exames } = await ok('catalogo')
      expect(exames).toContainEqual(exame)
    })

    it('staff may not change the catalogue', async () => {
      expectError(await send('registerExame', { nome: 'US x', modalidade: 'US', duracao: 20 }), 403, messages.forbidden)
      expectError(
        await send('definirPreco', { exameId: someId, convenioId: PARTICULAR_ID, valorIncents: 1 }),
        403,
        messages.forbidden,
      )
    })

    it('names are unique whatever their case and accents', async () => {
      const nome = `Ultrassom ${tag()}`
      const exame = await newExame({ nome })
      const variant = nome.toUpperCase().replace('U', 'Ú')
      expectError(
        await send('registerExame', { nome: variant, modalidade: 'US', duracao: 20 }, 'admin'),
        409,
        messages.exameNameTaken,
      )
      const other = await newExame()
      expectError(
        await send('updateExame', { ...other, nome: ` ${nome.toLowerCase()} ` }, 'admin'),
        409,
        messages.exameNameTaken,
      )
      // renaming an exam to its own name in another case is fine
      await ok('updateExame', { ...exame, nome: nome.toUpperCase() }, 'admin')
      const convenio = await newConvenio({ nome: `Saúde ${tag()}` })
      expectError(
        await send('registerConvenio', { nome: convenio.nome.normalize('NFD').replace(/\p{M}/gu, '') }, 'admin'),
        409,
        messages.convenioNameTaken,
      )
      expectError(await send('registerConvenio', { nome: 'PARTICULAR' }, 'admin'), 409, messages.convenioNameTaken)
    })

    it("'Particular' cannot be deleted, deactivated or renamed", async () => {
      expectError(await send('deleteConvenio', { id: PARTICULAR_ID }, 'admin'), 409, messages.particularFixed)
      expectError(
        await send('updateConvenio', { id: PARTICULAR_ID, nome: 'Particular', ativo: false }, 'admin'),
        409,
        messages.particularFixed,
      )
      expectError(
        await send('updateConvenio', { id: PARTICULAR_ID, nome: 'Privado', ativo: true }, 'admin'),
        409,
        messages.particularFixed,
      )
    })

    it('prices: set, looked up, summed, removed', async () => {
      const [a, b] = [await newExame(), await newExame()]
      const convenio = await newConvenio()
      expect(
        (await ok('definirPreco', { exameId: a.id, convenioId: convenio.id, valorIncents: 15_000 }, 'admin')).preco,
      ).toEqual({
        exameId: a.id,
        convenioId: convenio.id,
        valorIncents: 15_000,
      })
      await ok('definirPreco', { exameId: b.id, convenioId: convenio.id, valorIncents: 9_990 }, 'admin')
      // a second value replaces the first
      await ok('definirPreco', { exameId: a.id, convenioId: convenio.id, valorIncents: 16_000 }, 'admin')
      const both = await ok('consultarPrecos', { convenioId: convenio.id, exameIds: [a.id, b.id] })
      expect(both).toEqual({
        precos: [
          { exameId: a.id, valorIncents: 16_000 },
          { exameId: b.id, valorIncents: 9_990 },
        ],
        totalIncents: 25_990,
      })
      // no price on Particular: the exam can be booked there, its value typed
      const none = await ok('consultarPrecos', { convenioId: PARTICULAR_ID, exameIds: [a.id] })
      expect(none).toEqual({ precos: [{ exameId: a.id, valorIncents: null }], totalIncents: null })
      expect(
        (await ok('definirPreco', { exameId: b.id, convenioId: convenio.id, valorIncents: null }, 'admin')).preco,
      ).toBeNull()
      expect((await ok('consultarPrecos', { convenioId: convenio.id, exameIds: [b.id] })).totalIncents).toBeNull()
      const { precos } = await ok('catalogo')
      expect(precos).toContainEqual({ exameId: a.id, convenioId: convenio.id, valorIncents: 16_000 })
      expectError(
        await send('definirPreco', { exameId: someId, convenioId: convenio.id, valorIncents: 1 }, 'admin'),
        404,
        messages.exameNotFound,
      )
      expectError(
        await send('consultarPrecos', { convenioId: someId, exameIds: [a.id] }),
        404,
        messages.convenioNotFound,
      )
    })

    it('booking from the catalogue copies the exams; a later price change leaves the appointment as it was', async () => {
      const exame = await newExame({ preparo: 'Bexiga cheia.', duracao: 20 })
      const convenio = await newConvenio()
      await ok('definirPreco', { exameId: exame.id, convenioId: convenio.id, valorIncents: 20_000 }, 'admin')
      const res = await book({
        exames: ['Laudo comparativo'],
        exameIds: [exame.id],
        convenioId: convenio.id,
        convenio: '',
        valorIncents: 20_000,
        carteirinha: '0012345678',
        guia: 'G-991',
        senhaAutorizacao: 'S123',
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      const agendamento = res.body.agendamento
      expect(agendamento.exames).toEqual([exame.nome, 'Laudo comparativo'])
      expect(agendamento.convenio).toBe(convenio.nome)
      await ok('definirPreco', { exameId: exame.id, convenioId: convenio.id, valorIncents: 99_000 }, 'admin')
      await ok('updateExame', { ...exame, nome: `${exame.nome} novo`, preparo: 'Outro preparo.' }, 'admin')
      const { detalhes } = await ok('detalhesAgendamento', { id: agendamento.id })
      expect(detalhes).toMatchObject({
        convenioId: convenio.id,
        carteirinha: '0012345678',
        guia: 'G-991',
        senhaAutorizacao: 'S123',
        exames: [{ exameId: exame.id, nome: exame.nome, valorIncents: 20_000, duracao: 20, preparo: 'Bexiga cheia.' }],
        tabelaIncents: 20_000,
        pagamentos: [],
        pagoIncents: 0,
      })
      expect((await ok('findAgendamento', { id: agendamento.id })).agendamento.valorIncents).toBe(20_000)
      // an edit that keeps the exams keeps their copies
      await ok('updateAgendamento', {
        ...agendamentoBody(t.users.staff.id, pacienteId, medicoId, agendamento.datahora),
        exames: agendamento.exames,
        convenio: agendamento.convenio,
        valorIncents: 20_000,
        exameIds: [exame.id],
        id: agendamento.id,
      })
      expect((await ok('detalhesAgendamento', { id: agendamento.id })).detalhes.exames[0]).toMatchObject({
        nome: exame.nome,
        valorIncents: 20_000,
      })
    })

    it('the specification’s calls still book free text: no catalogue details', async () => {
      const res = await book({})
      expect(res.status).toBe(201)
      expect(res.body.agendamento).toMatchObject({
        convenio: 'Unimed',
        exames: ['Raio-X de tórax'],
        valorIncents: 25_000,
      })
      expect((await ok('detalhesAgendamento', { id: res.body.agendamento.id })).detalhes).toEqual({
        convenioId: null,
        carteirinha: '',
        guia: '',
        senhaAutorizacao: '',
        exames: [],
        tabelaIncents: null,
        pagamentos: [],
        pagoIncents: 0,
      })
    })

    it('a value typed instead of the sum of the prices is kept in the history with who typed it', async () => {
      const exame = await newExame()
      const convenio = await newConvenio()
      await ok('definirPreco', { exameId: exame.id, convenioId: convenio.id, valorIncents: 30_000 }, 'admin')
      const res = await book({ exameIds: [exame.id], convenioId: convenio.id, valorIncents: 27_000 })
      expect(res.status).toBe(201)
      const { historico } = await ok('historicoAgendamento', { id: res.body.agendamento.id })
      const entry = historico.find((e) => e.action === 'valor_alterado')
      expect(entry).toMatchObject({
        user: { id: t.users.staff.id },
        fields: ['valorIncents'],
        valor: { tabelaIncents: 30_000, valorIncents: 27_000 },
      })
      // the sum itself is not a change
      const same = await book({ exameIds: [exame.id], convenioId: convenio.id, valorIncents: 30_000 })
      const plain = await ok('historicoAgendamento', { id: same.body.agendamento.id })
      expect(plain.historico.some((e) => e.action === 'valor_alterado')).toBe(false)
    })

    it('deactivates instead of deleting what is in use; inactive items are not booked again', async () => {
      const used = await newExame()
      const unused = await newExame()
      const convenio = await newConvenio()
      expect((await book({ exameIds: [used.id], convenioId: convenio.id })).status).toBe(201)
      expectError(await send('deleteExame', { id: used.id }, 'admin'), 409, messages.exameInUse)
      expectError(await send('deleteConvenio', { id: convenio.id }, 'admin'), 409, messages.convenioInUse)
      await ok('deleteExame', { id: unused.id }, 'admin')
      expectError(await send('deleteExame', { id: unused.id }, 'admin'), 404, messages.exameNotFound)
      const off = (await ok('updateExame', { ...used, ativo: false }, 'admin')).exame
      expect(off.ativo).toBe(false)
      expectError(await book({ exameIds: [used.id] }), 409, messages.exameInactive)
      await ok('updateConvenio', { id: convenio.id, nome: convenio.nome, ans: convenio.ans, ativo: false }, 'admin')
      expectError(await book({ convenioId: convenio.id }), 409, messages.convenioInactive)
      const spare = await newConvenio()
      await ok('deleteConvenio', { id: spare.id }, 'admin')
      expectError(await book({ exameIds: [someId] }), 404, messages.exameNotFound)
      expectError(await book({ convenioId: someId }), 404, messages.convenioNotFound)
      const { exames } = await ok('catalogo')
      expect(exames.find((e) => e.id === used.id)?.ativo).toBe(false)
      expect(exames.some((e) => e.id === unused.id)).toBe(false)
    })

    it('payments: estapago once the amount received covers the value; each one in the history', async () => {
      const res = await book({ valorIncents: 30_000, estaPago: false })
      const id: string = res.body.agendamento.id
      const today = clinicToday()
      const first = await ok('registrarPagamento', {
        agendamentoId: id,
        forma: 'dinheiro',
        valorIncents: 10_000,
        data: today,
      })
      expect(first.pagamento).toMatchObject({ agendamentoId: id, forma: 'dinheiro', valorIncents: 10_000, data: today })
      expect(first.pagamento.user?.id).toBe(t.users.staff.id)
      expect(first.agendamento.estapago).toBe(false)
      const second = await ok('registrarPagamento', {
        agendamentoId: id,
        forma: 'pix',
        valorIncents: 20_000,
        data: today,
      })
      expect(second.agendamento.estapago).toBe(true)
      expect((await ok('findAgendamento', { id })).agendamento.estapago).toBe(true)
      const { detalhes } = await ok('detalhesAgendamento', { id })
      expect(detalhes.pagoIncents).toBe(30_000)
      expect(detalhes.pagamentos.map((p) => p.forma)).toEqual(['dinheiro', 'pix'])
      const { historico } = await ok('historicoAgendamento', { id })
      expect(historico.filter((e) => e.action === 'pagamento').map((e) => e.pagamento)).toEqual([
        { forma: 'pix', valorIncents: 20_000 },
        { forma: 'dinheiro', valorIncents: 10_000 },
      ])
      expectError(
        await send('registrarPagamento', { agendamentoId: someId, forma: 'pix', valorIncents: 1, data: today }),
        404,
        messages.appointmentNotFound,
      )
      expectError(await send('detalhesAgendamento', { id: someId }), 404, messages.appointmentNotFound)
    })
  })
}
