// Every batch is checked against the official XSDs before it is offered (docs/tiss.md): first the contract's
// shape (each problem names the guia and the field in Portuguese), then libxml2's schema validation in Node
// (xmllint-wasm: the server cannot assume Debian's tools). When the schema refuses a batch, each guia is
// checked alone to name the one at fault.
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { validateXML, type XMLFileInfo } from 'xmllint-wasm'
import { TissLoteDocument, tissProblems, type TissProblema } from '@contract'
import { buildBatch, type BuiltBatch } from './build-batch'

const SCHEMA_FOLDER = fileURLToPath(new URL('./schemas/040300/', import.meta.url))
export const TISS_ROOT_SCHEMA = 'tissV4_03_00.xsd'

let schemas: XMLFileInfo[] | undefined
/** The vendored XSDs, read once, as bytes (they are ISO-8859-1). */
function schemaFiles(): XMLFileInfo[] {
  schemas ??= readdirSync(SCHEMA_FOLDER)
    .filter((file) => file.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: new Uint8Array(readFileSync(SCHEMA_FOLDER + fileName)) }))
  return schemas
}

/** Portuguese names of the elements a schema error may name (the rest keep the element's name). */
const FIELD_LABELS: Record<string, string> = {
  numeroCarteira: 'Carteirinha',
  senha: 'Senha de autorização',
  dataAutorizacao: 'Data da autorização',
  dataValidadeSenha: 'Validade da senha',
  numeroGuiaPrestador: 'Número da guia',
  numeroGuiaOperadora: 'Número da guia na operadora',
  registroANS: 'Registro ANS da operadora',
  codigoPrestadorNaOperadora: 'Código do prestador na operadora',
  CNES: 'CNES da clínica',
  CBOS: 'CBO do médico',
  UF: 'UF do conselho',
  conselhoProfissional: 'Conselho do médico solicitante',
  conselho: 'Conselho do médico executante',
  numeroConselhoProfissional: 'Número no conselho',
  nomeProfissional: 'Médico solicitante',
  nomeProf: 'Médico executante',
  codigoProcedimento: 'Código TUSS',
  descricaoProcedimento: 'Descrição do exame',
  codigoTabela: 'Tabela de procedimentos',
  quantidadeExecutada: 'Quantidade',
  valorUnitario: 'Valor unitário',
  valorTotal: 'Valor total',
  dataExecucao: 'Data do exame',
  indicacaoClinica: 'Indicação clínica',
}

/** The schema's verdict on a batch file: the raw libxml2 messages, empty when valid. */
export async function schemaErrors(xml: Buffer): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'lote.xml', contents: new Uint8Array(xml) },
    schema: schemaFiles().find((file) => file.fileName === TISS_ROOT_SCHEMA)!,
    preload: schemaFiles().filter((file) => file.fileName !== TISS_ROOT_SCHEMA),
    maxMemoryPages: 4096,
  })
  return result.valid ? [] : result.errors.map((error) => error.message)
}

/** A libxml2 message ("Element '{ns}numeroCarteira': …") as a problem naming the field in Portuguese. */
function schemaProblem(guia: string | null, message: string): TissProblema {
  const element = /Element '(?:\{[^}]*\})?([^']+)'/.exec(message)?.[1] ?? ''
  const label = FIELD_LABELS[element] ?? (element || 'Arquivo')
  return { guia, campo: label, mensagem: `${label}: valor fora do padrão TISS` }
}

export type BatchResult = { ok: true; batch: BuiltBatch } | { ok: false; problems: TissProblema[] }

/** The batch of a document, offered only when the document and then the XSDs accept it. */
export async function buildValidBatch(input: unknown): Promise<BatchResult> {
  const parsed = TissLoteDocument.safeParse(input)
  if (!parsed.success) return { ok: false, problems: tissProblems(input, parsed.error.issues) }
  const document = parsed.data
  const batch = buildBatch(document)
  const errors = await schemaErrors(batch.xml)
  if (errors.length === 0) return { ok: true, batch }
  const problems: TissProblema[] = []
  for (const guia of document.guias) {
    const own = await schemaErrors(buildBatch(document, [guia]).xml)
    problems.push(...own.map((message) => schemaProblem(guia.numeroGuiaPrestador, message)))
  }
  // an error outside every guia (the header): named without a guia
  if (problems.length === 0) problems.push(...errors.map((message) => schemaProblem(null, message)))
  return { ok: false, problems }
}
