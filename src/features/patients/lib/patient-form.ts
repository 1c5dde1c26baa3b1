// The wizard's form: every field is text (what inputs and selects give); the schema turns the text into
// the API's values and then runs the contract's own PacienteData, so rules and messages live only there.
import { z } from 'zod'
import {
  birthDateField,
  clinicToday,
  CORES,
  messages,
  ESTADOS_CIVIS,
  PACIENTE_FIELDS,
  PacienteData,
  pacienteFieldLabels,
  SEXOS,
  type Paciente,
} from '@contract'
import { capitalizeName, formatCpf, formatDate, formatPhone } from '@/lib/format'
import { brDateToIso, maskCep, maskCpf, maskDate, maskPhone } from '@/lib/masks'
import { formTexts, UFS } from './form-texts'

// the contract's list of a patient's own fields, which are all fields of the form
export const PATIENT_FIELDS = PACIENTE_FIELDS satisfies readonly (keyof PacienteData)[]

export type PatientField = (typeof PATIENT_FIELDS)[number]
/** The text fields, and the consent to messages (a checkbox; docs/decisions.md "Messages and printouts"). */
export type PatientFormValues = Record<PatientField, string> & { aceitaMensagens: boolean }

export const CONSENT_LABEL = 'Aceita receber mensagens (WhatsApp)'
/** What the form hands over once valid: the contract's parsed patient (nome lowercased, numbers, ISO date). */
export type PatientPayload = z.output<typeof PacienteData>

/** Step 1 (personal information) and step 2 (address); step 3 reviews them all. */
export const STEP_FIELDS = {
  1: [
    'nome',
    'nomesocial',
    'cpf',
    'rg',
    'datanascimento',
    'estadocivil',
    'sexo',
    'cor',
    'naturalidade',
    'profissao',
    'email',
    'telefone',
  ],
  2: ['cep', 'endereco', 'numeroendereco', 'complemento', 'bairro', 'cidade', 'estado'],
} as const satisfies Record<1 | 2, readonly PatientField[]>

export const FIELD_LABELS: Record<PatientField, string> = pacienteFieldLabels

/** Masks applied as the person types (issue 14); the form's text is turned into the API's digits below. */
export const FIELD_MASKS: Partial<Record<PatientField, (text: string) => string>> = {
  cpf: maskCpf,
  telefone: maskPhone,
  cep: maskCep,
  datanascimento: maskDate,
}

/** Issue 14's optional fields: never 'Obrigatório*', and left out of the review when blank. */
export const OPTIONAL_FIELDS: readonly PatientField[] = ['nomesocial', 'cep', 'complemento']

const optionLabel = (value: string) => value.charAt(0).toLocaleUpperCase('pt-BR') + value.slice(1)
const options = (values: readonly string[]) => values.map((value) => ({ value, label: optionLabel(value) }))

export const SELECT_OPTIONS = {
  estadocivil: options(ESTADOS_CIVIS),
  sexo: options(SEXOS),
  cor: options(CORES),
} as const

export const emptyPatientForm: PatientFormValues = {
  ...(Object.fromEntries(PATIENT_FIELDS.map((field) => [field, ''])) as Record<PatientField, string>),
  aceitaMensagens: true,
}

/** CPF and RG may be typed with their usual punctuation (529.982.247-25); letters are left for the rule to refuse. */
export const stripDocument = (text: string) => text.replace(/[.\-/\s]/g, '')

/** Text → integer for the contract's number rules: '' is absent ('Obrigatório*'), anything else not a number is refused. */
function toInteger(text: string, ignore: RegExp): number | undefined {
  const cleaned = text.replace(ignore, '')
  if (cleaned === '') return undefined
  return /^\d+$/.test(cleaned) ? Number(cleaned) : -1
}

const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text)

/** The form's text as the API's patient, before the contract checks and normalises it. */
export function toPacienteInput(values: PatientFormValues): PacienteData {
  const input = {
    ...values,
    // A double space typed on a tablet keyboard is not a second word.
    nome: values.nome.trim().replace(/\s+/g, ' '),
    cpf: stripDocument(values.cpf),
    rg: stripDocument(values.rg),
    // DD/MM/AAAA as typed: birthDateText below says what is wrong with it and turns it into ISO
    datanascimento: values.datanascimento.trim(),
    estadocivil: blankToUndefined(values.estadocivil),
    sexo: blankToUndefined(values.sexo),
    cor: blankToUndefined(values.cor),
    telefone: toInteger(values.telefone, /[\s()\-+.]/g),
    numeroendereco: toInteger(values.numeroendereco, /\s/g),
    cep: values.cep.replace(/[-.\s]/g, ''),
    estado: values.estado.trim(),
  }
  // Absent values stay undefined so that the contract answers 'Obrigatório*' for them.
  return input as PacienteData
}

const textFields = Object.fromEntries(PATIENT_FIELDS.map((field) => [field, z.string()])) as Record<
  PatientField,
  z.ZodString
>

/**
 * The birth date as typed (DD/MM/AAAA, issue 14) → the API's ISO date-time, each mistake with its own
 * message; then the contract's own rule (from 1900 to today).
 */
const birthDateText = z
  .string()
  .transform((text, context) => {
    const refuse = (message: string) => {
      context.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    if (text === '') return refuse(messages.required)
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return refuse(formTexts.birthDateFormat)
    const iso = brDateToIso(text)
    if (iso === null) return refuse(formTexts.birthDateImpossible)
    if (iso > clinicToday()) return refuse(formTexts.birthDateFuture)
    return `${iso}T00:00:00.000Z`
  })
  .pipe(birthDateField)

/** The wizard's schema: form text in, the contract's PacienteData out (errors keep the field names). */
export const patientFormSchema = z
  .object({ ...textFields, aceitaMensagens: z.boolean() })
  .transform(toPacienteInput)
  .pipe(PacienteData.extend({ datanascimento: birthDateText }))
  // 'Estado' is a select of the 27 UFs (issue 14); the API keeps the specification's free text, so an older
  // record's text is offered as an extra option that must be corrected before saving
  .superRefine((paciente, context) => {
    if (!(UFS as readonly string[]).includes(paciente.estado))
      context.addIssue({ code: 'custom', path: ['estado'], message: formTexts.ufInvalid })
  })

/** A stored patient as the wizard's text, for 'Saiba mais'. */
export function toFormValues(paciente: Paciente): PatientFormValues {
  return {
    nome: capitalizeName(paciente.nome),
    cpf: paciente.cpf,
    rg: paciente.rg,
    datanascimento: isoDay(paciente.datanascimento) && formatDate(isoDay(paciente.datanascimento)),
    estadocivil: paciente.estadocivil,
    sexo: paciente.sexo,
    cor: paciente.cor,
    naturalidade: paciente.naturalidade,
    profissao: paciente.profissao,
    email: paciente.email,
    telefone: formatPhone(paciente.telefone),
    endereco: paciente.endereco,
    numeroendereco: String(paciente.numeroendereco),
    bairro: paciente.bairro,
    cidade: paciente.cidade,
    estado: paciente.estado,
    aceitaMensagens: paciente.aceitaMensagens,
    cep: maskCep(paciente.cep),
    complemento: paciente.complemento,
    nomesocial: capitalizeName(paciente.nomesocial),
  }
}

function isoDay(value: string): string {
  const time = Date.parse(value)
  return Number.isNaN(time) ? '' : new Date(time).toISOString().slice(0, 10)
}

/** How the review step shows one field of the form. */
export function reviewValue(field: PatientField, values: PatientFormValues): string | null {
  const value = (values[field] ?? '').trim()
  if (value === '') return OPTIONAL_FIELDS.includes(field) ? null : '—'
  switch (field) {
    case 'cep':
      return maskCep(value)
    case 'nome':
    case 'nomesocial':
      return capitalizeName(value)
    case 'cpf':
      return formatCpf(stripDocument(value))
    case 'rg':
      return stripDocument(value)
    case 'datanascimento':
      // already DD/MM/AAAA as typed
      return value
    case 'estadocivil':
    case 'sexo':
    case 'cor':
      return optionLabel(value)
    case 'telefone':
      return formatPhone(value)
    case 'email':
      return value.toLowerCase()
    default:
      return value
  }
}

/**
 * A new patient's payload without the optional fields left blank: the register call then sends exactly the
 * specification's fields (docs/product.md §7) unless the person filled more. An update sends them all, so
 * that emptying one clears it.
 */
export function withoutBlankOptionals(data: PatientPayload): PatientPayload {
  const payload: Record<string, unknown> = { ...data }
  for (const name of OPTIONAL_FIELDS) if (payload[name] === '') delete payload[name]
  return payload as PatientPayload
}
