// The contract suite's cases for the waiting room's TV panels (issue 38, contract/paineis.ts): pairing
// with a one-time code, the credential that reads only its panel's feed, the display choice, a new code
// and revocation — the same checks on the mock and the server.
import { describe, expect, it } from 'vitest'
import { messages, type painelCalls } from '@contract'
import type { SuiteTools } from './front-desk-suite'

type PainelCall = keyof typeof painelCalls

const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'

/** Bad bodies of each call with one: the answer is validationErrorBody on the call's schema. */
export const painelBadBodies: Partial<Record<PainelCall, unknown[]>> = {
  criarPainel: [{}, { nome: '' }, { nome: '   ' }, { nome: 'x'.repeat(61) }, { nome: 'TV', x: 1 }],
  codigoPainel: [{}, { id: 'x' }],
  revogarPainel: [{}, { id: 3 }],
  salvarExibicaoPainel: [{}, { exibicao: 'cpf' }],
  parearPainel: [{}, { codigo: 12345678 }, { codigo: '1234' }, { codigo: 'abcdefgh' }],
}

export function definePainelCases(tools: () => SuiteTools): void {
  describe('the waiting room: TV panels', () => {
    it('pairs once with its code; the credential reads the feed and gets 403 elsewhere; revoked → 401', async () => {
      const { ok, send, expectError } = tools()
      const created = await ok('criarPainel', { nome: ' Recepção TV ' }, 'admin')
      expect(created.painel).toMatchObject({ nome: 'Recepção TV', pareado: false, revogadoEm: null })
      expect(created.codigo).toMatch(/^\d{8}$/)

      const { credencial, painel } = await ok('parearPainel', {
        codigo: `${created.codigo.slice(0, 4)}-${created.codigo.slice(4)}`,
      })
      expect(painel).toEqual({ id: created.painel.id, nome: 'Recepção TV' })
      expectError(await send('parearPainel', { codigo: created.codigo }, null), 401, messages.panelCodeInvalid)

      const feed = await ok('painelChamadas', undefined, { token: credencial })
      expect(feed.painel).toEqual(painel)
      expectError(await send('listMedicos', undefined, { token: credencial }), 403, messages.panelOnlyFeed)
      expectError(await send('painelChamadas', undefined, 'staff'), 403, messages.panelNotAPanel)

      const listed = await ok('paineis', undefined, 'admin')
      expect(listed.paineis.find((p) => p.id === painel.id)).toMatchObject({ pareado: true, codigoExpiraEm: null })

      expect((await ok('salvarExibicaoPainel', { exibicao: 'senha' }, 'admin')).exibicao).toBe('senha')
      expect((await ok('paineis', undefined, 'admin')).exibicao).toBe('senha')
      await ok('salvarExibicaoPainel', { exibicao: 'nome_inicial' }, 'admin')

      const again = await ok('codigoPainel', { id: painel.id }, 'admin')
      expect(again.codigo).toMatch(/^\d{8}$/)
      const revoked = await ok('revogarPainel', { id: painel.id }, 'admin')
      expect(revoked.painel).toMatchObject({ pareado: false, revogadoEm: expect.any(String), codigoExpiraEm: null })
      expectError(await send('painelChamadas', undefined, { token: credencial }), 401, messages.panelRevoked)
      expectError(await send('parearPainel', { codigo: again.codigo }, null), 401, messages.panelCodeInvalid)
      expectError(await send('codigoPainel', { id: painel.id }, 'admin'), 404, messages.panelNotFound)
      expectError(await send('revogarPainel', { id: someId }, 'admin'), 404, messages.panelNotFound)
    })
  })
}
