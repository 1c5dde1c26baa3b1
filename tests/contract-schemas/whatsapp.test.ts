import { describe, expect, it } from 'vitest'
import {
  buildMessage,
  examesComPreparo,
  DEFAULT_MESSAGE_TEMPLATE,
  formatClinicPhone,
  MESSAGE_MAX_CHARS,
  PLACEHOLDER_MAX_CHARS,
  isValidCnpj,
  maskCpf,
  MESSAGE_PLACEHOLDERS,
  nextWorkingDay,
  phoneReasons,
  unknownPlaceholders,
  whatsappLink,
  whatsappPhone,
  type MessageData,
} from '../../contract/whatsapp'
import { DEMO_EXAMES } from '../../demo/catalogue'

const clinica = { nome: 'Clínica Boa Imagem', endereco: 'Rua das Acácias, 100', telefone: '(19) 3232-1000' }
const data: MessageData = {
  paciente: { nome: 'maria da conceição' },
  datahora: '2026-11-25T14:30:00.000Z', // a Wednesday, floating clinic time
  convenio: 'Unimed',
  exames: [{ nome: 'Ultrassom de abdome', preparo: 'Jejum de 8 horas.' }, { nome: 'Raio-X de tórax' }],
  clinica,
}

describe('buildMessage', () => {
  it('fills in every placeholder', () => {
    const template = Object.keys(MESSAGE_PLACEHOLDERS).join('|')
    expect(buildMessage(template, data).split('|')).toEqual([
      'Maria',
      'quarta-feira',
      '25/11/2026',
      '14:30',
      'Ultrassom de abdome, Raio-X de tórax',
      'Preparo para Ultrassom de abdome: Jejum de 8 horas.',
      'pedido médico, documento com foto e carteirinha do convênio',
      'Rua das Acácias, 100',
      'Clínica Boa Imagem',
      '(19) 3232-1000',
    ])
  })

  it('the default template asks to answer 1 or 2 and lists what to bring and where', () => {
    expect(buildMessage(DEFAULT_MESSAGE_TEMPLATE, data)).toBe(
      [
        'Olá, Maria! Aqui é da Clínica Boa Imagem.',
        'Seu atendimento está marcado para quarta-feira, 25/11/2026, às 14:30.',
        'Exames: Ultrassom de abdome, Raio-X de tórax.',
        'Preparo para Ultrassom de abdome: Jejum de 8 horas.',
        'Traga: pedido médico, documento com foto e carteirinha do convênio.',
        'Endereço: Rua das Acácias, 100.',
        'Responda 1 para confirmar ou 2 para remarcar.',
      ].join('\n'),
    )
  })

  it('one line per exam with a preparo; without any, says none is registered and where to ask', () => {
    const both = buildMessage('{preparo}', {
      ...data,
      exames: [
        { nome: 'A', preparo: 'Jejum.' },
        { nome: 'B', preparo: ' Bexiga cheia. ' },
      ],
    })
    expect(both).toBe('Preparo para A: Jejum.\nPreparo para B: Bexiga cheia.')
    const none = buildMessage('{preparo}', { ...data, exames: [{ nome: 'Raio-X' }, { nome: 'B', preparo: '  ' }] })
    expect(none).toBe('Preparo: nenhuma orientação especial cadastrada. Dúvidas: (19) 3232-1000.')
  })

  it('without a convênio the insurance card is not asked for', () => {
    expect(buildMessage('{levar}', { ...data, convenio: ' ' })).toBe('pedido médico e documento com foto')
  })

  it('an unknown placeholder stays as written and is reported by the template check', () => {
    expect(buildMessage('Oi {paciente}', data)).toBe('Oi {paciente}')
    expect(unknownPlaceholders('Oi {paciente} {nome} {x}')).toEqual(['{paciente}', '{x}'])
    expect(unknownPlaceholders(DEFAULT_MESSAGE_TEMPLATE)).toEqual([])
  })
})

describe('whatsappPhone', () => {
  it('a mobile with DDD becomes 55 + DDD + number', () => {
    expect(whatsappPhone(11987654321)).toEqual({ ok: true, numero: '5511987654321' })
    expect(whatsappPhone('5581912345678')).toEqual({ ok: true, numero: '5581912345678' })
  })
  it('a landline gets no button, with the reason', () => {
    expect(whatsappPhone(1932321000)).toEqual({ ok: false, motivo: phoneReasons.landline })
  })
  it('a number without DDD gets no button, with the reason', () => {
    expect(whatsappPhone(987654321)).toEqual({ ok: false, motivo: phoneReasons.noDdd })
    expect(whatsappPhone(32321000)).toEqual({ ok: false, motivo: phoneReasons.noDdd })
  })
  it('anything else is invalid', () => {
    expect(whatsappPhone(1087654321)).toEqual({ ok: false, motivo: phoneReasons.invalid })
    expect(whatsappPhone(11887654321)).toEqual({ ok: false, motivo: phoneReasons.invalid })
  })
  it('the link carries the text encoded', () => {
    const link = whatsappLink('5511987654321', 'Olá, Maria!\nResponda 1')
    expect(link).toBe('https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Maria!%0AResponda%201')
    expect(decodeURIComponent(new URL(link).searchParams.get('text')!)).toBe('Olá, Maria!\nResponda 1')
  })
})

describe('documents and days', () => {
  it('the CPF keeps only its middle digits', () => {
    expect(maskCpf('12345678909')).toBe('***.456.789-**')
  })
  it('CNPJ check digits', () => {
    expect(isValidCnpj('11222333000181')).toBe(true)
    expect(isValidCnpj('11222333000182')).toBe(false)
    expect(isValidCnpj('00000000000000')).toBe(false)
  })
  it('the next working day skips the weekend', () => {
    expect(nextWorkingDay('2026-11-24')).toBe('2026-11-25') // Tuesday → Wednesday
    expect(nextWorkingDay('2026-11-27')).toBe('2026-11-30') // Friday → Monday
    expect(nextWorkingDay('2026-11-28')).toBe('2026-11-30') // Saturday → Monday
  })
})

describe('examesComPreparo', () => {
  it('without a catalogue the exams carry no preparo', () => {
    expect(examesComPreparo(['Raio-X'])).toEqual([{ nome: 'Raio-X' }])
  })
  it("takes the catalogue's preparo by name, ignoring case and accents", () => {
    const catalogo = [{ nome: 'Ultrassom de Abdômen', preparo: 'Jejum de 8 horas.' }, { nome: 'Raio-X' }]
    expect(examesComPreparo(['ultrassom de abdomen', 'Raio-X'], catalogo)).toEqual([
      { nome: 'ultrassom de abdomen', preparo: 'Jejum de 8 horas.' },
      { nome: 'Raio-X' },
    ])
  })
})

describe('issue 34 and 35: what the patient reads', () => {
  const catalogo = DEMO_EXAMES
  it("a fasting exam booked by a free-text name gets the catalogue's preparo", () => {
    const [us, rx] = examesComPreparo(['Ultrassonografia de abdome total', 'Raio-X de tórax'], catalogo)
    expect(us!.preparo).toMatch(/^Jejum absoluto de 8 horas/)
    expect(rx).toEqual({ nome: 'Raio-X de tórax' }) // 'RX de tórax PA e perfil' has none
    const text = buildMessage('{preparo}', { ...data, exames: [us!] })
    expect(text).toMatch(/^Preparo para Ultrassonografia de abdome total: Jejum absoluto/)
    // ambiguous ('US abdome total' or 'US abdome superior'): no guess
    expect(examesComPreparo(['Ultrassom de abdome'], catalogo)).toEqual([{ nome: 'Ultrassom de abdome' }])
  })

  it('leaves out a line whose placeholder is empty (no address yet) and formats the phone', () => {
    const empty = { nome: 'Clínica', endereco: ' ', telefone: '1134567890' }
    const text = buildMessage(DEFAULT_MESSAGE_TEMPLATE, { ...data, clinica: empty })
    expect(text).not.toMatch(/Endereço/)
    expect(text.split('\n')).toHaveLength(DEFAULT_MESSAGE_TEMPLATE.split('\n').length - 1)
    expect(buildMessage('{telefone_clinica}', { ...data, clinica: empty })).toBe('(11) 3456-7890')
    expect(formatClinicPhone('5511987654321')).toBe('(11) 98765-4321')
    expect(formatClinicPhone('ramal 20')).toBe('ramal 20')
    const none = buildMessage('{preparo}', { ...data, exames: [{ nome: 'X' }], clinica: empty })
    expect(none).toBe('Preparo: nenhuma orientação especial cadastrada. Dúvidas: (11) 3456-7890.')
  })

  it('caps each placeholder and the whole text, so the link stays far below browsers’ 2 MB', () => {
    const long = 'Jejum absoluto de 8 horas, inclusive de água, e bexiga cheia. '.repeat(16).slice(0, 1000)
    const exames = Array.from({ length: 30 }, (_, i) => ({ nome: `Exame ${i}`, preparo: long }))
    const template = '{preparo}'.repeat(Math.floor(1000 / 9))
    const text = buildMessage(template, { ...data, exames })
    expect([...text].length).toBeLessThanOrEqual(MESSAGE_MAX_CHARS)
    expect(text.endsWith('…')).toBe(true)
    expect(whatsappLink('5511987654321', text).length).toBeLessThan(100_000)
    // a real message stays whole
    expect(buildMessage(DEFAULT_MESSAGE_TEMPLATE, data)).not.toMatch(/…/)
    const one = buildMessage('{preparo}', { ...data, exames: [{ nome: 'A', preparo: 'x'.repeat(3_000) }] })
    expect([...one].length).toBe(PLACEHOLDER_MAX_CHARS)
  })
})
