// How a stored (lowercased) person's name is written back: one rule for the screens (src/lib/format.ts,
// cached there) and the laudo's PDF (contract/laudo-document.ts).

/** Words of a name that stay lowercase after the first ('Maria da Conceição'). */
const LOWERCASE_PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e'])

// toLowerCase/toUpperCase rather than the pt-BR locale variants: Portuguese has no language-specific
// case mappings (only Turkish, Azeri and Lithuanian do), so the result is the same, and faster.
/** 'maria da conceição' → 'Maria da Conceição'; hyphenated and apostrophised parts capitalised too. */
export function capitalizeWords(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) =>
      index > 0 && LOWERCASE_PARTICLES.has(word)
        ? word
        : word.replace(/(^|[-'])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase()),
    )
    .join(' ')
}
