import { describe, expect, it } from 'vitest'
import { DEMO_EXAMES } from '../../demo/catalogue'
import { examMatches, examWords, matchCatalogueExam } from '../../contract/exam-names'

const found = (query: string) => DEMO_EXAMES.filter((e) => examMatches(query, e)).map((e) => e.nome)

describe('the catalogue search by modality names and synonyms (issue 34)', () => {
  it("'ultrassom' and its synonyms find the 'US …' exams, accents and case aside", () => {
    // the US exams and the puncture guided by US
    const us = DEMO_EXAMES.filter((e) => e.modalidade === 'US' || e.nome.endsWith(' US')).map((e) => e.nome)
    for (const q of ['ultrassom', 'Ultrassonografia', 'ECOGRAFIA', 'us', 'ultra-som']) expect(found(q), q).toEqual(us)
    expect(found('ultrassom abdome')).toEqual(['US abdome total', 'US abdome superior'])
    expect(found('ultrasso')).toEqual(us) // still typing
  })
  it('each modality by its code and names', () => {
    expect(found('ressonância joelho')).toEqual(['RM de joelho'])
    expect(found('RM')).toEqual(DEMO_EXAMES.filter((e) => e.modalidade === 'RM').map((e) => e.nome))
    expect(found('tomografia crânio')).toEqual(['TC de crânio'])
    expect(found('raio-x joelho')).toEqual(['RX de joelho'])
    expect(found('raio x tórax')).toEqual(['RX de tórax PA e perfil'])
    expect(found('MG')).toEqual(['Mamografia bilateral', 'Mamografia digital com tomossíntese'])
    expect(found('DO')).toEqual(['Densitometria óssea (coluna e fêmur)'])
    expect(found('densitometria')).toEqual(['Densitometria óssea (coluna e fêmur)'])
    expect(found('abdome tot')).toEqual(['US abdome total', 'TC de abdome total com contraste'])
    expect(found('nada disso')).toEqual([])
  })
  it('reads a free-text name as the catalogue exam it means, and refuses to guess', () => {
    expect(examWords('Ressonância magnética do joelho')).toEqual(['rm', 'joelho'])
    const nome = (text: string) => matchCatalogueExam(text, DEMO_EXAMES)?.nome
    expect(nome('Ultrassonografia de abdome total')).toBe('US abdome total')
    expect(nome('Ressonância magnética do joelho')).toBe('RM de joelho')
    expect(nome('Tomografia de crânio')).toBe('TC de crânio')
    // words merely held by an exam's name are not enough
    expect(nome('Raio-X de tórax')).toBeUndefined()
    expect(nome('Ultrassonografia abdominal')).toBeUndefined()
    expect(nome('Mamografia bilateral')).toBe('Mamografia bilateral')
    expect(nome('Ultrassom de abdome')).toBeUndefined() // total or superior?
    expect(nome('Joelho')).toBeUndefined() // RX, RM?
  })
})
