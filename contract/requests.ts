import { z } from 'zod'
import { messages } from './messages'
import { CORES, ESTADOS_CIVIS, ROLES, SEXOS } from './entities'
import { STATUSES } from './status'
import { agendamentoCatalogueFields } from './catalogue'
import {
  addressNumberField,
  appointmentDateTimeField,
  birthDateField,
  centsField,
  cepField,
  cpfField,
  emailField,
  enumField,
  examNameField,
  futureDateTimeField,
  idField,
  lettersOnlyName,
  newPasswordField,
  noteField,
  optionalText,
  pageField,
  phoneField,
  requiredError,
  requiredText,
  rgField,
  socialNameField,
} from './fields'

const MAX_RANGE_DAYS = 31
const DAY_MS = 86_400_000

// ---- users ----
export const LoginRequest = z.strictObject({
  email: z.string(requiredError).trim().min(1, messages.required).max(254, messages.textTooLong),
  password: z.string(requiredError).min(1, messages.required).max(1024, messages.textTooLong),
})
export type LoginRequest = z.infer<typeof LoginRequest>

export const RegisterUserRequest = z.strictObject({
  nome: lettersOnlyName(messages.lettersOnly),
  email: emailField,
  password: newPasswordField,
  /** The doctor this user is ('Minha agenda'); optional, and changeable later (/users/vincularMedico). */
  medicoId: idField.nullable().optional(),
})
export type RegisterUserRequest = z.input<typeof RegisterUserRequest>

/** 'Alterar senha': the signed-in user's current password and the new one. */
export const ChangePasswordRequest = z.strictObject({
  senhaAtual: z.string(requiredError).min(1, { error: messages.required, abort: true }).max(1024, messages.textTooLong),
  novaSenha: newPasswordField,
})
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>

/** An ADMIN changes a user's role. */
export const ChangeRoleRequest = z.strictObject({ id: idField, role: enumField(ROLES) })
export type ChangeRoleRequest = z.input<typeof ChangeRoleRequest>

// ---- médicos ----
export const RegisterMedicoRequest = z.strictObject({ nome: lettersOnlyName(messages.lettersOnly) })
export type RegisterMedicoRequest = z.input<typeof RegisterMedicoRequest>

export const IdRequest = z.strictObject({ id: idField })
export type IdRequest = z.infer<typeof IdRequest>

/** A call that takes nothing but is sent as JSON: the body is `{}` (POST /users/logout). */
export const EmptyRequest = z.strictObject({})
export type EmptyRequest = z.infer<typeof EmptyRequest>

// ---- pacientes ----
const pacienteFields = {
  nome: lettersOnlyName(messages.nameLettersOnly).toLowerCase(),
  cpf: cpfField,
  rg: rgField,
  datanascimento: birthDateField,
  estadocivil: enumField(ESTADOS_CIVIS),
  sexo: enumField(SEXOS),
  cor: enumField(CORES),
  naturalidade: requiredText(),
  profissao: requiredText(),
  email: emailField,
  telefone: phoneField,
  endereco: requiredText(200),
  numeroendereco: addressNumberField,
  bairro: requiredText(),
  cidade: requiredText(),
  estado: requiredText(50),
  /** Consent to WhatsApp messages; true unless the patient declines (docs/decisions.md "Messages and printouts"). */
  aceitaMensagens: z.boolean({ error: messages.invalidRequest }).default(true),
  // Issue 14: optional, so that a client of the specification's calls, which never sends them, still works;
  // an update without them leaves them as they are (docs/decisions.md, "Brazilian forms").
  cep: cepField.optional(),
  complemento: optionalText(120).optional(),
  nomesocial: socialNameField.optional(),
}

/** The patient's own fields, without ids: what the wizard collects. */
export const PacienteData = z.strictObject(pacienteFields)
export type PacienteData = z.input<typeof PacienteData>

export const RegisterPacienteRequest = z.strictObject({ ...pacienteFields, userId: idField })
export type RegisterPacienteRequest = z.input<typeof RegisterPacienteRequest>

export const UpdatePacienteRequest = z.strictObject({
  ...pacienteFields,
  // absent on an update: the consent stays as it was (an older client does not reset it)
  aceitaMensagens: z.boolean({ error: messages.invalidRequest }).optional(),
  id: idField,
  /** Optional lost-update guard: the `versao` the editor read. */
  versao: z.number({ error: messages.invalidRequest }).int().min(0).optional(),
})
export type UpdatePacienteRequest = z.input<typeof UpdatePacienteRequest>

export const PageRequest = z.strictObject({ page: pageField })
export type PageRequest = z.infer<typeof PageRequest>

export const FindPacienteByNomeRequest = z.strictObject({ nomer: requiredText(120), page: pageField })
export type FindPacienteByNomeRequest = z.infer<typeof FindPacienteByNomeRequest>

export const FindPacienteByCpfRequest = z.strictObject({
  cpf: z
    .string(requiredError)
    .trim()
    .min(1, { error: messages.required, abort: true })
    .regex(/^\d{1,11}$/, messages.cpfRgDigitsOnly),
})
export const FindPacienteByRgRequest = z.strictObject({
  rg: z
    .string(requiredError)
    .trim()
    .min(1, { error: messages.required, abort: true })
    .regex(/^\d{1,14}$/, messages.cpfRgDigitsOnly),
})

// ---- agendamentos ----
const agendamentoFields = {
  anotacao: noteField.default(''),
  convenio: optionalText(120).default(''),
  valorIncents: centsField,
  estaPago: z.boolean(requiredError),
  userId: idField,
  pacienteId: idField,
  medicoId: idField,
  exames: z
    .array(examNameField, requiredError)
    .min(1, { error: messages.appointmentMissingFields })
    .max(30, { error: messages.textTooLong }),
  // booking from the catalogue (docs/decisions.md, "Exam catalogue"): all optional, so the calls of
  // docs/product.md §7 keep working with free-text exams, convênio text and a typed value
  ...agendamentoCatalogueFields,
}

export const RegisterAgendamentoRequest = z.strictObject({ datahora: futureDateTimeField, ...agendamentoFields })
export type RegisterAgendamentoRequest = z.input<typeof RegisterAgendamentoRequest>

/** Update keeps an appointment's past date-time; moving it to a past day is refused by the server. */
export const UpdateAgendamentoRequest = z.strictObject({
  datahora: appointmentDateTimeField,
  ...agendamentoFields,
  id: idField,
  versao: z.number({ error: messages.invalidRequest }).int().min(0).optional(),
})
export type UpdateAgendamentoRequest = z.input<typeof UpdateAgendamentoRequest>

function checkRange(
  value: { datainicior?: string | undefined; datafimr?: string | undefined },
  ctx: z.RefinementCtx,
  maxDays?: number,
) {
  const { datainicior, datafimr } = value
  if ((datainicior === undefined) !== (datafimr === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [datainicior === undefined ? 'datainicior' : 'datafimr'],
      message: messages.dateRangeNeedsBoth,
    })
    return
  }
  if (datainicior === undefined || datafimr === undefined) return
  const start = Date.parse(datainicior)
  const end = Date.parse(datafimr)
  if (start > end) ctx.addIssue({ code: 'custom', path: ['datafimr'], message: messages.dateRangeOrder })
  else if (maxDays !== undefined && end - start > maxDays * DAY_MS)
    ctx.addIssue({ code: 'custom', path: ['datafimr'], message: messages.dateRangeTooLong })
}

const rangeDate = z.iso.datetime({
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? messages.dateRangeNeedsBoth : messages.invalidDateTime,
})

/**
 * Without `page`, every appointment in the range (at most 31 days): the home page's whole day.
 * With `page`, pages of 20.
 */
export const ListBetweenDateRequest = z
  .strictObject({ datainicior: rangeDate, datafimr: rangeDate, page: pageField.optional() })
  .superRefine((value, ctx) => checkRange(value, ctx, MAX_RANGE_DAYS))
export type ListBetweenDateRequest = z.infer<typeof ListBetweenDateRequest>

/** listAll takes optional filters that combine (patient name, doctor, date range), as the screen needs. */
export const ListAgendamentosRequest = z
  .strictObject({
    page: pageField,
    pacienteNome: optionalText(120).optional(),
    medicoId: idField.optional(),
    /** Only appointments in this status (the appointments page's 'Status' filter). */
    status: enumField(STATUSES).optional(),
    datainicior: rangeDate.optional(),
    datafimr: rangeDate.optional(),
  })
  .superRefine((value, ctx) => checkRange(value, ctx))
export type ListAgendamentosRequest = z.input<typeof ListAgendamentosRequest>

export const ListByPacienteRequest = z.strictObject({ pacienteId: idField, page: pageField })
export type ListByPacienteRequest = z.infer<typeof ListByPacienteRequest>

export const ListByMedicoRequest = z.strictObject({ medicoId: idField, page: pageField })
export type ListByMedicoRequest = z.infer<typeof ListByMedicoRequest>
