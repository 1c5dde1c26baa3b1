// Issue 36 point 5's building blocks: the laudo's PDF read back by poppler's pdftotext, its PAdES signature
// checked by poppler's pdfsig (a third-party validator), and the doctor's certificate checks, on a test CA
// and A1 files made by openssl in the test.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LaudoDocument } from '@contract'
import { renderLaudoPdf } from '../../server/laudos/pdf/render-laudo'
import { CertificateError, readCertificate } from '../../server/laudos/signing/certificate'
import { signPdf } from '../../server/laudos/signing/sign-pades'
import { createTestAuthority, type TestAuthority } from '../support/test-certificates'

let ca: TestAuthority
let work: string
beforeAll(() => {
  ca = createTestAuthority()
  work = mkdtempSync(join(tmpdir(), 'clinica-laudo-'))
})
afterAll(() => {
  ca?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const PASSWORD = 'senha-do-certificado'

const laudo = (overrides: Partial<LaudoDocument> = {}): LaudoDocument => ({
  clinica: {
    nome: 'Clínica Boa Imagem',
    endereco: 'Rua das Acácias, 100 — Campinas/SP',
    telefone: '(19) 3232-1000',
    cnpj: '11.222.333/0001-81',
  },
  paciente: { nome: 'joão da silva araújo', nomesocial: '', idade: 47, sexo: 'Masculino' },
  exame: { nome: 'Ultrassonografia de abdome total', data: '2026-11-20' },
  convenio: 'Unimed',
  secoes: [
    { titulo: 'Técnica', texto: 'Exame realizado com transdutor convexo multifrequencial.' },
    { titulo: 'Relatório', texto: 'Fígado de dimensões normais, contornos regulares e ecotextura homogênea.' },
    { titulo: 'Impressão diagnóstica', texto: 'Exame ecográfico dentro dos limites da normalidade.' },
  ],
  medico: { tratamento: 'Dra.', nome: 'Ana Beatriz Conceição', crm: '123456', crmUf: 'SP', rqe: '98765' },
  responsavelTecnico: { nome: 'Dr. Paulo Menezes', crm: '654321', crmUf: 'SP' },
  codigoVerificacao: 'K7Q2-M9XH',
  versao: 1,
  assinatura: 'digital',
  ...overrides,
})

function tool(name: 'pdftotext' | 'pdfsig', bytes: Uint8Array): string {
  const file = join(work, `${name}-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  try {
    return execFileSync(name, name === 'pdftotext' ? ['-layout', file, '-'] : [file], { encoding: 'utf8' })
  } catch (error) {
    // pdfsig exits non-zero when a signature does not verify: its report is what the test reads.
    return String((error as { stdout?: string }).stdout ?? error)
  }
}

describe("the laudo's PDF", () => {
  it('prints the patient, the exam, the findings with accents, the doctor and CRM, Página 1 de 1', async () => {
    const text = tool('pdftotext', await renderLaudoPdf(laudo()))
    for (const expected of [
      'Clínica Boa Imagem',
      'CNPJ 11.222.333/0001-81',
      'Paciente: João da Silva Araújo',
      'Idade: 47 anos',
      'Ultrassonografia de abdome total',
      'Data do exame: 20/11/2026',
      'Convênio: Unimed',
      'Impressão diagnóstica',
      'ecotextura homogênea',
      'Dra. Ana Beatriz Conceição',
      'CRM 123456/SP · RQE 98765',
      'Responsável técnico: Dr. Paulo Menezes · CRM 654321/SP',
      'Código de verificação K7Q2-M9XH · Versão 1',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('shows the social name first with the civil name beside it', async () => {
    const text = tool(
      'pdftotext',
      await renderLaudoPdf(
        laudo({ paciente: { nome: 'joão da silva', nomesocial: 'joana', idade: 30, sexo: 'Feminino' } }),
      ),
    )
    expect(text).toContain('Paciente: Joana (João da Silva)')
  })

  it('wraps a long report and flows it onto a second page, numbered on both', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `Achado número ${i + 1}: lesão hipoecogênica não caracterizada.`)
    const text = tool(
      'pdftotext',
      await renderLaudoPdf(
        laudo({ secoes: [{ titulo: 'Relatório', texto: long.join(' ') + '\n' + long.join('\n') }] }),
      ),
    )
    expect(text).toContain('Página 1 de 2')
    expect(text).toContain('Página 2 de 2')
    expect(text).toContain('Achado número 40: lesão hipoecogênica')
    // The letterhead is on every page.
    expect(text.split('Clínica Boa Imagem').length - 1).toBe(2)
  })

  it('prints a signature line for a manual signature, the ICP-Brasil note for a digital one', async () => {
    expect(tool('pdftotext', await renderLaudoPdf(laudo({ assinatura: 'manual' })))).not.toContain(
      'Assinado digitalmente',
    )
    expect(tool('pdftotext', await renderLaudoPdf(laudo()))).toContain('Assinado digitalmente (ICP-Brasil)')
  })
})

describe('the PAdES signature', () => {
  it('pdfsig finds one valid ETSI.CAdES.detached signature covering the whole document, by the doctor', async () => {
    const p12 = ca.issue()
    const signed = await signPdf(await renderLaudoPdf(laudo()), p12, PASSWORD, { reason: 'Laudo liberado' })
    const report = tool('pdfsig', signed)
    expect(report).toContain('Signature #1')
    expect(report).toContain('Signer Certificate Common Name: ANA BEATRIZ CONCEIÇÃO:52998224725')
    expect(report).toContain('Signature Type: ETSI.CAdES.detached')
    expect(report).toContain('Signature Validation: Signature is Valid.')
    expect(report).toContain('Total document signed')
    expect(report).toContain('Signature Field Name') // the field pdf-lib's placeholder made
    expect(tool('pdftotext', signed)).toContain('ecotextura homogênea')
  })

  it('a legacy (3DES) A1 file signs too', async () => {
    const signed = await signPdf(await renderLaudoPdf(laudo()), ca.issue({ legacy: true }), PASSWORD)
    expect(tool('pdfsig', signed)).toContain('Signature Validation: Signature is Valid.')
  })

  it('a byte changed after signing is caught by pdfsig', async () => {
    const signed = Buffer.from(await signPdf(await renderLaudoPdf(laudo()), ca.issue(), PASSWORD))
    // A byte of the header's binary comment: the file still parses, the digest no longer matches.
    expect(signed.subarray(0, 9).toString()).toBe('%PDF-1.7\n')
    signed[10] = signed[10]! ^ 0x01
    expect(tool('pdfsig', signed)).not.toContain('Signature Validation: Signature is Valid.')
  })

  it('a wrong password gives the Portuguese message and signs nothing', async () => {
    const pdf = await renderLaudoPdf(laudo())
    await expect(signPdf(pdf, ca.issue(), 'errada')).rejects.toThrow('Senha do certificado incorreta.')
  })
})

describe("the doctor's certificate", () => {
  const now = new Date()
  const refused = (p12: Buffer, password = PASSWORD, at = now) => {
    try {
      readCertificate(p12, password, at)
    } catch (error) {
      expect(error).toBeInstanceOf(CertificateError)
      return (error as Error).message
    }
    throw new Error('accepted')
  }

  it('reads the holder, the CPF from the ICP-Brasil OtherName, the issuer, the end date and the serial', () => {
    const info = readCertificate(ca.issue({ cpf: '11144477735', days: 400 }), PASSWORD, now)
    expect(info.titular).toBe('ANA BEATRIZ CONCEIÇÃO')
    expect(info.documento).toBe('11144477735')
    expect(info.emissor).toBe('AC Teste Clinica')
    expect(info.validoAte.getTime()).toBeGreaterThan(now.getTime() + 399 * 86_400_000)
    expect(info.serial).toMatch(/^[0-9A-F]+$/)
  })

  it('refuses a wrong password, an expired file, a non-signing one, a mismatched key and a non-PKCS#12 file', () => {
    expect(refused(ca.issue(), 'errada')).toBe('Senha do certificado incorreta.')
    expect(refused(ca.issue({ days: -3 }))).toMatch(/^Certificado vencido em \d{2}\/\d{2}\/\d{4}\.$/)
    expect(refused(ca.issue({ keyUsage: 'keyEncipherment' }))).toBe('Este certificado não permite assinatura digital.')
    expect(refused(ca.issue({ wrongKey: true }))).toBe('A chave privada não corresponde ao certificado.')
    expect(refused(Buffer.from('%PDF-1.7 não é um certificado'))).toBe(
      'Arquivo não é um certificado .pfx ou .p12 válido.',
    )
  })

  it('dates the expiry in São Paulo', () => {
    const p12 = ca.issue({ days: 10 })
    const info = readCertificate(p12, PASSWORD, now)
    const later = new Date(info.validoAte.getTime() + 1000)
    const day = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' })
    expect(refused(p12, PASSWORD, later)).toBe(`Certificado vencido em ${day.format(info.validoAte)}.`)
  })
})
