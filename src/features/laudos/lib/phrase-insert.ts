// Putting a stock phrase into the section being typed (issue 36 point 2): at the caret from the picker, or
// in place of a short code ('.normal') when the doctor types a space or Tab after it.
import { expandPhraseCode, type FrasePronta } from '@contract'

export interface Edit {
  text: string
  /** Where the caret goes after the edit. */
  caret: number
}

/** `phrase` at the selection of `text`, with a space before it when glued to a word. */
export function insertPhrase(text: string, start: number, end: number, phrase: string): Edit {
  const before = text.slice(0, start)
  const gap = before === '' || /\s$/.test(before) ? '' : ' '
  const inserted = before + gap + phrase
  return { text: inserted + text.slice(end), caret: inserted.length }
}

/** The code before the caret expanded, with the key's space kept; null when no known code ends there. */
export function expandAtCaret(
  text: string,
  caret: number,
  key: string,
  frases: readonly Pick<FrasePronta, 'codigo' | 'texto'>[],
): Edit | null {
  const expanded = expandPhraseCode(text.slice(0, caret), frases)
  if (expanded === null) return null
  const head = expanded + (key === ' ' ? ' ' : '')
  return { text: head + text.slice(caret), caret: head.length }
}
