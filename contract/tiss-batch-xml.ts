// The TISS batch file's text (docs/tiss.md): a pure function from a checked document (./tiss-batch.ts) to the
// mensagemTISS ENVIO_LOTE_GUIAS text, version 4.03.00, with the epílogo hash. Shared by the server
// (server/tiss/build-batch.ts, node:crypto's MD5) and the msw mock, so both write the same bytes; the caller
// gives the MD5, since the browser has none of its own.
import {
  TISS_CONSELHOS,
  TISS_UF_CODES,
  TISS_VERSION,
  type TissGuia,
  type TissLoteDocument,
  type TissProfissional,
} from './tiss-batch'

/** An element: its name (without the `ans:` prefix) and either its text value or its children, in order. */
type Element = readonly [name: string, content: string | readonly (Element | null)[]]

const NAMESPACE = 'http://www.ans.gov.br/padroes/tiss/schemas'

/** Centavos as the XSD's decimal: a point and two places, no thousands separator. */
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The TISS 'tipoAtendimento' of an imaging exam (domain dm_tipoAtendimento: 23, Exame). */
const TIPO_ATENDIMENTO_EXAME = '23'
/** 'indicacaoAcidente' 9: not an accident. */
const NAO_ACIDENTE = '9'
/** 'regimeAtendimento' 01: ambulatorial. */
const AMBULATORIAL = '01'

function profissionalSolicitante(p: TissProfissional): Element {
  return [
    'profissionalSolicitante',
    [
      ['nomeProfissional', p.nome],
      ['conselhoProfissional', TISS_CONSELHOS[p.conselho]],
      ['numeroConselhoProfissional', p.numero],
      ['UF', TISS_UF_CODES[p.uf]],
      ['CBOS', p.cbo],
    ],
  ]
}

function guiaElement(document: TissLoteDocument, guia: TissGuia): Element {
  const { operadora, clinica } = document
  const prestador: Element = ['codigoPrestadorNaOperadora', operadora.codigoPrestador]
  const senha = guia.autorizacao
  const executante = guia.executante
  const valorGuia = guia.procedimentos.reduce((sum, p) => sum + p.valorTotal, 0)
  return [
    'guiaSP-SADT',
    [
      [
        'cabecalhoGuia',
        [
          ['registroANS', operadora.registroAns],
          ['numeroGuiaPrestador', guia.numeroGuiaPrestador],
        ],
      ],
      senha
        ? [
            'dadosAutorizacao',
            [
              guia.numeroGuiaOperadora ? ['numeroGuiaOperadora', guia.numeroGuiaOperadora] : null,
              ['dataAutorizacao', senha.data],
              ['senha', senha.senha],
              senha.validade ? ['dataValidadeSenha', senha.validade] : null,
            ],
          ]
        : null,
      [
        'dadosBeneficiario',
        [
          ['numeroCarteira', guia.beneficiario.carteirinha],
          ['atendimentoRN', 'N'],
        ],
      ],
      [
        'dadosSolicitante',
        [
          ['contratadoSolicitante', [prestador]],
          ['nomeContratadoSolicitante', clinica.nome],
          profissionalSolicitante(guia.solicitante),
        ],
      ],
      [
        'dadosSolicitacao',
        [
          guia.dataSolicitacao ? ['dataSolicitacao', guia.dataSolicitacao] : null,
          ['caraterAtendimento', guia.carater === 'URGENCIA' ? '2' : '1'],
          guia.indicacaoClinica ? ['indicacaoClinica', guia.indicacaoClinica] : null,
        ],
      ],
      [
        'dadosExecutante',
        [
          ['contratadoExecutante', [prestador]],
          ['CNES', clinica.cnes],
        ],
      ],
      [
        'dadosAtendimento',
        [
          ['tipoAtendimento', TIPO_ATENDIMENTO_EXAME],
          ['indicacaoAcidente', NAO_ACIDENTE],
          ['regimeAtendimento', AMBULATORIAL],
        ],
      ],
      [
        'procedimentosExecutados',
        guia.procedimentos.map((p, i): Element => [
          'procedimentoExecutado',
          [
            ['sequencialItem', String(i + 1)],
            ['dataExecucao', guia.execucao.data],
            guia.execucao.horaInicial ? ['horaInicial', guia.execucao.horaInicial] : null,
            guia.execucao.horaFinal ? ['horaFinal', guia.execucao.horaFinal] : null,
            [
              'procedimento',
              [
                ['codigoTabela', p.tabela],
                ['codigoProcedimento', p.codigo],
                ['descricaoProcedimento', p.descricao],
              ],
            ],
            ['quantidadeExecutada', String(p.quantidade)],
            ['reducaoAcrescimo', '1.00'],
            ['valorUnitario', decimal(p.valorUnitario)],
            ['valorTotal', decimal(p.valorTotal)],
            [
              'equipeSadt',
              [
                // the executing doctor works under the clinic's contract with the operadora
                ['codProfissional', [prestador]],
                ['nomeProf', executante.nome],
                ['conselho', TISS_CONSELHOS[executante.conselho]],
                ['numeroConselhoProfissional', executante.numero],
                ['UF', TISS_UF_CODES[executante.uf]],
                ['CBOS', executante.cbo],
              ],
            ],
          ],
        ]),
      ],
      [
        'valorTotal',
        [
          ['valorProcedimentos', decimal(valorGuia)],
          ['valorTotalGeral', decimal(valorGuia)],
        ],
      ],
    ],
  ]
}

/** The message's body, everything but the epílogo: cabeçalho then the batch. */
function body(document: TissLoteDocument, guias: readonly TissGuia[]): Element[] {
  return [
    [
      'cabecalho',
      [
        [
          'identificacaoTransacao',
          [
            ['tipoTransacao', 'ENVIO_LOTE_GUIAS'],
            ['sequencialTransacao', document.numeroLote],
            ['dataRegistroTransacao', document.geradoEm.data],
            ['horaRegistroTransacao', document.geradoEm.hora],
          ],
        ],
        ['origem', [['identificacaoPrestador', [['codigoPrestadorNaOperadora', document.operadora.codigoPrestador]]]]],
        ['destino', [['registroANS', document.operadora.registroAns]]],
        ['Padrao', TISS_VERSION],
      ],
    ],
    [
      'prestadorParaOperadora',
      [
        [
          'loteGuias',
          [
            ['numeroLote', document.numeroLote],
            ['guiasTISS', guias.map((guia) => guiaElement(document, guia))],
          ],
        ],
      ],
    ],
  ]
}

/** Writes the elements as XML (no whitespace between them: nothing but values is hashed) and collects the values. */
function write(elements: readonly (Element | null)[], out: string[], values: string[]) {
  for (const element of elements) {
    if (element === null) continue
    const [name, content] = element
    out.push(`<ans:${name}>`)
    if (typeof content === 'string') {
      out.push(escapeXml(content))
      values.push(content)
    } else write(content, out, values)
    out.push(`</ans:${name}>`)
  }
}

/** MD5 of a Latin-1 text (each character one byte), as 32 lower-case hexadecimal digits. */
export type Latin1Md5 = (latin1: string) => string

/**
 * The batch's text (every character Latin-1: write it as ISO-8859-1 bytes) and its epílogo hash: the MD5 of every
 * element's value concatenated in document order, the hash element itself excluded. `guias` defaults to the
 * document's; the validator passes a single guia to find which one the schema refuses.
 */
export function tissBatchText(
  document: TissLoteDocument,
  md5: Latin1Md5,
  guias: readonly TissGuia[] = document.guias,
): { text: string; hash: string } {
  const out: string[] = []
  const values: string[] = []
  write(body(document, guias), out, values)
  const hash = md5(values.join(''))
  const text =
    `<?xml version="1.0" encoding="ISO-8859-1"?>\n<ans:mensagemTISS xmlns:ans="${NAMESPACE}">` +
    `${out.join('')}<ans:epilogo><ans:hash>${hash}</ans:hash></ans:epilogo></ans:mensagemTISS>\n`
  return { text, hash }
}
