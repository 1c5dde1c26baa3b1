// How our data is written in DICOM and how a worklist query's keys are read (docs/dicom.md): names in
// family^given form, dates, modality codes, and the query's wildcards and ranges.
import type { Modalidade } from '@contract'

/** Accents (combining marks after NFD) removed, capitals, only letters, digits and single spaces. */
function plainUpper(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * A person's name as DICOM PN `FAMILY^GIVEN`: the last word is the family name (Brazilian names end with
 * the surname), the words before it the given names. In the default character set (ISO-IR 6, ASCII) in
 * capitals without accents ('João Conceição' → 'CONCEICAO^JOAO'); in UTF-8 (ISO_IR 192) in capitals with
 * them ('CONCEIÇÃO^JOÃO'). A single word is the family name.
 */
export function dicomPersonName(nome: string, utf8: boolean): string {
  const words = (
    utf8
      ? nome
          .normalize('NFC')
          .toLocaleUpperCase('pt-BR')
          .replace(/[\\^=\p{Cc}]/gu, ' ')
      : plainUpper(nome)
  )
    .split(/\s+/)
    .filter((word) => word !== '')
  if (words.length <= 1) return words[0] ?? ''
  return `${words[words.length - 1]}^${words.slice(0, -1).join(' ')}`
}

/**
 * A text value (LO) in the answer's character set: as it is in UTF-8; in the default set (ASCII) without
 * accents, any other character as '?'. Never a backslash (the DICOM value separator); at most `max`.
 */
export function dicomText(text: string, utf8: boolean, max = 64): string {
  const value = utf8
    ? text.normalize('NFC')
    : text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/[^\x20-\x7e]/g, '?')
  return value.replace(/\\/g, '/').slice(0, max)
}

/** YYYYMMDD of a floating clinic instant (docs/product.md §12: the wall time written as UTC). */
export function dicomDate(instant: Date): string {
  return instant.toISOString().slice(0, 10).replace(/-/g, '')
}

/** HHMMSS of a floating clinic instant. */
export function dicomTime(instant: Date): string {
  return instant.toISOString().slice(11, 19).replace(/:/g, '')
}

/** Our modality codes (contract/modalities.ts) as DICOM Modality (PS3.3 C.7.3.1.1.1) codes. */
export const DICOM_MODALITY: Record<Modalidade, string> = {
  RX: 'DX',
  US: 'US',
  TC: 'CT',
  RM: 'MR',
  MMG: 'MG',
  DO: 'BMD',
  Outros: 'OT',
}

/** Codes a machine may ask for that mean one of ours: an X-ray room may call itself CR or DX. */
const MODALITY_ALIASES: Record<string, Modalidade> = { CR: 'RX', DX: 'RX' }

/** Our modality asked for by a query's Modality value, or null for a code we do not serve. */
export function modalityOfCode(code: string): Modalidade | null {
  const alias = MODALITY_ALIASES[code]
  if (alias) return alias
  const found = (Object.entries(DICOM_MODALITY) as [Modalidade, string][]).find(([, dicom]) => dicom === code)
  return found ? found[0] : null
}

/** A text value of a query key: trimmed, '' when absent or universal ('*' alone matches everything). */
export function keyText(value: unknown): string {
  if (Array.isArray(value)) value = value[0]
  if (value !== null && typeof value === 'object' && 'Alphabetic' in value) value = value.Alphabetic
  if (typeof value !== 'string') return ''
  const text = value.trim()
  return text === '*' ? '' : text
}

/** Text compared without case and accents, as the machine's keyboard may have neither; one entry per character. */
const foldedChars = (text: string) => Array.from(text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase())

/**
 * A DICOM wildcard pattern (PS3.4 C.2.2.2.4: `*` any run, `?` one character) as a matcher of names in our
 * answer's form, compared without case and accents. No regular expression is built from the query: a
 * greedy two-pointer match that backtracks only to the last `*` (issue 35 — a pattern like `*A*A*A…#`
 * made a backtracking RegExp exponential). Repeated `*` are one.
 */
export function wildcardMatcher(pattern: string): (value: string) => boolean {
  const glob = foldedChars(pattern).filter((c, i, all) => !(c === '*' && all[i - 1] === '*'))
  return (value) => globMatch(glob, foldedChars(value))
}

function globMatch(glob: readonly string[], text: readonly string[]): boolean {
  let g = 0
  let t = 0
  // the last `*` seen, and where in the text its run now ends
  let star = -1
  let resume = 0
  while (t < text.length) {
    if (g < glob.length && glob[g] !== '*' && (glob[g] === '?' || glob[g] === text[t])) {
      g += 1
      t += 1
    } else if (g < glob.length && glob[g] === '*') {
      star = g
      g += 1
      resume = t
    } else if (star >= 0) {
      g = star + 1
      resume += 1
      t = resume
    } else return false
  }
  while (g < glob.length && glob[g] === '*') g += 1
  return g === glob.length
}

/**
 * The longest value a query key may have, by its VR (PS3.5 §6.2): PN 64 characters per component group,
 * LO 64, SH 16, CS 16, AE 16, DA 8 (a range 17). A longer key is refused with a failure status, never
 * truncated: cut, it would ask for something other than what the machine sent (docs/dicom.md).
 */
export const KEY_MAX = { PN: 64, LO: 64, SH: 16, CS: 16, AE: 16, DA: 17 } as const

/** Whether a key's value (any of its values or PN component groups) is longer than its VR allows. */
export function keyTooLong(value: unknown, max: number): boolean {
  const values = Array.isArray(value) ? value : [value]
  return values.some((v) => {
    if (typeof v === 'string') return v.trim().length > max
    if (v !== null && typeof v === 'object')
      return Object.values(v as Record<string, unknown>).some(
        (group) => typeof group === 'string' && group.trim().length > max,
      )
    return false
  })
}

/** A date key: YYYYMMDD, or a range YYYYMMDD-YYYYMMDD, -YYYYMMDD or YYYYMMDD- (PS3.4 C.2.2.2.5). */
export interface DateRange {
  /** First day, YYYY-MM-DD, or null: unbounded. */
  from: string | null
  /** Last day included, YYYY-MM-DD, or null: unbounded. */
  to: string | null
}

const isoDay = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`

/** The range of a date key; undefined when the key is not a date or range we can read. */
export function parseDateRange(text: string): DateRange | undefined {
  const match = /^(\d{8})?(-)?(\d{8})?$/.exec(text.replace(/\./g, ''))
  if (!match || (!match[1] && !match[3])) return undefined
  const [, first, dash, last] = match
  const valid = (d: string | undefined) => d === undefined || !Number.isNaN(Date.parse(`${isoDay(d)}T00:00:00Z`))
  if (!valid(first) || !valid(last)) return undefined
  if (!dash) return { from: isoDay(first!), to: isoDay(first!) }
  return { from: first ? isoDay(first) : null, to: last ? isoDay(last) : null }
}
