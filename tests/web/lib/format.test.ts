import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  capitalizeName,
  digitsOnly,
  firstName,
  formatClinicStamp,
  formatCpf,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPhone,
  parseMoney,
} from '@/lib/format'

describe('formatMoney', () => {
  it.each([
    [123456, 'R$ 1.234,56'],
    [15000, 'R$ 150,00'],
    [5, 'R$ 0,05'],
    [0, 'R$ 0,00'],
    [100000000, 'R$ 1.000.000,00'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text)
  })
})

describe('parseMoney', () => {
  it.each([
    ['R$ 1.234,56', 123456],
    ['R$\u00a01.234,56', 123456],
    ['1234,5', 123450],
    ['1234,56', 123456],
    ['150', 15000],
    ['1.234', 123400],
    [' 0,99 ', 99],
    ['r$ 10', 1000],
  ])('%s → %i cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents)
  })

  it.each(['', '   ', 'R$', 'abc', '12,345', '1,2,3', '-5', '12.34', '1.23.456', '10,'])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeNull()
  })

  it('round-trips with formatMoney', () => {
    for (const cents of [0, 1, 99, 100, 123456, 987654321]) expect(parseMoney(formatMoney(cents))).toBe(cents)
  })
})

describe('formatCpf / digitsOnly', () => {
  it('formats eleven digits', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25')
    expect(formatCpf('00000000191')).toBe('000.000.001-91')
  })
  it('leaves anything else as given', () => {
    expect(formatCpf('123')).toBe('123')
  })
  it('keeps only digits', () => {
    expect(digitsOnly('529.982.247-25')).toBe('52998224725')
    expect(digitsOnly('(11) 98765-4321')).toBe('11987654321')
  })
})

describe('formatPhone', () => {
  it('formats mobile (11 digits) and landline (10 digits) numbers', () => {
    expect(formatPhone(11987654321)).toBe('(11) 98765-4321')
    expect(formatPhone(1134567890)).toBe('(11) 3456-7890')
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321')
  })
  it('leaves other lengths as given', () => {
    expect(formatPhone(12345)).toBe('12345')
  })
})

describe('capitalizeName / firstName', () => {
  it.each([
    ['maria da conceição', 'Maria da Conceição'],
    ['MARIA DAS GRAÇAS SOUZA', 'Maria das Graças Souza'],
    ['joão dos santos e silva', 'João dos Santos e Silva'],
    ['  ana   de   oliveira ', 'Ana de Oliveira'],
    ["ana-luísa d'ávila", "Ana-Luísa D'Ávila"],
    ['da silva', 'Da Silva'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(capitalizeName(input)).toBe(output)
  })

  it("gives what the pt-BR locale's case mapping gives, for any text (and again from its cache)", () => {
    // the former implementation, with toLocaleLowerCase/toLocaleUpperCase('pt-BR')
    const particles = new Set(['da', 'de', 'do', 'das', 'dos', 'e'])
    const reference = (name: string) =>
      name
        .trim()
        .toLocaleLowerCase('pt-BR')
        .split(/\s+/)
        .filter(Boolean)
        .map((word, index) =>
          index > 0 && particles.has(word)
            ? word
            : word.replace(
                /(^|[-'])(\p{L})/gu,
                (_, sep: string, letter: string) => sep + letter.toLocaleUpperCase('pt-BR'),
              ),
        )
        .join(' ')
    const letters = fc.constantFrom(..."aáàâãäbcçdeéêfghiíjklmnoóôõpqrstuúüvwxyzAÁÂÃÇÉÊÍÓÔÕÚßİıΣσςǅ-' ".split(''))
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: letters }), fc.string({ unit: 'grapheme' })), (name) => {
        expect(capitalizeName(name)).toBe(reference(name))
        expect(capitalizeName(name)).toBe(reference(name))
      }),
    )
  })

  it('takes the first word, capitalised', () => {
    expect(firstName('rita recepcionista')).toBe('Rita')
    expect(firstName('Ana Administradora')).toBe('Ana')
  })
})

describe('dates (re-exported from the contract)', () => {
  it('shows floating time as written', () => {
    expect(formatDate('2025-03-09')).toBe('09/03/2025')
    expect(formatDateTime('2025-03-09T14:05:00.000Z')).toBe('09/03/2025 14:05')
    expect(formatClinicStamp(Date.parse('2025-03-09T12:00:00.000Z'))).toBe('09/03 às 09:00')
  })
})
