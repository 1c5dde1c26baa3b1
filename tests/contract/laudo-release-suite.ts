// The contract suite's bad bodies for the laudo's release, PDF, retification, delivery and verification
// (issue 36 points 5–8): the server and the msw mock refuse them with the same 400, and answer the same
// successes (defineLaudoReleaseCases).
import { beforeAll, describe, expect, it } from 'vitest'
import { api, messages, releaseMessages, VERIFICATION_CODE, type CallAnswer, type CallName } from '@contract'
import { agendamentoBody, future, pacienteBody, randomInt, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const texto = { tecnica: 'Transdutor convexo.', relatorio: 'Fígado normal.', impressao: 'Normal.', birads: null }
const someId = '00000000-0000-4000-8000-000000000000'

export const laudoReleaseBadBodies = {
  liberarLaudo: [{}, { laudoId: 'x' }, { laudoId: someId, lembrarSenha: 'sim' }, { laudoId: someId, extra: 1 }],
  versoesLaudo: [{}, { laudoId: 1 }],
  pdfLaudo: [{}, { laudoId: someId }, { laudoId: someId, versao: 0 }, { laudoId: someId, versao: 1.5 }],
  retificarLaudo: [
    {},
    { laudoId: someId },
    { laudoId: someId, motivo: '   ' },
    { laudoId: someId, motivo: 'x'.repeat(501) },
  ],
  entregarLaudo: [
    {},
    { laudoId: someId, recebedor: 'vizinho' },
    { laudoId: someId, recebedor: 'terceiro', nome: 'Ana', cpf: '111.111.111-11' },
    { laudoId: someId, recebedor: 'terceiro', nome: '', cpf: '529.982.247-25' },
  ],
  verificarLaudo: [{}, { codigo: 'x'.repeat(41) }, { codigo: '!!!!' }],
}

/**
 * The successful answers on both targets, over the laudos the worklist opens (the mock keeps one store): a
 * laudo saved, released by its doctor (the clinic's manual signature, so no certificate is needed here; the
 * digital signature is proven by pdfsig in tests/server/laudo-release.test.ts), read back, downloaded,
 * retified, delivered and verified.
 */
export function defineLaudoReleaseCases(tools: () => SuiteTools & { covered: Set<CallName> }): void {
  describe("the laudo's release, versions, retification, delivery and verification (issue 36)", () => {
    let t: SuiteTools['t']
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let covered: Set<CallName>
    let doctor: { token: string }
    let medicoId: string
    let settings: CallAnswer<'configuracoesLaudo'>['configuracoes']
    beforeAll(async () => {
      ;({ t, ok, send, expectError, covered } = tools())
      medicoId = (await ok('registerMedico', { nome: `Liberadora ${tag()}` }, 'admin')).medico.id
      const email = `liberadora.${tag()}@clinica.local`
      await ok('registerUser', { nome: 'Médica Liberadora', email, password: 'senha-forte-1', medicoId }, 'admin')
      doctor = { token: (await ok('login', { email, password: 'senha-forte-1' })).token }
      settings = (await ok('configuracoesLaudo')).configuracoes
    })

    /** A saved draft of the doctor's attended ultrasound: the laudo's id. */
    async function savedLaudo(): Promise<string> {
      const userId = t.users.staff.id
      const exame = (await ok('registerExame', { nome: `Exame ${tag()}`, modalidade: 'US', duracao: 20 }, 'admin'))
        .exame
      const pacienteId = (await ok('registerPaciente', pacienteBody(userId))).paciente.id
      let a = (
        await ok(
          'registerAgendamento',
          agendamentoBody(userId, pacienteId, medicoId, future(500 + randomInt(90), '11:00'), {
            exameIds: [exame.id],
          }),
        )
      ).agendamento
      for (const status of ['confirmado', 'aguardando', 'em_atendimento'])
        a = (await ok('moverStatus', { id: a.id, versao: a.versao, status })).agendamento
      const { laudo } = await ok('abrirLaudo', { agendamentoId: a.id, exameId: exame.id }, doctor)
      await ok('salvarLaudo', { id: laudo.id, revisao: laudo.rascunho!.revisao, ...texto }, doctor)
      return laudo.id
    }

    /** The PDF's answer, read as text by both targets (its bytes are compared on the server's own test). */
    const pdf = (laudoId: string, versao: number, token = t.tokens.staff) =>
      t.request({
        method: 'POST',
        path: '/laudos/pdf',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/pdf' },
        payload: JSON.stringify({ laudoId, versao }),
      })

    /** 'Verificar laudo' as the public page calls it: no session. */
    async function verify(codigo: string) {
      const res = await send('verificarLaudo', { codigo }, null)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      covered.add('verificarLaudo')
      return api.verificarLaudo.response.parse(res.body).laudo
    }

    it('released by its doctor (manual signature): versions, the text read-only, the PDF, verified', async () => {
      await ok('salvarConfiguracoesLaudo', { ...settings, assinaturaManual: true }, 'admin')
      try {
        const laudoId = await savedLaudo()
        expectError(await send('liberarLaudo', { laudoId }, 'staff'), 403, releaseMessages.notYourLaudo)
        expectError(
          await send('retificarLaudo', { laudoId, motivo: 'Erro.' }, doctor),
          400,
          releaseMessages.retifyNotReleased,
        )
        expectError(
          await send('entregarLaudo', { laudoId, recebedor: 'paciente' }),
          400,
          releaseMessages.deliverNotReleased,
        )
        expectError(await send('pdfLaudo', { laudoId, versao: 1 }), 400, releaseMessages.versionNotReleased)

        const released = (await ok('liberarLaudo', { laudoId }, doctor)).laudo
        expect(released).toEqual({
          laudoId,
          estado: 'Liberado',
          versoes: [
            {
              versao: 1,
              liberadoEm: expect.any(String),
              sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
              codigoVerificacao: expect.stringMatching(VERIFICATION_CODE),
              motivoRetificacao: null,
              retificacao: null,
              entregas: [],
              retificadoAposEntrega: false,
            },
          ],
        })
        expect((await ok('versoesLaudo', { laudoId })).laudo).toEqual(released)
        expectError(await send('liberarLaudo', { laudoId }, doctor), 400, releaseMessages.noDraft)
        const read = (await ok('laudo', { id: laudoId }, doctor)).laudo
        expect(read).toMatchObject({ estado: 'Liberado', rascunho: null, liberado: { versao: 1, ...texto } })
        expect(read.liberado!.liberadoEm).toBe(released.versoes[0]!.liberadoEm)
        expectError(
          await send('salvarLaudo', { id: laudoId, revisao: 1, ...texto }, doctor),
          409,
          messages.laudoReleased,
        )

        const file = await pdf(laudoId, 1)
        expect(file.status).toBe(200)
        expect(file.headers['content-type']).toMatch(/^application\/pdf/)
        expect(String(file.body).startsWith('%PDF-')).toBe(true)
        covered.add('pdfLaudo')
        expectError(await send('pdfLaudo', { laudoId, versao: 2 }), 404, releaseMessages.notFound)

        const codigo = released.versoes[0]!.codigoVerificacao!
        const verified = await verify(codigo.toLowerCase().replaceAll('-', ' '))
        expect(verified).toEqual({
          iniciais: expect.stringMatching(/^([A-Z]\. ?)+$/),
          exame: expect.stringMatching(/^Exame /),
          dataExame: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          medico: expect.stringMatching(/^Dra?\. Liberadora /),
          versao: 1,
          liberadoEm: released.versoes[0]!.liberadoEm,
          retificado: false,
        })
        expectError(await send('verificarLaudo', { codigo: 'ABCD-EFGH-JKMN' }, null), 404, releaseMessages.codeNotFound)
      } finally {
        await ok('salvarConfiguracoesLaudo', settings, 'admin')
      }
    })

    it("delivered, then 'Retificar' opens version 2 from version 1's text; version 1 stays downloadable", async () => {
      await ok('salvarConfiguracoesLaudo', { ...settings, assinaturaManual: true }, 'admin')
      try {
        const laudoId = await savedLaudo()
        const v1 = (await ok('liberarLaudo', { laudoId }, doctor)).laudo.versoes[0]!
        const third = { laudoId, recebedor: 'terceiro', nome: 'Carlos Andrade', cpf: '52998224725' }
        const delivered = (await ok('entregarLaudo', third)).laudo
        expect(delivered.estado).toBe('Entregue')
        expect(delivered.versoes[0]!.entregas).toEqual([
          {
            entregueEm: expect.any(String),
            recebedor: 'terceiro',
            nome: 'Carlos Andrade',
            entreguePor: expect.any(String),
          },
        ])
        expect(JSON.stringify(delivered)).not.toContain('52998224725')

        expectError(
          await send('retificarLaudo', { laudoId, motivo: 'Lateralidade.' }, 'staff'),
          403,
          releaseMessages.notYourLaudo,
        )
        const retified = (await ok('retificarLaudo', { laudoId, motivo: '  Lateralidade trocada.  ' }, doctor)).laudo
        expect(retified.estado).toBe('Em edição')
        expect(retified.versoes).toEqual([
          {
            versao: 2,
            liberadoEm: null,
            sha256: null,
            codigoVerificacao: null,
            motivoRetificacao: 'Lateralidade trocada.',
            retificacao: null,
            entregas: [],
            retificadoAposEntrega: false,
          },
          {
            ...v1,
            retificacao: { em: expect.any(String), motivo: 'Lateralidade trocada.' },
            entregas: delivered.versoes[0]!.entregas,
            retificadoAposEntrega: true,
          },
        ])
        const read = (await ok('laudo', { id: laudoId }, doctor)).laudo
        expect(read).toMatchObject({ rascunho: { versao: 2, revisao: 0, ...texto }, liberado: { versao: 1 } })
        expect((await pdf(laudoId, 1)).status).toBe(200)
        expectError(await send('pdfLaudo', { laudoId, versao: 2 }), 400, releaseMessages.versionNotReleased)
        expect((await verify(v1.codigoVerificacao!)).retificado).toBe(true)
      } finally {
        await ok('salvarConfiguracoesLaudo', settings, 'admin')
      }
    })
  })
}
