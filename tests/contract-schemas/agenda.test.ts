import { describe, expect, it } from 'vitest'
import { bookedMinutes } from '../../contract/agenda'
import { messages } from '../../contract/messages'

// docs/decisions.md "Agenda and equipment", (1) durations: one rule for the server and the mock
describe('bookedMinutes', () => {
  const catalogue = { exames: ['RM crânio', 'Laudo avulso'], itens: [{ duracao: 40 }] }

  it('without a typed duration, the catalogue exams’ durations plus 15 per free-text exam', () => {
    expect(bookedMinutes(catalogue, undefined)).toEqual({ kind: 'ok', minutes: 55 })
    expect(bookedMinutes({ exames: ['US abdome', 'RX tórax'], itens: undefined }, undefined)).toEqual({
      kind: 'ok',
      minutes: 30,
    })
    expect(bookedMinutes({ exames: [], itens: undefined }, undefined)).toEqual({ kind: 'ok', minutes: 15 })
  })

  it('a typed duration at or over that minimum is kept', () => {
    expect(bookedMinutes(catalogue, 55)).toEqual({ kind: 'ok', minutes: 55 })
    expect(bookedMinutes(catalogue, 90)).toEqual({ kind: 'ok', minutes: 90 })
  })

  it('a typed duration under it is refused on duracaoMinutos with the Portuguese message', () => {
    expect(bookedMinutes(catalogue, 54)).toEqual({
      kind: 'tooShort',
      field: 'duracaoMinutos',
      message: messages.durationTooShort,
    })
  })
})
