// What a TISS batch (lote de guias SP/SADT, ANS standard 4.03.00) needs, independent of where the data is kept
// (issue 37; docs/tiss.md). The server fills it from the clinic's records and server/tiss/build-batch.ts turns
// it into the mensagemTISS XML. Each rule mirrors a facet of the official XSD, so a batch that passes this shape
// also passes the schema; each message names the field as staff call it.
import { z } from 'zod'
import { UFS } from './forms'

export const TISS_VERSION = '4.03.00'
/** The XSD's `guiasTISS` holds at most this many guias. */
export const TISS_MAX_GUIAS = 100

/**
 * Conselhos profissionais and their codes in the TISS domain `dm_conselhoProfissional` (TUSS table 26, which
 * names 01 'CRAS'): the one table, read by the batch and by the data entry's lists (contract/tiss.ts).
 */
export const TISS_CONSELHOS = {
  CRAS: '01',
  COREN: '02',
  CRF: '03',
  CRFA: '04',
  CREFITO: '05',
  CRM: '06',
  CRN: '07',
  CRO: '08',
  CRP: '09',
  OUTROS: '10',
  CRBIO: '11',
  CRBM: '12',
  CREF: '13',
  CRMV: '14',
  CRTR: '15',
} as const
export type TissConselho = keyof typeof TISS_CONSELHOS

/** The UFs' IBGE codes, as the TISS domain `dm_UF` writes them. */
export const TISS_UF_CODES: Record<(typeof UFS)[number], string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
}

/** Characters ISO-8859-1 can carry (the batch's encoding): printable Latin-1, accents included. */
const LATIN1 = /^[\x20-\x7E\xA0-\xFF]*$/

/** A required text of the XSD's `st_textoN`: 1 to `max` Latin-1 characters. */
function text(label: string, max: number) {
  return z
    .string({ error: `Falta ${label}` })
    .trim()
    .min(1, { error: `Falta ${label}`, abort: true })
    .max(max, { error: `${capital(label)}: no máximo ${max} caracteres` })
    .regex(LATIN1, { error: `${capital(label)}: use só letras, números e acentos do português` })
}
const capital = (label: string) => label.replace(/^(a|o|as|os) /, '').replace(/^./, (c) => c.toUpperCase())

function digits(label: string, length: number) {
  return z
    .string({ error: `Falta ${label}` })
    .trim()
    .min(1, { error: `Falta ${label}`, abort: true })
    .regex(new RegExp(`^\\d{${length}}$`), { error: `${capital(label)}: ${length} números` })
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/
const date = (label: string) =>
  z
    .string({ error: `Falta ${label}` })
    .min(1, { error: `Falta ${label}`, abort: true })
    .regex(DATE, { error: `${capital(label)}: data inválida` })
const time = (label: string) =>
  z.string({ error: `Falta ${label}` }).regex(TIME, { error: `${capital(label)}: hora inválida` })
/** Centavos; the XSD's `st_decimal10-2` holds up to 99.999.999,99. */
const cents = (label: string) =>
  z
    .number({ error: `Falta ${label}` })
    .int({ error: `${capital(label)}: valor inválido` })
    .min(0, { error: `${capital(label)}: valor inválido` })
    .max(9_999_999_999, { error: `${capital(label)}: valor alto demais` })

const uf = (label: string) => z.enum(UFS, { error: `Falta ${label}` })
const cbo = (label: string) => digits(label, 6)

export const TissProfissional = z.strictObject({
  nome: text('o nome do médico', 70),
  conselho: z.enum(Object.keys(TISS_CONSELHOS) as [TissConselho, ...TissConselho[]], {
    error: 'Falta o conselho do médico',
  }),
  numero: text('o número no conselho', 15),
  uf: uf('a UF do conselho'),
  cbo: cbo('o CBO do médico'),
})
export type TissProfissional = z.infer<typeof TissProfissional>

export const TissProcedimento = z.strictObject({
  /** TUSS code as the table gives it (eight digits for table 22). */
  codigo: z
    .string({ error: 'Exame sem código TUSS' })
    .trim()
    .min(1, { error: 'Exame sem código TUSS', abort: true })
    .max(10, { error: 'Código TUSS: no máximo 10 caracteres' }),
  tabela: z.enum(['22', '00'], { error: 'Tabela de procedimentos inválida' }),
  descricao: text('a descrição do exame', 150),
  quantidade: z.number().int().min(1, { error: 'Quantidade inválida' }).max(999, { error: 'Quantidade inválida' }),
  valorUnitario: cents('o valor unitário'),
  valorTotal: cents('o valor total'),
})
export type TissProcedimento = z.infer<typeof TissProcedimento>

export const TissGuia = z
  .strictObject({
    /** Our guia number, sequential per convênio. */
    numeroGuiaPrestador: text('o número da guia', 20),
    numeroGuiaOperadora: text('o número da guia na operadora', 20).optional(),
    autorizacao: z
      .strictObject({
        senha: text('a senha de autorização', 20),
        data: date('a data da autorização'),
        validade: date('a validade da senha').optional(),
      })
      .optional(),
    beneficiario: z.strictObject({
      carteirinha: text('a carteirinha', 20),
      /** Kept for the page and the printed guia: TISS 4 no longer carries the name in the XML. */
      nome: text('o nome do paciente', 70),
    }),
    solicitante: TissProfissional,
    carater: z.enum(['ELETIVO', 'URGENCIA'], { error: 'Falta o caráter do atendimento' }),
    indicacaoClinica: text('a indicação clínica', 500).optional(),
    dataSolicitacao: date('a data da solicitação').optional(),
    execucao: z.strictObject({
      data: date('a data do exame'),
      horaInicial: time('a hora de início').optional(),
      horaFinal: time('a hora de fim').optional(),
    }),
    executante: TissProfissional,
    procedimentos: z.array(TissProcedimento).min(1, { error: 'Guia sem exame' }).max(99),
  })
  .superRefine((guia, ctx) => {
    const senha = guia.autorizacao
    if (senha?.validade && senha.validade < guia.execucao.data)
      ctx.addIssue({
        code: 'custom',
        path: ['autorizacao', 'validade'],
        message: `Senha vencida em ${senha.validade.split('-').reverse().join('/')}`,
      })
    guia.procedimentos.forEach((p, i) => {
      if (p.valorTotal !== p.valorUnitario * p.quantidade)
        ctx.addIssue({
          code: 'custom',
          path: ['procedimentos', i, 'valorTotal'],
          message: 'O valor total não é a quantidade vezes o valor unitário',
        })
    })
  })
export type TissGuia = z.infer<typeof TissGuia>

export const TissLoteDocument = z.strictObject({
  operadora: z.strictObject({
    registroAns: digits('o registro ANS da operadora', 6),
    codigoPrestador: text('o código do prestador na operadora', 14),
  }),
  clinica: z.strictObject({
    cnes: digits('o CNES da clínica', 7),
    cnpj: digits('o CNPJ da clínica', 14),
    nome: text('o nome da clínica', 70),
  }),
  /** Sequential per convênio; also the transaction's sequence number. */
  numeroLote: z.string().regex(/^\d{1,12}$/, { error: 'Número do lote inválido' }),
  /** When the batch was generated, in the clinic's time: fixed once, so the file is the same every time. */
  geradoEm: z.strictObject({ data: date('a data de geração'), hora: time('a hora de geração') }),
  guias: z
    .array(TissGuia)
    .min(1, { error: 'Lote sem guias' })
    .max(TISS_MAX_GUIAS, { error: `No máximo ${TISS_MAX_GUIAS} guias por lote` }),
})
export type TissLoteDocument = z.infer<typeof TissLoteDocument>

/** One reason a batch cannot be generated: the guia (its number), the field, the Portuguese message. */
export const TissProblema = z.strictObject({
  guia: z.string().nullable(),
  campo: z.string(),
  mensagem: z.string(),
})
export type TissProblema = z.infer<typeof TissProblema>

/** The zod issues of a document as problems naming the guia and the field. */
export function tissProblems(document: unknown, issues: readonly z.core.$ZodIssue[]): TissProblema[] {
  const guias = (document as { guias?: { numeroGuiaPrestador?: unknown }[] } | null)?.guias
  return issues.map((issue) => {
    const [first, index] = issue.path
    const guiaNumber = first === 'guias' && typeof index === 'number' ? guias?.[index]?.numeroGuiaPrestador : undefined
    const guia =
      first === 'guias' && typeof index === 'number'
        ? typeof guiaNumber === 'string' && guiaNumber !== ''
          ? guiaNumber
          : `nº ${index + 1} do lote`
        : null
    return { guia, campo: issue.path.map(String).join('.'), mensagem: issue.message }
  })
}
