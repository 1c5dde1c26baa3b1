// The laudo's short codes (issue 36 point 2): '.codigo' typed at the end of a text becomes the phrase.
import { describe, expect, it } from 'vitest'
import { expandPhraseCode, SalvarModeloLaudoRequest, templateMessages } from '@contract'

const frases = [
  { codigo: 'normal', texto: 'Exame dentro dos limites da normalidade.' },
  { codigo: 'bir2', texto: 'Achados benignos (BI-RADS 2).' },
]

describe('expandPhraseCode', () => {
  it('replaces a known code at the end of the text, after a space, a line break or alone', () => {
    expect(expandPhraseCode('Conclusão: .normal', frases)).toBe('Conclusão: Exame dentro dos limites da normalidade.')
    expect(expandPhraseCode('Fígado normal.\n.bir2', frases)).toBe('Fígado normal.\nAchados benignos (BI-RADS 2).')
    expect(expandPhraseCode('.NORMAL', frases)).toBe('Exame dentro dos limites da normalidade.')
  })

  it('leaves anything else alone (null)', () => {
    expect(expandPhraseCode('Conclusão: .desconhecido', frases)).toBeNull()
    expect(expandPhraseCode('arquivo.normal', frases)).toBeNull()
    expect(expandPhraseCode('.normal no meio', frases)).toBeNull()
    expect(expandPhraseCode('', frases)).toBeNull()
  })
})

describe("the template's placeholders", () => {
  it('refuses an unknown {placeholder}, naming it', () => {
    const result = SalvarModeloLaudoRequest.safeParse({
      exameId: '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10',
      tecnica: '{exame} em {data_exame}',
      relatorio: '{paciente} {nome_mae}',
      impressao: '',
    })
    expect(result.success).toBe(false)
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['relatorio'], message: templateMessages.unknownPlaceholder('{nome_mae}') }),
    ])
    expect(templateMessages.unknownPlaceholder('{nome_mae}')).toMatch(
      /^Marcador inválido: \{nome_mae\}\. Use \{paciente\}/,
    )
  })
})
