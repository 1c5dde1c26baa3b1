// The laudo's text rules (contract/laudo-text.ts, issue 36): placeholders, the due date in business days,
// and 'Pronto para liberar' with mammography's BI-RADS.
import { describe, expect, it } from 'vitest'
import {
  fillLaudoTemplate,
  isLaudoLate,
  laudoDueDate,
  laudoProntoParaLiberar,
  messages,
  unknownLaudoPlaceholders,
  type Horario,
} from '@contract'

const weekdays: Horario[] = [1, 2, 3, 4, 5].map((dia) => ({ dia, inicio: '07:00', fim: '19:00' }))
const withSaturday: Horario[] = [...weekdays, { dia: 6, inicio: '07:00', fim: '12:00' }]
const values = {
  '{paciente}': 'Maria Souza',
  '{idade}': '52 anos',
  '{sexo}': 'Feminino',
  '{exame}': 'Mamografia bilateral',
  '{data_exame}': '27/11/2026',
  '{convenio}': 'Particular',
  '{medico}': 'Dra. Helena Duarte',
  '{crm}': 'CRM-PE 123456',
}

describe('the template', () => {
  it('fills every known placeholder and leaves an unknown one as typed', () => {
    expect(fillLaudoTemplate('{paciente}, {idade}, {sexo}: {exame} em {data_exame} ({convenio}).', values)).toBe(
      'Maria Souza, 52 anos, Feminino: Mamografia bilateral em 27/11/2026 (Particular).',
    )
    expect(fillLaudoTemplate('{medico} — {crm} {nome}', values)).toBe('Dra. Helena Duarte — CRM-PE 123456 {nome}')
    expect(unknownLaudoPlaceholders('{paciente} {nome} {nome} {Exame}')).toEqual(['{nome}', '{Exame}'])
  })
})

describe("'Previsão' in business days", () => {
  it('skips the days the clinic is closed, across a month and a year', () => {
    // Friday 2026-11-27 + 2 business days: Tuesday 2026-12-01
    expect(laudoDueDate('2026-11-27', 2, weekdays)).toBe('2026-12-01')
    // a clinic open on Saturdays counts it
    expect(laudoDueDate('2026-11-27', 2, withSaturday)).toBe('2026-11-30')
    // an exam on a Saturday, 1 day: Monday
    expect(laudoDueDate('2026-11-28', 1, weekdays)).toBe('2026-11-30')
    expect(laudoDueDate('2026-12-31', 1, weekdays)).toBe('2027-01-01')
    expect(laudoDueDate('2026-11-27', 0, weekdays)).toBe('2026-11-27')
    // no hours kept: Monday to Friday
    expect(laudoDueDate('2026-11-27', 1, [])).toBe('2026-11-30')
  })

  it("is 'Atrasado' only after the due date", () => {
    expect(isLaudoLate('2026-12-01', '2026-12-01')).toBe(false)
    expect(isLaudoLate('2026-12-01', '2026-12-02')).toBe(true)
  })
})

describe("'Pronto para liberar'", () => {
  const draft = {
    tecnica: 'Incidências CC e MLO.',
    relatorio: 'Mamas densas.',
    impressao: 'Sem achados.',
    birads: null,
  }
  const issues = (modalidade: 'MMG' | 'US', texto: unknown) => {
    const parsed = laudoProntoParaLiberar(modalidade).safeParse(texto)
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])
  }

  it("requires mammography's BI-RADS category, 0 to 6, and no other modality's", () => {
    expect(issues('MMG', draft)).toEqual([['birads', messages.biradsRequired]])
    expect(issues('MMG', { ...draft, birads: 2 })).toEqual([])
    expect(issues('MMG', { ...draft, birads: 0 })).toEqual([])
    expect(issues('MMG', { ...draft, birads: 7 })).toEqual([['birads', messages.biradsInvalid]])
    expect(issues('US', draft)).toEqual([])
  })

  it('requires the diagnostic impression', () => {
    expect(issues('US', { ...draft, impressao: '  ' })).toEqual([['impressao', messages.laudoImpressaoRequired]])
  })
})
