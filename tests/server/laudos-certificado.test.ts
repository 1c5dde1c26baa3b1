// 'Minha conta' → 'Certificado digital' against the real server (issue 36 point 5): a doctor-linked user
// uploads an A1 file made by openssl in the test; the server checks it at upload, keeps the file and not the
// password, answers the metadata only, and writes the audit trail.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificateMessages, type CertificadoMedico } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { createTestAuthority, type TestAuthority } from '../support/test-certificates'
import { call, createMedico, expectError, expectStatus } from './helpers'

let t: TestApp
let ca: TestAuthority
let doctor: { token: string }
let medicoId: string
const PASSWORD = 'senha-do-certificado'

beforeAll(async () => {
  t = await createTestApp()
  ca = createTestAuthority()
  medicoId = (await createMedico(t, 'Ana Beatriz Conceição')).id
  const email = 'ana.medica@clinica.test'
  expectStatus(
    await call(t, 'registerUser', 'admin', { nome: 'Ana Beatriz', email, password: 'senha-da-medica-1', medicoId }),
    201,
  )
  const login = await call(t, 'login', 'anonymous', { email, password: 'senha-da-medica-1' })
  doctor = { token: expectStatus<{ token: string }>(login, 200).token }
})
afterAll(async () => {
  ca?.close()
  await t?.close()
})

const upload = (p12: Buffer, senha = PASSWORD, arquivo = 'ana.pfx', who: typeof doctor | 'staff' = doctor) =>
  call(t, 'enviarCertificado', who, { arquivo, conteudo: p12.toString('base64'), senha })

describe("the doctor's certificate", () => {
  it('is uploaded, checked and read back as metadata only; the password is not stored', async () => {
    expect(expectStatus<{ certificado: null }>(await call(t, 'meuCertificado', doctor), 200).certificado).toBeNull()
    const p12 = ca.issue({ days: 200 })
    const sent = expectStatus<{ certificado: CertificadoMedico }>(await upload(p12), 200).certificado
    expect(Object.keys(sent).sort()).toEqual(['emissor', 'enviadoEm', 'serial', 'titular', 'validoAte'])
    expect(sent).toMatchObject({ titular: 'ANA BEATRIZ CONCEIÇÃO', emissor: 'AC Teste Clinica' })
    expect(new Date(sent.validoAte).getTime()).toBeGreaterThan(Date.now() + 199 * 86_400_000)
    expect(expectStatus(await call(t, 'meuCertificado', doctor), 200)).toEqual({ certificado: sent })

    const { rows } = await t.db.execute<{ p12: Buffer; row: string }>(
      sql`select p12, row_to_json(c)::text as row from medico_certificados c where medico_id = ${medicoId}`,
    )
    expect(Buffer.compare(rows[0]!.p12, p12)).toBe(0)
    expect(rows[0]!.row).not.toContain(PASSWORD)

    const audit = await t.db.execute<{ action: string; fields: string[] }>(
      sql`select action, fields from audit_log where entity = 'medico' and entity_id = ${medicoId}::uuid order by id`,
    )
    expect(audit.rows).toContainEqual({ action: 'update', fields: ['certificado'] })
  })

  it('refuses a wrong password, an expired file, a non-signing one, a mismatched key and garbage, keeping the old one', async () => {
    const before = expectStatus<{ certificado: CertificadoMedico }>(await call(t, 'meuCertificado', doctor), 200)
    expectError(await upload(ca.issue(), 'errada'), 400, certificateMessages.password)
    const expired = expectError(await upload(ca.issue({ days: -2 })), 400)
    expect(expired.error).toMatch(/^Certificado vencido em \d{2}\/\d{2}\/\d{4}\.$/)
    expectError(await upload(ca.issue({ keyUsage: 'keyEncipherment' })), 400, certificateMessages.noSigning)
    expectError(await upload(ca.issue({ wrongKey: true })), 400, certificateMessages.keyMismatch)
    expectError(await upload(Buffer.from('não é um certificado')), 400, certificateMessages.notPkcs12)
    expectError(await upload(ca.issue(), PASSWORD, 'ana.pdf'), 400, certificateMessages.fileName)
    expect(expectStatus(await call(t, 'meuCertificado', doctor), 200)).toEqual(before)
  })

  it('is refused to a user without a doctor, and removed by its doctor', async () => {
    expectError(await call(t, 'meuCertificado', 'staff'), 403, certificateMessages.notDoctor)
    expectError(await upload(ca.issue(), PASSWORD, 'x.p12', 'staff'), 403, certificateMessages.notDoctor)
    expect(expectStatus(await call(t, 'removerCertificado', doctor), 200)).toEqual({ ok: true })
    expect(expectStatus(await call(t, 'meuCertificado', doctor), 200)).toEqual({ certificado: null })
  })
})
