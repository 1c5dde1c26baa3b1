// One key for every name that must be unique (issue 35, docs/decisions.md "Closed doors"): convênios, exams,
// equipment and AE titles. The database's unique indexes use clinica_nome_chave() (migration 0016); this is
// the same steps in the same order, for the msw mock and the PWA's messages. unaccent() also folds a few
// letters that are not accented (æ, ß, ø…); JavaScript has no such table, so those rare letters may differ
// here — the server's index is the rule. Code point ranges, not regular expressions: a character class of
// combining marks and control characters reads wrongly.

type Ranges = readonly (readonly [number, number])[]

/** Characters that show nothing: soft hyphen, zero-width, bidi marks, fillers, variation selectors, BOM. */
const INVISIBLE: Ranges = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
]
/** Every kind of space and line break. */
const SPACES: Ranges = [
  [0x0009, 0x000d],
  [0x0020, 0x0020],
  [0x0085, 0x0085],
  [0x00a0, 0x00a0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
]
/** Combining marks (accents), once decomposed. */
const MARKS: Ranges = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
]

const within = (ch: string, ranges: Ranges) => {
  const cp = ch.codePointAt(0)!
  return ranges.some(([from, to]) => cp >= from && cp <= to)
}

/** The key two names clash on: NFC, invisibles stripped, spaces collapsed and trimmed, accents and case folded. */
export function uniqueNameKey(nome: string): string {
  let spaced = ''
  let pendingSpace = false
  for (const ch of nome.normalize('NFC')) {
    if (within(ch, INVISIBLE)) continue
    if (within(ch, SPACES)) {
      pendingSpace = true
      continue
    }
    // a run of spaces becomes one, none at either end
    if (pendingSpace && spaced !== '') spaced += ' '
    pendingSpace = false
    spaced += ch
  }
  let folded = ''
  for (const ch of spaced.normalize('NFD')) if (!within(ch, MARKS)) folded += ch
  return folded.toLowerCase()
}
