// The appointment form's schema and mapping, without the DOM: what a browser's date/time inputs cannot
// produce in jsdom (an impossible date typed where the input is plain text), the edit rule for past
// appointments, and the request body.
import { describe, expect, it } from 'vitest'
import { messages, type Agendamento } from '@contract'
import {
  appointmentFormSchema,
  appointmentToForm,
  emptyAppointmentForm,
  formToRequest,
  type AppointmentFormValues,
} from '@/features/appointments/lib/appointment-form'
import { toListFilters } from '@/features/appointments/lib/filters'

// 12:00 UTC on 2030-06-15 = 09:00 at the clinic, the same day
const now = () => new Date('2030-06-15T12:00:00.000Z')

const valid: AppointmentFormValues = {
  valor: 'R$ 1.234,56',
  data: '2030-06-15',
  hora: '14:00',
  pacienteId: '2c7a1e8f-3e4b-4c9d-8f2a-000000000001',
  medicoId: '1b6f0f7e-2d3a-4b8c-9e1f-000000000001',
  exames: ['Raio-X'],
  convenio: ' Unimed ',
  estaPago: 'nao',
  anotacao: '',
  catalogoExames: [],
  convenioId: '',
  carteirinha: '',
  guia: '',
  senhaAutorizacao: '',
}

function errorsOf(values: AppointmentFormValues, options: Parameters<typeof appointmentFormSchema>[0] = { now }) {
  const result = appointmentFormSchema(options).safeParse(values)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('appointment form schema', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(valid)).toEqual({})
  })

  it("marks every required field 'Obrigatório*'", () => {
    expect(errorsOf(emptyAppointmentForm)).toEqual({
      data: messages.required,
      hora: messages.required,
      valor: messages.required,
      pacienteId: messages.required,
      medicoId: messages.required,
      estaPago: messages.required,
      exames: messages.required,
    })
  })

  it("says 'Data/horário inválido!' for an impossible date or time", () => {
    expect(errorsOf({ ...valid, data: '2030-02-30' })).toEqual({ data: messages.invalidDateTime })
    expect(errorsOf({ ...valid, data: '15/06/2030' })).toEqual({ data: messages.invalidDateTime })
    expect(errorsOf({ ...valid, hora: '25:00' })).toEqual({ data: messages.invalidDateTime })
  })

  it("refuses a day before the clinic's today, not today itself", () => {
    expect(errorsOf({ ...valid, data: '2030-06-14' })).toEqual({ data: messages.dateBeforeToday })
    expect(errorsOf({ ...valid, data: '2030-06-15', hora: '00:00' })).toEqual({})
    // 01:00 UTC on the 16th is still the 15th at the clinic: the 15th is today, not yesterday
    expect(errorsOf({ ...valid, data: '2030-06-15' }, { now: () => new Date('2030-06-16T01:00:00.000Z') })).toEqual({})
    expect(errorsOf({ ...valid, data: '2030-06-15' }, { now: () => new Date('2030-06-16T03:00:00.000Z') })).toEqual({
      data: messages.dateBeforeToday,
    })
  })

  it('lets an edited appointment keep its past date-time, not move to another past one', () => {
    const originalDatahora = '2030-06-10T11:00:00.000Z'
    expect(errorsOf({ ...valid, data: '2030-06-10', hora: '11:00' }, { now, originalDatahora })).toEqual({})
    expect(errorsOf({ ...valid, data: '2030-06-10', hora: '11:30' }, { now, originalDatahora })).toEqual({
      data: messages.dateBeforeToday,
    })
    expect(errorsOf({ ...valid, data: '2030-06-09', hora: '11:00' }, { now, originalDatahora })).toEqual({
      data: messages.dateBeforeToday,
    })
    // the same instant written without milliseconds is the same date-time
    expect(
      errorsOf({ ...valid, data: '2030-06-10', hora: '11:00' }, { now, originalDatahora: '2030-06-10T11:00:00Z' }),
    ).toEqual({})
  })

  it('checks the value, the exams and the note with the contract rules', () => {
    expect(errorsOf({ ...valid, valor: 'cem reais' })).toEqual({ valor: messages.valueInvalid })
    expect(errorsOf({ ...valid, valor: '1.000.000,00' })).toEqual({ valor: messages.valueInvalid })
    expect(errorsOf({ ...valid, valor: '0,00' })).toEqual({})
    expect(errorsOf({ ...valid, exames: ['  '] })).toEqual({ exames: messages.emptyExam })
    expect(errorsOf({ ...valid, anotacao: 'a'.repeat(200) })).toEqual({})
    expect(errorsOf({ ...valid, anotacao: 'a'.repeat(201) })).toEqual({ anotacao: messages.noteTooLong })
  })

  it('builds the request body: floating datahora, cents, boolean, trimmed texts (the API layer adds userId)', () => {
    expect(formToRequest(valid)).toEqual({
      datahora: '2030-06-15T14:00:00.000Z',
      anotacao: '',
      convenio: 'Unimed',
      valorIncents: 123456,
      estaPago: false,
      pacienteId: valid.pacienteId,
      medicoId: valid.medicoId,
      exames: ['Raio-X'],
    })
  })

  it('pre-fills from an appointment read back', () => {
    const agendamento: Agendamento = {
      id: '3d8b2f9a-4f5c-4dae-9a3b-000000000001',
      datahora: '2030-06-15T08:30:00.000Z',
      anotacao: 'nota',
      convenio: 'Particular',
      valorIncents: 25_000,
      estapago: true,
      userId: 'u',
      pacienteId: 'p',
      medicoId: 'm',
      paciente: { id: 'p', nome: 'conceição araújo' },
      doutor: { id: 'm', nome: 'Carlos Mendes' },
      exames: ['Raio-X de tórax'],
      versao: 3,
    }
    expect(appointmentToForm(agendamento)).toEqual({
      valor: 'R$ 250,00',
      data: '2030-06-15',
      hora: '08:30',
      pacienteId: 'p',
      medicoId: 'm',
      exames: ['Raio-X de tórax'],
      convenio: 'Particular',
      estaPago: 'sim',
      anotacao: 'nota',
      // the edit modal does not book from the catalogue: the copies stay as they are
      catalogoExames: [],
      convenioId: '',
      carteirinha: '',
      guia: '',
      senhaAutorizacao: '',
    })
  })
})

describe('list filters', () => {
  const none = { pacienteNome: '', medicoId: '', dataInicio: '', dataFim: '' }
  it('combines what is filled and leaves out the rest', () => {
    expect(toListFilters(none)).toEqual({ filters: {} })
    expect(toListFilters({ ...none, pacienteNome: '  ana ', medicoId: 'm' })).toEqual({
      filters: { pacienteNome: 'ana', medicoId: 'm' },
    })
  })
  it('needs both dates and covers whole days', () => {
    expect(toListFilters({ ...none, dataInicio: '2030-06-01' })).toEqual({
      filters: {},
      dateError: messages.dateRangeNeedsBoth,
    })
    expect(toListFilters({ ...none, dataFim: '2030-06-01' })).toEqual({
      filters: {},
      dateError: messages.dateRangeNeedsBoth,
    })
    expect(toListFilters({ ...none, dataInicio: '2030-06-02', dataFim: '2030-06-01' })).toEqual({
      filters: {},
      dateError: messages.dateRangeOrder,
    })
    expect(toListFilters({ ...none, dataInicio: '2030-06-01', dataFim: '2030-06-30' })).toEqual({
      filters: { datainicior: '2030-06-01T00:00:00.000Z', datafimr: '2030-06-30T23:59:59.999Z' },
    })
  })
})
