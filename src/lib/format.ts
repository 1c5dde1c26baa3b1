// Display formats of the clinic (pt-BR). Dates come from the contract's clinic-time module so that a
// device in another timezone still shows the clinic's wall-clock.
import { capitalizeWords } from '@contract/person-name'
export { formatClinicStamp, formatDate, formatDateTime } from '@contract/clinic-time'

// Built on first use, not at import: this module is in the start-up bundle (the home page's names), and
// a currency formatter costs tens of ms of start-up script on a slow phone (ICU data) that only the
// appointment form needs.
let moneyFormat: Intl.NumberFormat | undefined

/** Cents → 'R$ 1.234,56'. Intl puts a no-break space after 'R$'; a plain space reads and tests the same. */
export function formatMoney(cents: number): string {
  moneyFormat ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
  return moneyFormat.format(cents / 100).replace(/\u00a0/g, ' ')
}

/**
 * Currency text typed by a person → cents, or null when it is not an amount.
 * Accepts 'R$ 1.234,56', '1234,5', '150', '1.234' (dots group thousands; the comma is the decimal mark).
 */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/R\$/i, '').replace(/[\s\u00a0]/g, '')
  if (!cleaned) return null
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(cleaned)
  if (!match) return null
  const reais = Number(match[1]!.replace(/\./g, ''))
  const centsText = (match[2] ?? '').padEnd(2, '0')
  const cents = reais * 100 + Number(centsText || '0')
  return Number.isSafeInteger(cents) ? cents : null
}

export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '')
}

/** '52998224725' → '529.982.247-25'; anything not 11 digits comes back as given. */
export function formatCpf(cpf: string): string {
  const digits = digitsOnly(cpf)
  if (digits.length !== 11) return cpf
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
}

/** 11987654321 → '(11) 98765-4321'; 1134567890 → '(11) 3456-7890'; other lengths as given. */
export function formatPhone(phone: number | string): string {
  const digits = digitsOnly(String(phone))
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`
  return String(phone)
}

const capitalized = new Map<string, string>()
const MAX_CACHED_NAMES = 5_000

/** 'maria da conceição' → 'Maria da Conceição' (names are stored lowercased; particles stay lowercase). */
export function capitalizeName(name: string): string {
  // Lists render the same names again and again (280 appointments, 20 doctors, every re-render).
  let result = capitalized.get(name)
  if (result === undefined) {
    if (capitalized.size >= MAX_CACHED_NAMES) capitalized.clear()
    result = capitalizeWords(name)
    capitalized.set(name, result)
  }
  return result
}

/** The first word of a name, capitalised: the header's greeting. */
export function firstName(name: string): string {
  return capitalizeName(name.trim().split(/\s+/)[0] ?? '')
}
