// The contract suite's cases for the doctor's A1 certificate (issue 36 point 5): the same answers from the
// server and the msw mock for an upload checked at the door, read back as metadata, and removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificateMessages } from '@contract'
import { createTestAuthority, type TestAuthority } from '../support/test-certificates'
import { tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'
import type { ContractTarget } from './targets'

/** Bodies the upload's schema refuses (400 before any check of who calls). */
export const certificateBadBodies = {
  enviarCertificado: [
    {},
    { arquivo: 'medica.pdf', conteudo: 'AAAA', senha: 'x' },
    { arquivo: 'medica.pfx', conteudo: 'não é base64', senha: 'x' },
    { arquivo: 'medica.pfx', conteudo: 'AAAA', senha: '' },
    { arquivo: 'medica.pfx', conteudo: 'AAAA', senha: 'x', extra: 1 },
  ],
}

export function defineCertificateCases(tools: () => SuiteTools): void {
  describe("the doctor's certificate (issue 36)", () => {
    let t: ContractTarget
    let ok: SuiteTools['ok']
    let expectError: SuiteTools['expectError']
    let ca: TestAuthority
    let token: string
    beforeAll(async () => {
      ;({ t, ok, expectError } = tools())
      ca = createTestAuthority()
      const medicoId = (await ok('registerMedico', { nome: `Doutora ${tag()}` }, 'admin')).medico.id
      const email = `medica.${tag()}@clinica.local`
      await ok('registerUser', { nome: 'Doutora Vinculada', email, password: 'senha-forte-1', medicoId }, 'admin')
      token = (await ok('login', { email, password: 'senha-forte-1' })).token
    })
    afterAll(() => ca?.close())
    const upload = (p12: Buffer, senha = 'senha-do-certificado', who = () => token) =>
      t.call('enviarCertificado', { arquivo: 'medica.p12', conteudo: p12.toString('base64'), senha }, who())

    it('an A1 file is checked, kept and read back as metadata; a bad one is refused with its reason', async () => {
      expect(await ok('meuCertificado', undefined, { token })).toEqual({ certificado: null })
      const { certificado } = await ok(
        'enviarCertificado',
        { arquivo: 'medica.p12', conteudo: ca.issue().toString('base64'), senha: 'senha-do-certificado' },
        { token },
      )
      expect(Object.keys(certificado).sort()).toEqual(['emissor', 'enviadoEm', 'serial', 'titular', 'validoAte'])
      expect(certificado.titular).toBe('ANA BEATRIZ CONCEIÇÃO')
      expect(await ok('meuCertificado', undefined, { token })).toEqual({ certificado })

      expectError(await upload(ca.issue(), 'errada'), 400, certificateMessages.password)
      expectError(await upload(ca.issue({ keyUsage: 'keyEncipherment' })), 400, certificateMessages.noSigning)
      const expired = await upload(ca.issue({ days: -2 }))
      expect(expired.status).toBe(400)
      expect((expired.body as { error: string }).error).toMatch(/^Certificado vencido em \d{2}\/\d{2}\/\d{4}\.$/)
      expectError(await upload(ca.issue(), 'x', () => t.tokens.staff), 403, certificateMessages.notDoctor)

      expect(await ok('removerCertificado', undefined, { token })).toEqual({ ok: true })
      expect((await t.call('meuCertificado', undefined, token)).body).toEqual({ certificado: null })
    })
  })
}
