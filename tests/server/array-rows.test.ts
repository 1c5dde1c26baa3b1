// isoOf must give exactly what the drizzle path gave: new Date(PostgreSQL's text).toISOString().
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoOf } from '../../server/repositories/array-rows'

/** A timestamptz as PostgreSQL writes it with TimeZone UTC: trailing zeros of the fraction dropped. */
function pgText(ms: number, micros: number): string {
  const iso = new Date(ms).toISOString()
  const fraction = `${String(((ms % 1000) + 1000) % 1000).padStart(3, '0')}${String(micros).padStart(3, '0')}`.replace(
    /0+$/,
    '',
  )
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`
}

describe('isoOf', () => {
  it('gives the ISO string Date gives, for any instant and fraction PostgreSQL writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('1000-01-01T00:00:00Z'), max: Date.parse('9999-12-31T23:59:59Z') }),
        fc.integer({ min: 0, max: 999 }),
        (ms, micros) => {
          const text = pgText(ms, micros)
          expect(isoOf(text)).toBe(new Date(text).toISOString())
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('falls back to Date for any other form (another session time zone)', () => {
    for (const text of ['2026-11-24 04:00:00-03', '2026-11-24 07:00:00.5+05:30', '2026-11-24T07:00:00Z'])
      expect(isoOf(text)).toBe(new Date(text).toISOString())
    expect(isoOf(null)).toBeNull()
  })
})
