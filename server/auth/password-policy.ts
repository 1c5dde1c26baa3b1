// Which passwords the server refuses beyond the contract's rules (at least 8 characters — docs/product.md §5 — and
// not one repeated character): those an attacker tries first. zxcvbn-ts estimates how many guesses a
// password takes with the common-password list (@zxcvbn-ts/language-common, tens of thousands of leaked passwords)
// and the Brazilian Portuguese dictionaries (@zxcvbn-ts/language-pt-br: common words, first names, last
// names, Wikipedia terms), including their capitalised, reversed and l33t forms ('S3nh@123'). Fewer than
// a million guesses (zxcvbn's score 0 or 1) is refused, with a sentence that says why. Server-only: the
// dictionaries alone are far over the PWA's size budget; the PWA shows the API's 400 sentence.
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as ptBr from '@zxcvbn-ts/language-pt-br'
import { isOneRepeatedCharacter, messages } from '@contract'

/** zxcvbn's score below which a password is refused: 2 means at least 10^6 guesses. */
const MIN_SCORE = 2
/**
 * Only the first characters are analysed: zxcvbn's matching grows with the length, and a passphrase this
 * long is not weak for its start being a word. Bounds the CPU a client can make one request cost.
 */
const ANALYSED_LENGTH = 64

let factory: ZxcvbnFactory | undefined

/** Built on first use (ranking the dictionaries in memory takes a noticeable moment), then kept. */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
    graphs: common.adjacencyGraphs,
  })
  return factory
}

/**
 * Why this password is refused (the sentence for the user), or null when it is acceptable. Assumes the
 * contract's length rule was already applied.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return messages.passwordMin8
  if (isOneRepeatedCharacter(password)) return messages.passwordRepeated
  const result = zxcvbn().check(password.slice(0, ANALYSED_LENGTH))
  if (result.score >= MIN_SCORE) return null
  return result.sequence.some((match) => match.pattern === 'dictionary')
    ? messages.passwordCommon
    : messages.passwordGuessable
}

/** Loads the dictionaries ahead of the first sign-in or password change (so that none of them waits). */
export function warmPasswordPolicy(): void {
  zxcvbn()
}
