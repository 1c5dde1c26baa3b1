// The appointment form (create and edit): what the fields hold, how they are checked with the contract's
// rules, and how they become the request body. Pure functions, no React.
import { z } from 'zod'
import {
  centsField,
  datePart,
  examNameField,
  isoDateTimeField,
  isBeforeClinicToday,
  messages,
  noteField,
  optionalText,
  timePart,
  toFloatingDateTime,
  type Agendamento,
  type RegisterAgendamentoRequest,
} from '@contract'
import { formatMoney, parseMoney } from '@/lib/format'

export const NOTE_MAX = 200

/** What the inputs hold: text everywhere, as typed. */
export interface AppointmentFormValues {
  valor: string
  data: string
  hora: string
  pacienteId: string
  medicoId: string
  exames: string[]
  convenio: string
  /** The 'Está pago?' radio group: nothing chosen yet, 'sim' or 'nao'. */
  estaPago: '' | 'sim' | 'nao'
  anotacao: string
  // Booking from the catalogue (docs/decisions.md, "Exam catalogue"); only the creation modal offers it.
  /** Exams picked from the catalogue (their names go first in `exames`). */
  catalogoExames: { id: string; nome: string }[]
  /** A convênio of the list ('' : the Convênio typed as text). */
  convenioId: string
  carteirinha: string
  guia: string
  senhaAutorizacao: string
}

const noCatalogue = { catalogoExames: [], convenioId: '', carteirinha: '', guia: '', senhaAutorizacao: '' }

export const emptyAppointmentForm: AppointmentFormValues = {
  valor: '',
  data: '',
  hora: '',
  pacienteId: '',
  medicoId: '',
  exames: [],
  convenio: '',
  estaPago: '',
  anotacao: '',
  ...noCatalogue,
}

/** The form pre-filled with an appointment read back from the API (the detail/edit modal). */
export function appointmentToForm(agendamento: Agendamento): AppointmentFormValues {
  return {
    valor: formatMoney(agendamento.valorIncents),
    data: datePart(agendamento.datahora),
    hora: timePart(agendamento.datahora),
    pacienteId: agendamento.pacienteId,
    medicoId: agendamento.medicoId,
    exames: [...agendamento.exames],
    convenio: agendamento.convenio,
    estaPago: agendamento.estapago ? 'sim' : 'nao',
    anotacao: agendamento.anotacao,
    ...noCatalogue,
  }
}

export interface AppointmentFormOptions {
  /**
   * Editing: the date-time the appointment had. It may stay in the past (e.g. to mark a past appointment
   * paid); only moving it to a day before the clinic's today is refused, as the server does.
   */
  originalDatahora?: string
  /** The clock (tests). */
  now?: () => Date
}

const sameInstant = (a: string, b: string | undefined) => b !== undefined && Date.parse(a) === Date.parse(b)

const firstMessage = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message

/**
 * The form's schema. Every field is text so that a half-filled form still parses; one pass then adds
 * docs/product.md §5's messages with the contract's own field rules: 'Obrigatório*' on each missing field, the date
 * rules, the value, the note length.
 */
export function appointmentFormSchema(options: AppointmentFormOptions = {}) {
  const now = options.now ?? (() => new Date())
  return z
    .object({
      valor: z.string(),
      data: z.string(),
      hora: z.string(),
      pacienteId: z.string(),
      medicoId: z.string(),
      exames: z.array(z.string()),
      convenio: z.string(),
      estaPago: z.enum(['', 'sim', 'nao']),
      anotacao: z.string(),
      catalogoExames: z.array(z.object({ id: z.string(), nome: z.string() })),
      convenioId: z.string(),
      carteirinha: z.string(),
      guia: z.string(),
      senhaAutorizacao: z.string(),
    })
    .superRefine((values, ctx) => {
      const issue = (path: keyof AppointmentFormValues, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message })
      const missing = (path: keyof AppointmentFormValues, empty: boolean) => {
        if (empty) issue(path, messages.required)
        return empty
      }

      // Date and time: required, a real date-time, and not on a day before the clinic's today.
      const noDate = missing('data', values.data.trim() === '')
      const noTime = missing('hora', values.hora.trim() === '')
      if (!noDate && !noTime) {
        const datahora = toFloatingDateTime(values.data, values.hora)
        const checked = isoDateTimeField.safeParse(datahora ?? 'invalid')
        if (datahora === null || !checked.success) issue('data', messages.invalidDateTime)
        else if (!sameInstant(datahora, options.originalDatahora) && isBeforeClinicToday(datahora, now()))
          issue('data', messages.dateBeforeToday)
      }

      // Value: currency text → cents, within the contract's range.
      if (!missing('valor', values.valor.trim() === '')) {
        const cents = parseMoney(values.valor)
        const message = cents === null ? messages.valueInvalid : firstMessage(centsField.safeParse(cents))
        if (message) issue('valor', message)
      }

      missing('pacienteId', values.pacienteId === '')
      missing('medicoId', values.medicoId === '')
      missing('estaPago', values.estaPago === '')
      // an exam picked from the catalogue counts as the list's entry
      if (!missing('exames', values.exames.length === 0 && values.catalogoExames.length === 0)) {
        const bad = values.exames.map((exame) => firstMessage(examNameField.safeParse(exame))).find(Boolean)
        if (bad) issue('exames', bad)
      }

      const convenio = firstMessage(optionalText(120).safeParse(values.convenio))
      if (convenio) issue('convenio', convenio)
      const note = firstMessage(noteField.safeParse(values.anotacao))
      if (note) issue('anotacao', note)
    })
}

/**
 * The request body of a valid form (call after the schema passed). Without `userId`: the API layer adds
 * the creator (the signed-in user on create, the stored one on update).
 */
export function formToRequest(values: AppointmentFormValues): Omit<RegisterAgendamentoRequest, 'userId'> {
  return {
    datahora: toFloatingDateTime(values.data, values.hora)!,
    anotacao: values.anotacao,
    convenio: values.convenio.trim(),
    valorIncents: parseMoney(values.valor)!,
    estaPago: values.estaPago === 'sim',
    pacienteId: values.pacienteId,
    medicoId: values.medicoId,
    exames: [...values.catalogoExames.map((exame) => exame.nome), ...values.exames.map((exame) => exame.trim())],
    ...catalogueFields(values),
  }
}

/** The catalogue's fields, only when something was picked: otherwise the specification's body as it was. */
function catalogueFields(values: AppointmentFormValues) {
  return {
    ...(values.catalogoExames.length > 0 ? { exameIds: values.catalogoExames.map((exame) => exame.id) } : {}),
    ...(values.convenioId
      ? {
          convenioId: values.convenioId,
          carteirinha: values.carteirinha.trim(),
          guia: values.guia.trim(),
          senhaAutorizacao: values.senhaAutorizacao.trim(),
        }
      : {}),
  }
}

/** The form's field for a field of the request (a 400's `issues` name them so), if the form has one. */
export function formFieldOf(apiField: string): keyof AppointmentFormValues | undefined {
  if (apiField === 'datahora') return 'data'
  if (apiField === 'valorIncents') return 'valor'
  return (['pacienteId', 'medicoId', 'exames', 'convenio', 'estaPago', 'anotacao'] as const).find(
    (field) => field === apiField,
  )
}

/** True when the form's errors include a missing required field: docs/product.md §5's 'Preencha todos os dados!'. */
export function hasMissingField(
  errors: Partial<Record<keyof AppointmentFormValues, { message?: string } | undefined>>,
): boolean {
  return Object.values(errors).some((error) => error?.message === messages.required)
}
