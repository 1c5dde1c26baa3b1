// Reaching the patient (docs/decisions.md "Messages and printouts"): the WhatsApp click-to-chat message
// built from the clinic's template, the patient's phone read as a mobile (or refused with the reason), the
// CNPJ's check digits and the CPF partly hidden (LGPD: only what a message or a printout needs). Pure
// functions: the PWA builds links and printouts with them, the server and the mock validate with them.
import { datePart, formatDate, timePart } from './clinic-time'
import { matchCatalogueExam } from './exam-names'
import type { Modalidade } from './modality-names'

/** One exam as a message or printout shows it: its name and, once the catalogue has it, its preparo. */
export interface ExamePreparo {
  nome: string
  preparo?: string | undefined
}

/** The placeholders a template may use, and what each becomes (listed beside the template's field). */
export const MESSAGE_PLACEHOLDERS = {
  '{nome}': 'primeiro nome do paciente',
  '{dia_semana}': 'dia da semana (segunda-feira…)',
  '{data}': 'data (DD/MM/AAAA)',
  '{hora}': 'horário (HH:MM)',
  '{exames}': 'exames, separados por vírgula',
  '{preparo}': 'preparo de cada exame, um por linha',
  '{levar}': 'o que trazer',
  '{endereco}': 'endereço da clínica',
  '{clinica}': 'nome da clínica',
  '{telefone_clinica}': 'telefone da clínica',
} as const
export type MessagePlaceholder = keyof typeof MESSAGE_PLACEHOLDERS

export const DEFAULT_MESSAGE_TEMPLATE = [
  'Olá, {nome}! Aqui é da {clinica}.',
  'Seu atendimento está marcado para {dia_semana}, {data}, às {hora}.',
  'Exames: {exames}.',
  '{preparo}',
  'Traga: {levar}.',
  'Endereço: {endereco}.',
  'Responda 1 para confirmar ou 2 para remarcar.',
].join('\n')

/** The placeholders of `template` that are not in MESSAGE_PLACEHOLDERS (the template's validation). */
export function unknownPlaceholders(template: string): string[] {
  const found = template.match(/\{[^{}\s]*\}/g) ?? []
  return [...new Set(found.filter((p) => !(p in MESSAGE_PLACEHOLDERS)))]
}

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']

/** The weekday of a clinic date (`YYYY-MM-DD` or a floating date-time), in Portuguese. */
export function weekdayOf(value: string): string {
  const day = new Date(`${datePart(value)}T12:00:00.000Z`).getUTCDay()
  return WEEKDAYS[day]!
}

/** 'maria da conceição' → 'Maria'. */
export function firstNameOf(nome: string): string {
  const first = nome.trim().split(/\s+/)[0] ?? ''
  // the locale-free case mappings: the same for Portuguese (only Turkish, Azeri and Lithuanian differ) and
  // several times faster, for the confirmations page's message on every row (src/lib/format.ts does the same)
  return first.charAt(0).toUpperCase() + first.slice(1).toLowerCase()
}

/** What the patient brings; without a convênio (particular) no insurance card. */
export function whatToBring(convenio: string): string {
  return convenio.trim() === ''
    ? 'pedido médico e documento com foto'
    : 'pedido médico, documento com foto e carteirinha do convênio'
}

/** The preparo lines: one per exam that has one; without any, where to ask. */
export function preparoText(exames: readonly ExamePreparo[], telefoneClinica: string): string {
  const lines = exames.filter((e) => e.preparo?.trim()).map((e) => `Preparo para ${e.nome}: ${e.preparo!.trim()}`)
  if (lines.length > 0) return lines.join('\n')
  const phone = formatClinicPhone(telefoneClinica)
  return phone === ''
    ? 'Preparo: nenhuma orientação especial cadastrada.'
    : `Preparo: nenhuma orientação especial cadastrada. Dúvidas: ${phone}.`
}

/**
 * The clinic's phone as Brazilians write it: '1134567890' → '(11) 3456-7890', '11987654321' →
 * '(11) 98765-4321' (55 in front dropped); anything else as typed.
 */
export function formatClinicPhone(telefone: string): string {
  let d = telefone.replace(/\D/g, '')
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2)
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`
  return telefone.trim()
}

/**
 * Caps of a message (issue 35): each placeholder's text and the whole message, so that a long template
 * repeating long preparations cannot build a link browsers refuse (near 2 MB). At most 4,000 characters
 * encode to a few tens of kilobytes; a real message (a few exams and their preparations) stays whole.
 */
export const MESSAGE_MAX_CHARS = 4_000
export const PLACEHOLDER_MAX_CHARS = 2_000

/** `text` cut to `max` characters, ending with '…' when cut. */
function capped(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

export interface MessageData {
  paciente: { nome: string }
  /** Floating clinic time (docs/product.md §12). */
  datahora: string
  convenio: string
  exames: readonly ExamePreparo[]
  clinica: { nome: string; endereco: string; telefone: string }
}

/**
 * The template with every placeholder filled in, each capped; a line whose placeholder is empty (no address
 * yet: 'Endereço: .') is left out; the whole capped. Unknown placeholders stay as written.
 */
export function buildMessage(template: string, data: MessageData): string {
  const values: Record<MessagePlaceholder, string> = {
    '{nome}': firstNameOf(data.paciente.nome),
    '{dia_semana}': weekdayOf(data.datahora),
    '{data}': formatDate(datePart(data.datahora)),
    '{hora}': timePart(data.datahora),
    '{exames}': data.exames.map((e) => e.nome).join(', '),
    '{preparo}': preparoText(data.exames, data.clinica.telefone),
    '{levar}': whatToBring(data.convenio),
    '{endereco}': data.clinica.endereco.trim(),
    '{clinica}': data.clinica.nome.trim(),
    '{telefone_clinica}': formatClinicPhone(data.clinica.telefone),
  }
  const lines = template.split('\n').flatMap((line) => {
    let empty = false
    const filled = line.replace(/\{[^{}\s]*\}/g, (p) => {
      if (!(p in values)) return p
      const value = capped(values[p as MessagePlaceholder], PLACEHOLDER_MAX_CHARS)
      if (value === '') empty = true
      return value
    })
    return empty ? [] : [filled]
  })
  return capped(lines.join('\n'), MESSAGE_MAX_CHARS)
}

// ---- the patient's phone ----

/** A phone WhatsApp can open (`numero`: 55 + DDD + 9 digits), or why there is no button. */
export type WhatsappPhone = { ok: true; numero: string } | { ok: false; motivo: string }

export const phoneReasons = {
  landline: 'Telefone fixo: o WhatsApp precisa de um celular.',
  noDdd: 'Telefone sem DDD: corrija o cadastro do paciente.',
  invalid: 'Telefone inválido para WhatsApp: corrija o cadastro do paciente.',
  noConsent: 'O paciente não aceita receber mensagens.',
} as const

/**
 * Reads a Brazilian phone (an integer of the patient's record, optionally with 55 in front): 11 digits
 * whose third is 9 is a mobile; 10 digits whose third is 2–5 is a landline; 8 or 9 digits has no DDD.
 */
export function whatsappPhone(telefone: number | string): WhatsappPhone {
  let digits = String(telefone).replace(/\D/g, '')
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2)
  if (digits.length === 8 || digits.length === 9) return { ok: false, motivo: phoneReasons.noDdd }
  const ddd = digits.slice(0, 2)
  if (!/^[1-9][1-9]$/.test(ddd)) return { ok: false, motivo: phoneReasons.invalid }
  if (digits.length === 10 && /[2-5]/.test(digits[2]!)) return { ok: false, motivo: phoneReasons.landline }
  if (digits.length === 11 && digits[2] === '9') return { ok: true, numero: `55${digits}` }
  return { ok: false, motivo: phoneReasons.invalid }
}

/** The click-to-chat link: `https://wa.me/55<DDD><número>?text=…`. */
export function whatsappLink(numero: string, text: string): string {
  return `https://wa.me/${numero}?text=${encodeURIComponent(text)}`
}

// ---- documents ----

/** '52998224725' → '***.982.247-**': the middle six digits only (LGPD, docs/decisions.md). */
export function maskCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '')
  if (digits.length !== 11) return '***.***.***-**'
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`
}

/** A CNPJ of 14 digits with valid check digits (Receita Federal's mod-11). */
export function isValidCnpj(cnpj: string): boolean {
  if (!/^\d{14}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false
  const digits = [...cnpj].map(Number)
  const check = (length: number) => {
    let weight = length - 7
    let sum = 0
    for (let i = 0; i < length; i++) {
      sum += digits[i]! * weight
      weight = weight === 2 ? 9 : weight - 1
    }
    const rest = sum % 11
    return rest < 2 ? 0 : 11 - rest
  }
  return check(12) === digits[12] && check(13) === digits[13]
}

/** '11222333000181' → '11.222.333/0001-81'. */
export function formatCnpj(cnpj: string): string {
  const d = cnpj.replace(/\D/g, '')
  if (d.length !== 14) return cnpj
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`
}

// ---- the next working day ----

/** The clinic day after `today` that is Monday to Friday (docs/decisions.md: the agenda issue adds hours). */
export function nextWorkingDay(today: string): string {
  const date = new Date(`${today}T12:00:00.000Z`)
  do date.setUTCDate(date.getUTCDate() + 1)
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6)
  return date.toISOString().slice(0, 10)
}

// ---- where the exam catalogue's preparo plugs in ----

/**
 * The appointment's exams (free text) with the preparo of the catalogue's exam the name means — the same
 * name (case, accents and spaces aside), or the one exam with the same words, a modality by any of its names
 * ('Ultrassonografia de abdome total' is 'US abdome total', contract/exam-names.ts); with no match or an
 * ambiguous one, no preparo.
 */
export function examesComPreparo(
  exames: readonly string[],
  catalogo: readonly { nome: string; modalidade?: Modalidade; preparo?: string | null | undefined }[] = [],
): ExamePreparo[] {
  return exames.map((nome) => {
    const preparo = matchCatalogueExam(nome, catalogo)?.preparo ?? undefined
    return preparo ? { nome, preparo } : { nome }
  })
}
