// The contract suite's cases for the laudo's templates and stock phrases (issue 36 point 2, docs/decisions.md
// "Laudo templates and stock phrases"): the same answers from the server and the msw mock.
import { beforeAll, describe, expect, it } from 'vitest'
import { messages, templateMessages, type laudoTemplateCalls } from '@contract'
import { tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'
const sections = {
  tecnica: 'Exame realizado em {data_exame}.',
  relatorio: 'Paciente {paciente}, {idade}.',
  impressao: '',
}

/** Bad bodies of each call: the answer is validationErrorBody on the call's schema. */
export const laudoTemplateBadBodies: Record<Exclude<keyof typeof laudoTemplateCalls, 'frasesProntas'>, unknown[]> = {
  modeloLaudo: [{}, { exameId: 'x' }, { exameId: someId, extra: 1 }],
  salvarModeloLaudo: [
    {},
    { exameId: someId, ...sections, impressao: undefined },
    { exameId: someId, ...sections, relatorio: 'Paciente {nome}.' },
    { exameId: someId, ...sections, tecnica: 'x'.repeat(20_001) },
    { exameId: someId, ...sections, impressao: 3 },
  ],
  registerFrase: [
    {},
    { modalidade: 'PET', codigo: 'normal', texto: 'Normal.' },
    { modalidade: 'US', codigo: 'com espaço', texto: 'Normal.' },
    { modalidade: 'US', codigo: 'normalíssimo', texto: 'Normal.' },
    { modalidade: 'US', codigo: 'a'.repeat(13), texto: 'Normal.' },
    { modalidade: 'US', codigo: '.', texto: 'Normal.' },
    { modalidade: 'US', codigo: 'normal', texto: '   ' },
    { modalidade: 'US', codigo: 'normal', texto: 'x'.repeat(2_001) },
  ],
  updateFrase: [
    {},
    { modalidade: 'US', codigo: 'normal', texto: 'Normal.' },
    { id: 'x', modalidade: 'US', codigo: 'a', texto: 'b' },
  ],
  deleteFrase: [{}, { id: 'x' }],
}

export function defineLaudoTemplateCases(tools: () => SuiteTools): void {
  describe("the laudo's templates and stock phrases (issue 36)", () => {
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let doctor: { token: string }
    let exameId: string
    beforeAll(async () => {
      ;({ ok, send, expectError } = tools())
      const medicoId = (await ok('registerMedico', { nome: `Radiologista ${tag()}` }, 'admin')).medico.id
      const email = `radiologista.${tag()}@clinica.local`
      await ok('registerUser', { nome: 'Radiologista Vinculada', email, password: 'senha-forte-1', medicoId }, 'admin')
      doctor = { token: (await ok('login', { email, password: 'senha-forte-1' })).token }
      exameId = (await ok('registerExame', { nome: `US ${tag()}`, modalidade: 'US', duracao: 20 }, 'admin')).exame.id
    })

    it("the catalogue's exam keeps 'Prazo do laudo (dias úteis)': 2 by default, 0 to 60, kept when absent", async () => {
      const body = { nome: `RM ${tag()}`, modalidade: 'RM', duracao: 40 }
      const exame = (await ok('registerExame', body, 'admin')).exame
      expect(exame.prazoLaudoDias).toBe(2)
      const changed = (await ok('updateExame', { ...body, id: exame.id, prazoLaudoDias: 5 }, 'admin')).exame
      expect(changed.prazoLaudoDias).toBe(5)
      expect((await ok('updateExame', { ...body, id: exame.id, duracao: 45 }, 'admin')).exame.prazoLaudoDias).toBe(5)
      const zero = (await ok('registerExame', { ...body, nome: `RM ${tag()}`, prazoLaudoDias: 0 }, 'admin')).exame
      expect(zero.prazoLaudoDias).toBe(0)
      for (const prazoLaudoDias of [61, -1, 1.5, '3'])
        expectError(
          await send('updateExame', { ...body, id: exame.id, prazoLaudoDias }, 'admin'),
          400,
          messages.prazoLaudoInvalid,
        )
      const listed = (await ok('catalogo', undefined)).exames.find((e) => e.id === exame.id)
      expect(listed).toMatchObject({ duracao: 45, prazoLaudoDias: 5 })
    })

    it('an exam without a template reads empty; ADMIN and a linked doctor save it; the front desk only reads', async () => {
      expect(await ok('modeloLaudo', { exameId })).toEqual({
        modelo: { exameId, tecnica: '', relatorio: '', impressao: '', atualizadoEm: null },
      })
      const byAdmin = (await ok('salvarModeloLaudo', { exameId, ...sections }, 'admin')).modelo
      expect(byAdmin).toMatchObject({ exameId, ...sections })
      expect(Number.isNaN(Date.parse(byAdmin.atualizadoEm!))).toBe(false)
      const wording = {
        tecnica: 'Transdutor convexo.',
        relatorio: 'Fígado de dimensões normais.',
        impressao: 'Normal.',
      }
      const byDoctor = (await ok('salvarModeloLaudo', { exameId, ...wording }, doctor)).modelo
      expect(byDoctor).toMatchObject({ exameId, ...wording })
      expect((await ok('modeloLaudo', { exameId }, 'staff')).modelo).toEqual(byDoctor)

      expectError(await send('salvarModeloLaudo', { exameId, ...sections }, 'staff'), 403, templateMessages.forbidden)
      expectError(await send('modeloLaudo', { exameId: someId }), 404, messages.exameNotFound)
      expectError(
        await send('salvarModeloLaudo', { exameId: someId, ...sections }, 'admin'),
        404,
        messages.exameNotFound,
      )
      expect((await ok('modeloLaudo', { exameId })).modelo).toEqual(byDoctor)
    })

    it('an unknown placeholder is refused with its name, and nothing changes', async () => {
      const before = (await ok('modeloLaudo', { exameId })).modelo
      const refused = await send(
        'salvarModeloLaudo',
        { exameId, ...sections, impressao: 'Ver {laudo_anterior}.' },
        'admin',
      )
      expectError(refused, 400, templateMessages.unknownPlaceholder('{laudo_anterior}'))
      expect((refused.body as { error: string }).error).toContain('{laudo_anterior}')
      expect((await ok('modeloLaudo', { exameId })).modelo).toEqual(before)
    })

    it('phrases: created with a normalised code, listed by modality and code, edited and deleted', async () => {
      const codigo = tag(8).toLowerCase()
      const { frase } = await ok(
        'registerFrase',
        { modalidade: 'MMG', codigo: ` .${codigo.toUpperCase()} `, texto: ' Mamas densas. ' },
        doctor,
      )
      expect(frase).toEqual({ id: expect.any(String), modalidade: 'MMG', codigo, texto: 'Mamas densas.' })
      const other = (await ok('registerFrase', { modalidade: 'RX', codigo, texto: 'Sem fraturas.' }, 'admin')).frase
      const listed = (await ok('frasesProntas', undefined, 'staff')).frases
      expect(listed).toEqual(expect.arrayContaining([frase, other]))
      // RX comes before MMG in the modalities' order
      expect(listed.findIndex((f) => f.id === other.id)).toBeLessThan(listed.findIndex((f) => f.id === frase.id))

      expectError(
        await send('registerFrase', { modalidade: 'MMG', codigo, texto: 'Outra.' }, 'admin'),
        409,
        templateMessages.codigoTaken('MMG', codigo),
      )
      expectError(
        await send('updateFrase', { id: other.id, modalidade: 'MMG', codigo, texto: 'Outra.' }, doctor),
        409,
        templateMessages.codigoTaken('MMG', codigo),
      )
      const edited = (await ok('updateFrase', { ...frase, texto: 'Mamas heterogeneamente densas.' }, doctor)).frase
      expect(edited).toEqual({ ...frase, texto: 'Mamas heterogeneamente densas.' })

      expectError(
        await send('registerFrase', { modalidade: 'US', codigo: 'x', texto: 'y' }, 'staff'),
        403,
        templateMessages.forbidden,
      )
      expectError(await send('updateFrase', edited, 'staff'), 403, templateMessages.forbidden)
      expectError(await send('deleteFrase', { id: edited.id }, 'staff'), 403, templateMessages.forbidden)
      expectError(await send('updateFrase', { ...edited, id: someId }, 'admin'), 404, templateMessages.fraseNotFound)

      expect(await ok('deleteFrase', { id: edited.id }, doctor)).toEqual({ ok: true })
      expectError(await send('deleteFrase', { id: edited.id }, 'admin'), 404, templateMessages.fraseNotFound)
      const after = (await ok('frasesProntas', undefined)).frases
      expect(after.some((f) => f.id === edited.id)).toBe(false)
      expect(after).toContainEqual(other)
    })
  })
}
