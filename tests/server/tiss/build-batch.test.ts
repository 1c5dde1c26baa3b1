// The TISS batch file (docs/tiss.md): valid for Debian's xmllint against the vendored official XSDs (a check that
// is not ours), its epílogo hash recomputed here from the bytes, formats as the schema fixes them, accents kept
// in ISO-8859-1, and a guia missing data refused by name.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { buildBatch } from '../../../server/tiss/build-batch'
import { buildValidBatch } from '../../../server/tiss/validate-batch'
import { tissDocument, tissGuia } from './batch-fixture'

const schema = fileURLToPath(new URL('../../../server/tiss/schemas/040300/tissV4_03_00.xsd', import.meta.url))
const folder = mkdtempSync(join(tmpdir(), 'clinica-tiss-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Debian's xmllint on the bytes: its exit status and what it printed. */
function xmllint(xml: Buffer) {
  const file = join(folder, `lote-${Math.random().toString(36).slice(2)}.xml`)
  writeFileSync(file, xml)
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' })
  return { status: run.status, output: run.stderr }
}

/** The epílogo hash as the standard states it, from the file alone: every element's text, in order, but the hash. */
function recomputedHash(xml: Buffer): string {
  const text = xml
    .toString('latin1')
    .replace(/^<\?xml[^>]*\?>/, '')
    .replace(/<ans:hash>[^<]*<\/ans:hash>/, '')
  const values = [...text.matchAll(/>([^<]+)</g)].map((match) =>
    match[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  )
  return createHash('md5')
    .update(Buffer.from(values.join(''), 'latin1'))
    .digest('hex')
}

describe('a valid batch', () => {
  const built = buildBatch(tissDocument())

  it('passes Debian xmllint against the official XSDs, and the validator in Node', async () => {
    const check = xmllint(built.xml)
    expect(check.output).toMatch(/validates/)
    expect(check.status).toBe(0)
    const result = await buildValidBatch(tissDocument())
    expect(result.ok).toBe(true)
  })

  it('carries the epílogo hash of its own values', () => {
    const inFile = /<ans:hash>([0-9a-f]{32})<\/ans:hash>/.exec(built.xml.toString('latin1'))?.[1]
    expect(inFile).toBe(recomputedHash(built.xml))
  })

  it('is ISO-8859-1 with its accents, and reads back the same through xmllint', () => {
    const latin1 = built.xml.toString('latin1')
    expect(latin1).toMatch(/^<\?xml version="1.0" encoding="ISO-8859-1"\?>/)
    expect(built.xml.includes(Buffer.from('abdômen', 'latin1'))).toBe(true)
    expect(built.xml.includes(Buffer.from('abdômen', 'utf8'))).toBe(false)
    const read = execFileSync('xmllint', ['--xpath', 'string(//*[local-name()="indicacaoClinica"])', '-'], {
      input: built.xml,
      encoding: 'utf8',
    })
    expect(read.trimEnd()).toBe('Dor abdominal à esquerda & náusea')
  })

  it('writes values, dates and times as the schema fixes them', () => {
    const latin1 = built.xml.toString('latin1')
    expect(latin1).toContain('<ans:valorUnitario>150.00</ans:valorUnitario>')
    expect(latin1).toContain('<ans:valorTotalGeral>150.00</ans:valorTotalGeral>')
    expect(latin1).toContain('<ans:dataExecucao>2026-11-10</ans:dataExecucao>')
    expect(latin1).toContain('<ans:horaInicial>09:30:00</ans:horaInicial>')
    expect(latin1).toContain('<ans:codigoTabela>22</ans:codigoTabela><ans:codigoProcedimento>40901122<')
    expect(latin1).toContain('<ans:Padrao>4.03.00</ans:Padrao>')
    expect(latin1).toContain('<ans:UF>35</ans:UF>')
  })

  it('gives the same bytes every time', () => {
    expect(buildBatch(tissDocument()).xml.equals(built.xml)).toBe(true)
  })
})

describe('a batch that cannot be offered', () => {
  it('refuses a guia without carteirinha, naming the guia', async () => {
    const guia = tissGuia('1002')
    const result = await buildValidBatch(
      tissDocument([tissGuia('1001'), { ...guia, beneficiario: { ...guia.beneficiario, carteirinha: '' } }]),
    )
    expect(result).toEqual({
      ok: false,
      problems: [{ guia: '1002', campo: 'guias.1.beneficiario.carteirinha', mensagem: 'Falta a carteirinha' }],
    })
  })

  it('refuses a senha that expired before the exam, with its date', async () => {
    const result = await buildValidBatch(
      tissDocument([tissGuia('1001', { autorizacao: { senha: 'S1', data: '2026-10-01', validade: '2026-11-02' } })]),
    )
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.problems.map((p) => [p.guia, p.mensagem])).toEqual([['1001', 'Senha vencida em 02/11/2026']])
  })

  it('names the guia and the field the XSD refuses when the shape let it through', async () => {
    const guia = tissGuia('1002')
    const document = tissDocument([tissGuia('1001'), { ...guia, executante: { ...guia.executante, cbo: '000000' } }])
    expect(xmllint(buildBatch(document).xml).status).not.toBe(0)
    const result = await buildValidBatch(document)
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.problems).toContainEqual({
        guia: '1002',
        campo: 'CBO do médico',
        mensagem: 'CBO do médico: valor fora do padrão TISS',
      })
  })
})
