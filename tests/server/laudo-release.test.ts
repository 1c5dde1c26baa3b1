// 'Assinar e liberar', 'Baixar PDF', 'Retificar', 'Entregar laudo' and 'Verificar laudo' against the real
// server (issue 36 points 5–8). The laudo and its draft are rows written straight into PostgreSQL (the
// worklist's open/save calls are another slice); the doctor's A1 comes from a test CA made by openssl; the
// released PDF is read back by poppler's pdfsig and pdftotext, third-party tools.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificateMessages, messages, releaseMessages, type LaudoVerificado, type SituacaoLaudo } from '@contract'
import { certificatePasswords } from '../../server/laudos/signing/password-cache'
import { createTestApp, type TestApp } from '../support/api-app'
import { createTestAuthority, type TestAuthority } from '../support/test-certificates'
import { call, createMedico, createPaciente, expectError, expectStatus, makeCpf } from './helpers'

let t: TestApp
let ca: TestAuthority
let work: string
let doctor: { token: string }
let otherDoctor: { token: string }
let medicoId: string
let pacienteId: string
let exameUs: string
let exameMmg: string
const PASSWORD = 'senha-do-certificado'

async function doctorUser(nome: string, email: string, medico: string) {
  expectStatus(
    await call(t, 'registerUser', 'admin', { nome, email, password: 'senha-da-medica-1', medicoId: medico }),
    201,
  )
  const login = await call(t, 'login', 'anonymous', { email, password: 'senha-da-medica-1' })
  return { token: expectStatus<{ token: string }>(login, 200).token }
}

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute<T & Record<string, unknown>>(query)).rows

beforeAll(async () => {
  t = await createTestApp()
  ca = createTestAuthority()
  work = mkdtempSync(join(tmpdir(), 'clinica-release-'))
  medicoId = (await createMedico(t, 'Ana Beatriz Conceição')).id
  await t.db.execute(
    sql`update medicos set crm = '123456', crm_uf = 'SP', rqe = '98765', tratamento = 'Dra.' where id = ${medicoId}`,
  )
  doctor = await doctorUser('Ana Beatriz', 'ana.laudo@clinica.test', medicoId)
  otherDoctor = await doctorUser('Bruno', 'bruno.laudo@clinica.test', (await createMedico(t, 'Bruno Lima')).id)
  expectStatus(
    await call(t, 'salvarConfiguracoesLaudo', 'admin', {
      rtNome: 'Paulo Menezes',
      rtCrm: '654321',
      rtCrmUf: 'SP',
      cnes: '',
      pacsUrl: '',
      assinaturaManual: false,
    }),
    200,
  )
  pacienteId = (await createPaciente(t, { nome: 'joão da silva araújo' })).id
  exameUs = (
    await rows<{ id: string }>(
      sql`insert into exames (nome, modalidade, duracao) values ('Ultrassonografia de abdome total', 'US', 20) returning id`,
    )
  )[0]!.id
  exameMmg = (
    await rows<{ id: string }>(
      sql`insert into exames (nome, modalidade, duracao) values ('Mamografia bilateral', 'MMG', 20) returning id`,
    )
  )[0]!.id
  const p12 = ca.issue({ days: 200 })
  expectStatus(
    await call(t, 'enviarCertificado', doctor, {
      arquivo: 'ana.pfx',
      conteudo: p12.toString('base64'),
      senha: PASSWORD,
    }),
    200,
  )
})
afterAll(async () => {
  ca?.close()
  if (work) rmSync(work, { recursive: true, force: true })
  await t?.close()
})

let day = 0
/** A laudo with its draft version 1, on an appointment of its own (a past date no seed uses). */
async function laudoWithDraft(
  draft: { impressao?: string; birads?: number | null } = {},
  exame = exameUs,
  medico = medicoId,
): Promise<string> {
  day += 1
  const datahora = new Date(Date.UTC(2021, 2, day, 13, 0))
  const [agendamento] = await rows<{ id: string }>(sql`
    insert into agendamentos (datahora, fim, valor_in_cents, exames, user_id, paciente_id, medico_id, convenio)
    values (${datahora.toISOString()}, ${new Date(datahora.getTime() + 20 * 60_000).toISOString()}, 0,
            '{Exame}', ${t.users.staff.id}, ${pacienteId}, ${medico}, 'Unimed')
    returning id`)
  const [laudo] = await rows<{ id: string }>(sql`
    insert into laudos (agendamento_id, exame_id, medico_id, estado)
    values (${agendamento!.id}, ${exame}, ${medico}, 'Em edição') returning id`)
  await t.db.execute(sql`
    insert into laudo_versoes (laudo_id, versao, tecnica, relatorio, impressao, birads, revisao)
    values (${laudo!.id}, 1, 'Exame realizado com transdutor convexo.',
            'Fígado de dimensões normais, ecotextura homogênea.',
            ${draft.impressao ?? 'Exame dentro dos limites da normalidade.'}, ${draft.birads ?? null}, 3)`)
  return laudo!.id
}

function tool(name: 'pdftotext' | 'pdfsig', bytes: Uint8Array): string {
  const file = join(work, `${name}-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  try {
    return execFileSync(name, name === 'pdftotext' ? ['-layout', file, '-'] : [file], { encoding: 'utf8' })
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error)
  }
}

const release = (laudoId: string, extra: Record<string, unknown> = { senha: PASSWORD }, who = doctor) =>
  call(t, 'liberarLaudo', who, { laudoId, ...extra })
const pdf = (laudoId: string, versao: number) => call(t, 'pdfLaudo', 'staff', { laudoId, versao })
const versionRow = async (laudoId: string, versao: number) =>
  (
    await rows<{ row: string }>(
      sql`select row_to_json(v)::text as row from laudo_versoes v where laudo_id = ${laudoId} and versao = ${versao}`,
    )
  )[0]!.row

describe("'Assinar e liberar'", () => {
  it('signs the draft: pdfsig finds a valid signature over the whole file by the doctor; pdftotext the content', async () => {
    const laudoId = await laudoWithDraft()
    const answer = expectStatus<{ laudo: SituacaoLaudo }>(await release(laudoId), 200).laudo
    expect(answer.estado).toBe('Liberado')
    const v1 = answer.versoes[0]!
    expect(v1).toMatchObject({ versao: 1, retificacao: null, entregas: [], retificadoAposEntrega: false })
    expect(v1.codigoVerificacao).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)

    const download = await pdf(laudoId, 1)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    const bytes = download.rawPayload
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(v1.sha256)
    const [stored] = await rows<{ pdf: Buffer }>(sql`select pdf from laudo_versoes where laudo_id = ${laudoId}`)
    expect(Buffer.compare(stored!.pdf, bytes)).toBe(0)

    const report = tool('pdfsig', bytes)
    expect(report).toContain('Signer Certificate Common Name: ANA BEATRIZ CONCEIÇÃO:52998224725')
    expect(report).toContain('Signature Validation: Signature is Valid.')
    expect(report).toContain('Total document signed')
    const text = tool('pdftotext', bytes)
    for (const expected of [
      'Paciente: João da Silva Araújo',
      'Ultrassonografia de abdome total',
      'Data do exame: 01/03/2021',
      'Convênio: Unimed',
      'ecotextura homogênea',
      'Dra. Ana Beatriz Conceição',
      'CRM 123456/SP · RQE 98765',
      'Responsável técnico: Paulo Menezes · CRM 654321/SP',
      `Código de verificação ${v1.codigoVerificacao} · Versão 1`,
    ])
      expect(text).toContain(expected)

    const audit = await rows<{ action: string; fields: string[] }>(
      sql`select action, fields from audit_log where entity = 'laudo' and entity_id = ${laudoId}::uuid order by id`,
    )
    expect(audit).toEqual([
      { action: 'update', fields: ['liberado'] },
      { action: 'export', fields: ['pdf'] },
    ])
  })

  it('a wrong password: the Portuguese message, nothing signed, the draft row unchanged', async () => {
    const laudoId = await laudoWithDraft()
    const before = await versionRow(laudoId, 1)
    expectError(await release(laudoId, { senha: 'errada' }), 400, certificateMessages.password)
    expectError(await release(laudoId, {}), 400, releaseMessages.passwordRequired)
    expect(await versionRow(laudoId, 1)).toBe(before)
    expect((await rows<{ estado: string }>(sql`select estado from laudos where id = ${laudoId}`))[0]!.estado).toBe(
      'Em edição',
    )
  })

  it('refuses a laudo not ready, another doctor, the front desk; the kept password signs the next one', async () => {
    expectError(await release(await laudoWithDraft({ impressao: '  ' })), 400, messages.laudoImpressaoRequired)
    expectError(await release(await laudoWithDraft({}, exameMmg)), 400, messages.biradsRequired)
    const laudoId = await laudoWithDraft()
    expectError(await release(laudoId, { senha: PASSWORD }, otherDoctor), 403, releaseMessages.notYourLaudo)
    expectError(await call(t, 'liberarLaudo', 'staff', { laudoId, senha: PASSWORD }), 403, releaseMessages.notYourLaudo)
    expectError(await release('00000000-0000-4000-8000-000000000000'), 404, releaseMessages.notFound)
    expectStatus(await release(laudoId, { senha: PASSWORD, lembrarSenha: true }), 200)
    // 'Lembrar por 8 horas': the next release in this session needs no password
    const next = await laudoWithDraft({ birads: 2 }, exameMmg)
    expect(expectStatus<{ laudo: SituacaoLaudo }>(await release(next, {}), 200).laudo.estado).toBe('Liberado')
    expect(tool('pdftotext', (await pdf(next, 1)).rawPayload)).toContain('BI-RADS')
  })

  it("with the clinic's manual signature: no digital signature, a signature line, no password asked", async () => {
    await t.db.execute(sql`update clinica_configuracoes set assinatura_manual = true`)
    try {
      const laudoId = await laudoWithDraft()
      expectStatus(await call(t, 'liberarLaudo', otherDoctor, { laudoId }), 403)
      expectStatus(await release(laudoId, {}), 200)
      const bytes = (await pdf(laudoId, 1)).rawPayload
      expect(tool('pdfsig', bytes)).not.toContain('Signature #1')
      expect(tool('pdftotext', bytes)).not.toContain('Assinado digitalmente')
    } finally {
      await t.db.execute(sql`update clinica_configuracoes set assinatura_manual = false`)
    }
  })
})

describe("'Retificar', 'Entregar laudo' and 'Verificar laudo'", () => {
  it('a retification keeps version 1 byte for byte and its SHA-256; the database refuses to change it', async () => {
    const laudoId = await laudoWithDraft()
    const v1 = expectStatus<{ laudo: SituacaoLaudo }>(await release(laudoId), 200).laudo.versoes[0]!
    const bytes1 = (await pdf(laudoId, 1)).rawPayload
    await expect(
      t.db.execute(sql`update laudo_versoes set impressao = 'outro' where laudo_id = ${laudoId} and versao = 1`),
    ).rejects.toMatchObject({ cause: { code: '42501' } })
    expectError(
      await call(t, 'retificarLaudo', doctor, { laudoId, motivo: ' ' }),
      400,
      releaseMessages.retifyReasonRequired,
    )
    expectError(await call(t, 'retificarLaudo', otherDoctor, { laudoId, motivo: 'Lateralidade' }), 403)

    // delivered to a third party first, then retified: flagged for the clinic to call the patient
    expectError(
      await call(t, 'entregarLaudo', 'staff', { laudoId, recebedor: 'terceiro', nome: 'Maria', cpf: '12345678900' }),
      400,
      messages.cpfInvalid,
    )
    const cpf = makeCpf(7_654_321)
    const delivered = expectStatus<{ laudo: SituacaoLaudo }>(
      await call(t, 'entregarLaudo', 'staff', { laudoId, recebedor: 'terceiro', nome: 'Maria Souza', cpf }),
      200,
    ).laudo
    expect(delivered.estado).toBe('Entregue')
    expect(delivered.versoes[0]!.entregas).toEqual([
      expect.objectContaining({ recebedor: 'terceiro', nome: 'Maria Souza', entreguePor: t.users.staff.nome }),
    ])
    expect(JSON.stringify(delivered)).not.toContain(cpf)

    const retified = expectStatus<{ laudo: SituacaoLaudo }>(
      await call(t, 'retificarLaudo', doctor, { laudoId, motivo: 'Lateralidade corrigida' }),
      200,
    ).laudo
    expect(retified.estado).toBe('Em edição')
    expect(retified.versoes.map((v) => v.versao)).toEqual([2, 1])
    expect(retified.versoes[0]).toMatchObject({ liberadoEm: null, motivoRetificacao: 'Lateralidade corrigida' })
    expect(retified.versoes[1]).toMatchObject({
      sha256: v1.sha256,
      retificacao: { motivo: 'Lateralidade corrigida' },
      retificadoAposEntrega: true,
    })
    expectError(
      await call(t, 'retificarLaudo', doctor, { laudoId, motivo: 'De novo' }),
      400,
      releaseMessages.retifyNotReleased,
    )
    expectError(await pdf(laudoId, 2), 400, releaseMessages.versionNotReleased)
    expect(Buffer.compare((await pdf(laudoId, 1)).rawPayload, bytes1)).toBe(0)

    // version 2 released: its own code; version 1's code now says 'retificado'
    const v2 = expectStatus<{ laudo: SituacaoLaudo }>(await release(laudoId), 200).laudo.versoes[0]!
    expect(v2.versao).toBe(2)
    const old = expectStatus<{ laudo: LaudoVerificado }>(
      await call(t, 'verificarLaudo', 'anonymous', {
        codigo: v1.codigoVerificacao!.toLowerCase().replaceAll('-', ' '),
      }),
      200,
    ).laudo
    expect(old).toEqual({
      iniciais: 'J. S. A.',
      exame: 'Ultrassonografia de abdome total',
      dataExame: expect.stringMatching(/^2021-03-\d\d$/),
      medico: 'Dra. Ana Beatriz Conceição',
      versao: 1,
      liberadoEm: expect.any(String),
      retificado: true,
    })
    const current = expectStatus<{ laudo: LaudoVerificado }>(
      await call(t, 'verificarLaudo', 'anonymous', { codigo: v2.codigoVerificacao }),
      200,
    ).laudo
    expect(current).toMatchObject({ versao: 2, retificado: false })
  })

  it('verification: an unknown code is not found, a malformed one explained; no delivery before release', async () => {
    expectError(
      await call(t, 'verificarLaudo', 'anonymous', { codigo: 'ABCD-EFGH-JKMN' }),
      404,
      releaseMessages.codeNotFound,
    )
    expectError(await call(t, 'verificarLaudo', 'anonymous', { codigo: 'xyz' }), 400, releaseMessages.codeInvalid)
    const laudoId = await laudoWithDraft()
    expectError(
      await call(t, 'entregarLaudo', 'staff', { laudoId, recebedor: 'paciente' }),
      400,
      releaseMessages.deliverNotReleased,
    )
    expectError(await pdf(laudoId, 1), 400, releaseMessages.versionNotReleased)
  })
})

describe("'Verificar laudo' is rate limited as the other anonymous calls", () => {
  it('unknown codes from one address count as refusals: past the limit, 429 with Retry-After', async () => {
    const limited = await createTestApp({ anonymousLimit: { limit: 3 } })
    try {
      const guess = () =>
        call(limited, 'verificarLaudo', 'anonymous', { codigo: 'ABCD-EFGH-JKMN' }, { remoteAddress: '10.7.7.7' })
      for (let i = 0; i < 3; i++) expectError(await guess(), 404, releaseMessages.codeNotFound)
      const refused = await guess()
      expectError(refused, 429, messages.tooManyRequests)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      // another address is not held back
      expect(
        (
          await call(
            limited,
            'verificarLaudo',
            'anonymous',
            { codigo: 'ABCD-EFGH-JKMN' },
            { remoteAddress: '10.7.7.8' },
          )
        ).statusCode,
      ).toBe(404)
    } finally {
      await limited.close()
    }
  })
})

describe("'Lembrar por 8 horas' ends at logout", () => {
  it("logout forgets the session's kept certificate password; another session keeps its own", async () => {
    const session = async () => {
      const login = await call(t, 'login', 'anonymous', {
        email: 'ana.laudo@clinica.test',
        password: 'senha-da-medica-1',
      })
      const token = expectStatus<{ token: string }>(login, 200).token
      const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }
      return { token, jti }
    }
    const leaving = await session()
    const staying = await session()
    const { serial } = expectStatus<{ certificado: { serial: string } }>(
      await call(t, 'meuCertificado', leaving, undefined),
      200,
    ).certificado
    for (const s of [leaving, staying])
      expectStatus(await release(await laudoWithDraft(), { senha: PASSWORD, lembrarSenha: true }, s), 200)
    expect(certificatePasswords.get(leaving.jti, serial)).toBe(PASSWORD)

    expectStatus(await call(t, 'logout', leaving, {}), 200)
    expect(certificatePasswords.get(leaving.jti, serial)).toBeUndefined()
    // the other session still signs without typing it
    expectStatus(await release(await laudoWithDraft(), {}, staying), 200)
  })
})
