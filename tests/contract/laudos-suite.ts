// The contract suite's cases for issue 36 (docs/decisions.md, "The laudo"): the doctor's RQE and the clinic's
// settings of the laudo — the same answers from the server and the msw mock.
import { beforeAll, describe, expect, it } from 'vitest'
import { messages, type laudoCalls } from '@contract'
import { tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const validSettings = {
  rtNome: 'Ana Souza',
  rtCrm: '123456',
  rtCrmUf: 'SP',
  cnes: '1234567',
  pacsUrl: 'https://pacs.clinica.local/viewer?study={StudyInstanceUID}&acc={AccessionNumber}',
  assinaturaManual: false,
}

/** Bad bodies of each call: the answer is validationErrorBody on the call's schema. */
export const laudoBadBodies: Record<Exclude<keyof typeof laudoCalls, 'configuracoesLaudo'>, unknown[]> = {
  salvarConfiguracoesLaudo: [
    {},
    { ...validSettings, cnes: '123' },
    { ...validSettings, rtCrm: '12' },
    { ...validSettings, rtCrmUf: '' },
    { ...validSettings, rtCrmUf: 'XX' },
    { ...validSettings, pacsUrl: 'pacs.local/{StudyInstanceUID}' },
    { ...validSettings, pacsUrl: 'https://pacs.local/viewer' },
    { ...validSettings, pacsUrl: 'https://pacs.local/{paciente}/{StudyInstanceUID}' },
    { ...validSettings, assinaturaManual: 'sim' },
    { ...validSettings, extra: 1 },
  ],
}

export function defineLaudoCases(tools: () => SuiteTools): void {
  describe('the laudo (issue 36)', () => {
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    beforeAll(() => {
      ;({ ok, send, expectError } = tools())
    })

    it("ADMIN keeps a doctor's RQE; a change without it keeps it", async () => {
      const medico = (await ok('registerMedico', { nome: `Beatriz ${tag()}` }, 'admin')).medico
      const body = { id: medico.id, tratamento: 'Dra.', crm: '123456', crmUf: 'PE', especialidade: 'Radiologia' }
      const withRqe = (await ok('updateMedico', { ...body, rqe: ' 4321 ' }, 'admin')).medico
      expect(withRqe).toMatchObject({ tratamento: 'Dra.', rqe: '4321' })
      expect((await ok('updateMedico', { ...body, especialidade: 'Mamografia' }, 'admin')).medico).toMatchObject({
        especialidade: 'Mamografia',
        rqe: '4321',
      })
      expect((await ok('listMedicosDetalhes', undefined, 'admin')).medicos).toContainEqual(
        expect.objectContaining({ id: medico.id, rqe: '4321' }),
      )
      expect((await ok('updateMedico', { ...body, rqe: '' }, 'admin')).medico.rqe).toBe('')
      expectError(await send('updateMedico', { ...body, rqe: '12a' }, 'admin'), 400, messages.rqeInvalid)
    })

    it("ADMIN saves the laudo's settings; every signed-in user reads them; bad ones change nothing", async () => {
      const saved = (await ok('salvarConfiguracoesLaudo', { ...validSettings, cnes: ' 1234567 ' }, 'admin'))
        .configuracoes
      expect(saved).toEqual(validSettings)
      expect((await ok('configuracoesLaudo', undefined)).configuracoes).toEqual(validSettings)

      const refused = await send(
        'salvarConfiguracoesLaudo',
        { ...validSettings, pacsUrl: 'https://pacs.local/' },
        'admin',
      )
      expectError(refused, 400, messages.pacsUrlNoPlaceholder)
      expect(refused.body).toMatchObject({ issues: { pacsUrl: { _errors: [messages.pacsUrlNoPlaceholder] } } })
      expect((await send('salvarConfiguracoesLaudo', validSettings, 'staff')).status).toBe(403)

      const cleared = { rtNome: '', rtCrm: '', rtCrmUf: '', cnes: '', pacsUrl: '', assinaturaManual: true }
      expect((await ok('salvarConfiguracoesLaudo', cleared, 'admin')).configuracoes).toEqual(cleared)
      expect((await ok('configuracoesLaudo', undefined, 'admin')).configuracoes).toEqual(cleared)
    })
  })
}
