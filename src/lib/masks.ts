// Brazilian masks as you type, and the display helpers that tell patients apart (docs/decisions.md,
// "Brazilian forms"). Kept out of format.ts on purpose: format.ts is in the start-up bundle (the header's
// greeting), these are used only by the lazily loaded patient and appointment screens.
import { clinicToday } from '@contract'

const digitsOf = (text: string) => text.replace(/\D/g, '')

/**
 * Masks a document or phone only while it holds digits and the mask's own punctuation: anything else (a
 * letter) is left exactly as typed, so that the specification's rule can refuse it with its message
 * (docs/product.md §5, 'apenas com números').
 */
function maskDigits(text: string, max: number, shape: (digits: string) => string): string {
  if (/[^\d.\-/()\s]/.test(text)) return text
  const digits = digitsOf(text).slice(0, max)
  return digits === '' ? '' : shape(digits)
}

/** '52998224725' → '529.982.247-25', progressively ('529.98' after five digits). */
export function maskCpf(text: string): string {
  return maskDigits(
    text,
    11,
    (d) =>
      [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('.') + (d.length > 9 ? `-${d.slice(9)}` : ''),
  )
}

/** (00) 0000-0000 while ten digits or fewer, (00) 00000-0000 with eleven. */
export function maskPhone(text: string): string {
  return maskDigits(text, 11, (d) => {
    if (d.length <= 2) return `(${d}`
    const split = d.length === 11 ? 7 : 6
    const rest = d.slice(2, split) + (d.length > split ? `-${d.slice(split)}` : '')
    return `(${d.slice(0, 2)}) ${rest}`
  })
}

/** '01310100' → '01310-100'. */
export function maskCep(text: string): string {
  return maskDigits(text, 8, (d) => (d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d))
}

/** '17051980' → '17/05/1980', progressively ('17/05' after four digits): the birth date (issue 14). */
export function maskDate(text: string): string {
  return maskDigits(text, 8, (d) => [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/'))
}

/**
 * 'DD/MM/AAAA' → 'AAAA-MM-DD' when it is a day that exists, else null ('31/02/1990', '1/5/80', letters).
 */
export function brDateToIso(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim())
  if (!match) return null
  const [, d, m, y] = match as unknown as [string, string, string, string]
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  const iso = `${y}-${m}-${d}`
  return date.getUTCFullYear() === Number(y) && date.toISOString().slice(0, 10) === iso ? iso : null
}

/** A CPF for lists: '52998224725' → '***.982.247-**' — enough to tell two namesakes apart, not the whole document. */
export function hiddenCpf(cpf: string): string {
  const d = digitsOf(cpf)
  if (d.length !== 11) return '***'
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`
}

/** Whole years between a birth date (ISO) and the clinic's today (docs/product.md §12). */
export function ageOf(datanascimento: string, today: string = clinicToday()): number | null {
  const birth = datanascimento.slice(0, 10)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birth)) return null
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4))
  return today.slice(5) < birth.slice(5) ? years - 1 : years
}

/** '32 anos' (and '1 ano'). */
export function formatAge(datanascimento: string, today?: string): string {
  const age = ageOf(datanascimento, today)
  if (age === null) return ''
  return age === 1 ? '1 ano' : `${age} anos`
}

/** `tel:` target of a stored phone (digits), with Brazil's country code. */
export function telHref(telefone: number | string): string {
  return `tel:+55${digitsOf(String(telefone))}`
}
