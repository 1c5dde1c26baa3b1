// Exam names as people write them (issue 34): the catalogue says 'US abdome total', the desk types
// 'Ultrassonografia de abdome total' or searches 'ultrassom'. One reading of a name — accents and case
// folded, small words dropped, each modality's names and abbreviations brought to its code — used by the
// catalogue search (server and mock) and by the preparo a message finds for a free-text exam.
import { MODALIDADES, modalidadeLabels, type Modalidade } from './modality-names'

/** Accents and case folded, spaces collapsed. */
export const foldName = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

/** Every word (folded) that names a modality, with the modality's code. */
export const MODALITY_SYNONYMS: Record<string, Modalidade> = {
  us: 'US',
  usg: 'US',
  ultrassom: 'US',
  ultrassons: 'US',
  ultrassonografia: 'US',
  ultrasonografia: 'US',
  ultrassonografico: 'US',
  ecografia: 'US',
  ultra: 'US',
  rm: 'RM',
  rnm: 'RM',
  ressonancia: 'RM',
  tc: 'TC',
  tac: 'TC',
  tomografia: 'TC',
  rx: 'RX',
  radiografia: 'RX',
  raio: 'RX',
  raiox: 'RX',
  mg: 'MMG',
  mmg: 'MMG',
  mamografia: 'MMG',
  densitometria: 'DO',
  do: 'DO',
}
/** Words that say nothing about which exam it is (the second word of a modality's name included). */
const SMALL_WORDS = new Set([
  'de',
  'da',
  'das',
  'do',
  'dos',
  'e',
  'em',
  'com',
  'a',
  'o',
  'x',
  'magnetica',
  'computadorizada',
  'som',
])

/** The words of a name as written: folded, small words dropped. */
function rawWords(nome: string): string[] {
  return foldName(nome)
    .replace(/raio[\s-]*x/g, 'raiox')
    .replace(/ultra[\s-]*som/g, 'ultrassom')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !SMALL_WORDS.has(w))
}
const asCode = (w: string) => MODALITY_SYNONYMS[w]?.toLowerCase() ?? w

/** The words of a name: folded, small words dropped, modality names as their code ('us', 'rm'…). */
export function examWords(nome: string): string[] {
  return [...new Set(rawWords(nome).map(asCode))]
}

/**
 * Whether a catalogue exam answers a search: its name holds the text as typed (folded), or every word of
 * the text is a word of its name, of its modality's code or of its modality's name ('ultrassom' finds
 * 'US abdome total'; 'DO' alone, the code, finds densitometry).
 */
export function examMatches(query: string, exame: { nome: string; modalidade: Modalidade }): boolean {
  const folded = foldName(query)
  if (folded === '') return true
  // a modality alone, by its code or a name: its exams and those naming it ('DO' is not the 'do' of 'abdome')
  const modality =
    MODALITY_SYNONYMS[folded] ??
    MODALIDADES.find((m) => folded === m.toLowerCase() || folded === foldName(modalidadeLabels[m]))
  if (modality) return exame.modalidade === modality || examWords(exame.nome).includes(modality.toLowerCase())
  if (foldName(exame.nome).includes(folded)) return true
  const words = rawWords(query)
  if (words.length === 0) return false
  const code = exame.modalidade.toLowerCase()
  const own = [...examWords(exame.nome), code]
  // a word being typed ('ultrasso', 'tomog') already counts: the start of a word of the name or of the
  // modality's names
  const partial = (w: string) =>
    w.length >= 3 &&
    (own.some((o) => o.startsWith(w)) ||
      Object.entries(MODALITY_SYNONYMS).some(([name, m]) => own.includes(m.toLowerCase()) && name.startsWith(w)))
  return words.every((w) => own.includes(asCode(w)) || partial(w))
}

/**
 * The catalogue exam a free-text name means: the same name (folded), else the one exam with the same words
 * (a modality by any of its names); none when no exam or several have them. An exam whose words merely hold
 * the name's is not taken: 'Ultrassonografia abdominal' is not 'US de próstata via abdominal'.
 */
export function matchCatalogueExam<T extends { nome: string; modalidade?: Modalidade }>(
  nome: string,
  catalogo: readonly T[],
): T | undefined {
  const key = foldName(nome)
  const same = catalogo.find((e) => foldName(e.nome) === key)
  if (same) return same
  const words = new Set(examWords(nome))
  if (words.size === 0) return undefined
  const equal = catalogo.filter((e) => {
    const own = new Set([...examWords(e.nome), ...(e.modalidade ? [e.modalidade.toLowerCase()] : [])])
    return own.size === words.size && [...words].every((w) => own.has(w))
  })
  return equal.length === 1 ? equal[0] : undefined
}
