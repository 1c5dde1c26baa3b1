import { z } from 'zod'
import { messages } from './messages'
import { isBeforeClinicToday, isBeyondYearsAhead } from './clinic-time'
import { MAX_BOOKING_YEARS_AHEAD } from './limits'

/** 'Obrigatório*' when the value is absent or empty; otherwise the check's own message. */
export const requiredError = {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? messages.required : undefined,
}

const LETTERS_AND_SPACES = /^[\p{L}\p{M}]+(?:[ '-][\p{L}\p{M}]+)*$/u
const DIGITS = /^\d+$/

export function requiredText(max = 120) {
  return z
    .string(requiredError)
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(max, { error: messages.textTooLong })
}

export function optionalText(max = 120) {
  return z.string({ error: messages.invalidRequest }).trim().max(max, { error: messages.textTooLong })
}

/** Letters (accents allowed), single spaces, apostrophes and hyphens between words. */
export function lettersOnlyName(message: string) {
  return requiredText(120).regex(LETTERS_AND_SPACES, { error: message })
}

/** CPF check digits (módulo 11). Repeated-digit CPFs like 111.111.111-11 are invalid. */
export function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false
  const digits = [...cpf].map(Number)
  const check = (len: number) => {
    let sum = 0
    for (let i = 0; i < len; i++) sum += digits[i]! * (len + 1 - i)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return check(9) === digits[9] && check(10) === digits[10]
}

export const cpfField = z
  .string(requiredError)
  .trim()
  .min(1, { error: messages.required, abort: true })
  .regex(DIGITS, { error: messages.cpfRgDigitsOnly, abort: true })
  .refine(isValidCpf, { error: messages.cpfInvalid })

export const rgField = z
  .string(requiredError)
  .trim()
  .min(1, { error: messages.required, abort: true })
  .regex(DIGITS, { error: messages.cpfRgDigitsOnly, abort: true })
  .min(5, { error: messages.rgInvalid })
  .max(14, { error: messages.rgInvalid })

export const emailField = z
  .string(requiredError)
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(254, { error: messages.textTooLong, abort: true })
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((email) => email.toLowerCase())

export const idField = z.uuid({
  error: (issue) => (issue.input === undefined || issue.input === '' ? messages.required : messages.idInvalid),
})

export const pageField = z
  .number({ error: messages.pageInvalid })
  .int({ error: messages.pageInvalid })
  .min(1, { error: messages.pageInvalid })
  .max(1_000_000, { error: messages.pageInvalid })

/** An ISO 8601 date-time in UTC (`…Z`), e.g. `2026-11-22T14:00:00.000Z`. */
export const isoDateTimeField = z.iso.datetime({
  error: (issue) => (issue.input === undefined || issue.input === '' ? messages.required : messages.invalidDateTime),
})

/**
 * An appointment's date-time as written (register and update): at most MAX_BOOKING_YEARS_AHEAD years
 * after the clinic's today — a typo such as the year 9999 is refused, not booked.
 */
export const appointmentDateTimeField = isoDateTimeField.refine(
  (value) => !isBeyondYearsAhead(value, MAX_BOOKING_YEARS_AHEAD),
  {
    error: messages.dateTooFarAhead,
    when: (payload) => payload.issues.length === 0,
  },
)

/** A floating appointment date-time (docs/product.md §12) not on a clinic date before today. */
export const futureDateTimeField = appointmentDateTimeField.refine((value) => !isBeforeClinicToday(value), {
  error: messages.dateBeforeToday,
  // only a well-formed date-time can be compared with today
  when: (payload) => payload.issues.length === 0,
})

/** One character repeated ('aaaaaaaa', eight spaces): refused whatever its length. */
export function isOneRepeatedCharacter(password: string): boolean {
  return /^(.)\1*$/su.test(password)
}

/**
 * A new password (user creation, 'Alterar senha'): docs/product.md §5's minimum of 8 characters and its message, at
 * most 256, and not one repeated character. The server also refuses common and guessable passwords
 * (a dictionary check too big for the PWA): its 400 names the reason.
 */
export const newPasswordField = z
  .string(requiredError)
  .min(1, { error: messages.required, abort: true })
  .min(8, { error: messages.passwordMin8, abort: true })
  .max(256, { error: messages.textTooLong, abort: true })
  .refine((value) => !isOneRepeatedCharacter(value), { error: messages.passwordRepeated })

export const birthDateField = z.iso
  .datetime({
    error: (issue) => (issue.input === undefined || issue.input === '' ? messages.required : messages.birthDateInvalid),
  })
  .refine(
    (value) => {
      const time = Date.parse(value)
      return time >= Date.UTC(1900, 0, 1) && time <= Date.now()
    },
    { error: messages.birthDateInvalid, when: (payload) => payload.issues.length === 0 },
  )

export function enumField<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? messages.required : messages.optionInvalid),
  })
}

/** Brazilian phone with area code, 10 or 11 digits, sent as an integer (docs/product.md §5). */
export const phoneField = z
  .number(requiredError)
  .int({ error: messages.phoneInvalid })
  .min(1_000_000_000, { error: messages.phoneInvalid })
  .max(99_999_999_999, { error: messages.phoneInvalid })

export const addressNumberField = z
  .number(requiredError)
  .int({ error: messages.addressNumberInvalid })
  .min(0, { error: messages.addressNumberInvalid })
  .max(999_999, { error: messages.addressNumberInvalid })

export const centsField = z
  .number(requiredError)
  .int({ error: messages.valueInvalid })
  .min(0, { error: messages.valueInvalid })
  .max(99_999_999, { error: messages.valueInvalid })

export const examNameField = z
  .string({ error: messages.emptyExam })
  .trim()
  .min(1, { error: messages.emptyExam, abort: true })
  .max(100, { error: messages.textTooLong })

/** An optional CEP (issue 14): empty, or its 8 digits (sent without the dash). */
export const cepField = z
  .string({ error: messages.invalidRequest })
  .trim()
  .regex(/^(\d{8})?$/, { error: messages.cepInvalid })

/** An optional 'Nome social' (issue 14): empty, or letters like the civil name, stored lowercased. */
export const socialNameField = z
  .string({ error: messages.invalidRequest })
  .trim()
  .max(120, { error: messages.textTooLong, abort: true })
  .refine((value) => value === '' || LETTERS_AND_SPACES.test(value), { error: messages.nameLettersOnly })
  .transform((value) => value.toLowerCase())

export const noteField = z.string({ error: messages.invalidRequest }).max(200, { error: messages.noteTooLong })
