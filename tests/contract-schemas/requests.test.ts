import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  addDays,
  api,
  clinicToday,
  isValidCpf,
  messages,
  RegisterAgendamentoRequest,
  RegisterPacienteRequest,
  validationErrorBody,
} from '@contract'

const validPaciente = {
  nome: 'Conceição Araújo',
  cpf: '52998224725',
  rg: '123456789',
  datanascimento: '1990-05-10T00:00:00.000Z',
  estadocivil: 'casado',
  sexo: 'feminino',
  cor: 'pardo',
  naturalidade: 'Salvador',
  profissao: 'Professora',
  email: 'Conceicao@Example.com',
  telefone: 71987654321,
  endereco: 'Rua das Flores',
  numeroendereco: 12,
  bairro: 'Centro',
  cidade: 'Salvador',
  estado: 'BA',
  userId: '6f1c2a0e-6f5b-4c8e-9a39-1b2c3d4e5f60',
}

const messagesOf = (result: z.ZodSafeParseResult<unknown>, field: string) =>
  result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message)

describe('patient rules (docs/product.md §5)', () => {
  it('accepts a complete patient and sends the name lowercased', () => {
    const result = RegisterPacienteRequest.parse(validPaciente)
    expect(result.nome).toBe('conceição araújo')
    expect(result.email).toBe('conceicao@example.com')
  })

  it('says which rule a field breaks, in Portuguese', () => {
    const result = RegisterPacienteRequest.safeParse({
      ...validPaciente,
      nome: 'Ana 2',
      cpf: '529.982.247-25',
      rg: '12a',
    })
    expect(messagesOf(result, 'nome')).toEqual([messages.nameLettersOnly])
    expect(messagesOf(result, 'cpf')).toEqual([messages.cpfRgDigitsOnly])
    expect(messagesOf(result, 'rg')).toEqual([messages.cpfRgDigitsOnly])
  })

  it('refuses a CPF with wrong check digits and repeated digits', () => {
    expect(isValidCpf('52998224725')).toBe(true)
    expect(isValidCpf('52998224724')).toBe(false)
    expect(isValidCpf('11111111111')).toBe(false)
    const result = RegisterPacienteRequest.safeParse({ ...validPaciente, cpf: '52998224724' })
    expect(messagesOf(result, 'cpf')).toEqual([messages.cpfInvalid])
  })

  it('answers missing fields with the form-level sentence and per-field Obrigatório*', () => {
    const result = RegisterPacienteRequest.safeParse({ ...validPaciente, bairro: '  ', telefone: undefined })
    expect(result.success).toBe(false)
    const body = validationErrorBody(api.registerPaciente, result.error!)
    expect(body.error).toBe(messages.patientMissingFieldsOnCreate)
    expect(body.issues).toMatchObject({
      bairro: { _errors: [messages.required] },
      telefone: { _errors: [messages.required] },
    })
    expect(validationErrorBody(api.updatePaciente, result.error!).error).toBe(messages.patientMissingFieldsOnUpdate)
  })

  it('refuses unknown keys', () => {
    expect(RegisterPacienteRequest.safeParse({ ...validPaciente, admin: true }).success).toBe(false)
  })
})

describe('appointment rules (docs/product.md §5)', () => {
  const base = {
    // within the 2 years ahead a booking may be made (docs/decisions.md, "Reliability")
    datahora: `${addDays(clinicToday(), 30)}T14:00:00.000Z`,
    valorIncents: 15000,
    estaPago: false,
    userId: validPaciente.userId,
    pacienteId: validPaciente.userId,
    medicoId: validPaciente.userId,
    exames: ['Raio-X de tórax'],
  }

  it('accepts a booking and fills the optional texts', () => {
    expect(RegisterAgendamentoRequest.parse(base)).toMatchObject({ anotacao: '', convenio: '' })
  })

  it('refuses a past date, an invalid date, an empty exam, a long note and a negative value', () => {
    const result = RegisterAgendamentoRequest.safeParse({
      ...base,
      datahora: '2020-01-01T10:00:00.000Z',
      exames: [' '],
      anotacao: 'x'.repeat(201),
      valorIncents: -1,
    })
    expect(messagesOf(result, 'datahora')).toEqual([messages.dateBeforeToday])
    expect(messagesOf(result, 'exames')).toEqual([messages.emptyExam])
    expect(messagesOf(result, 'anotacao')).toEqual([messages.noteTooLong])
    expect(messagesOf(result, 'valorIncents')).toEqual([messages.valueInvalid])
    expect(
      messagesOf(RegisterAgendamentoRequest.safeParse({ ...base, datahora: '2026-02-30T10:00' }), 'datahora'),
    ).toEqual([messages.invalidDateTime])
  })

  it('requires at least one exam and says so with the appointment sentence', () => {
    const result = RegisterAgendamentoRequest.safeParse({ ...base, exames: [], estaPago: undefined })
    expect(validationErrorBody(api.registerAgendamento, result.error!).error).toBe(messages.appointmentMissingFields)
  })

  it('needs both ends of a date range', () => {
    const result = api.listAgendamentos.body.safeParse({ page: 1, datainicior: '2026-11-22T00:00:00.000Z' })
    expect(result.error?.issues[0]?.message).toBe(messages.dateRangeNeedsBoth)
  })
})
