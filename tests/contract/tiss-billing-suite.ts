// The contract suite's cases for TISS billing (issue 37, docs/tiss.md): the same answers from the server and the
// msw mock for a convênio with nothing to bill, and for batches and guias that do not exist. (Generating a batch
// needs the data entry of issue 37 points 1–3, built on another branch: tests/server/tiss/faturamento.test.ts.)
import { beforeAll, describe, expect, it } from 'vitest'
import { tissBillingMessages as m } from '@contract'
import { tag } from './fixtures'
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

/**
 * The batch calls that succeed only on a batch, which needs the data entry of issue 37 points 1–3 (another
 * branch; server/tiss/data-entry.ts): left out of the coverage check until it joins. Remove at that merge,
 * with a case here that generates a batch on both targets.
 */
export const TISS_CALLS_AWAITING_DATA_ENTRY: readonly string[] = [
  'gerarLoteTiss',
  'xmlLoteTiss',
  'enviarLoteTiss',
  'retornoGuiaTiss',
  'recursoGuiaTiss',
]

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
  })
}
