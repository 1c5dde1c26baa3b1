import { describe, expect, it } from 'vitest'
import { isMissedCandidate } from '../../contract/status'
import { effectiveHours, insideHours, nextOpenDay } from '../../contract/opening-hours'

const weekdays = [1, 2, 3, 4, 5].map((dia) => ({ dia, inicio: '07:00', fim: '19:00' }))
const withSaturday = [...weekdays, { dia: 6, inicio: '07:00', fim: '12:00' }]

describe('opening hours (docs/decisions.md "Opening hours")', () => {
  it('the next day the clinic opens: Saturday after a Friday when it opens on Saturdays', () => {
    expect(nextOpenDay('2026-11-27', withSaturday)).toBe('2026-11-28')
    expect(nextOpenDay('2026-11-27', weekdays)).toBe('2026-11-30')
    expect(nextOpenDay('2026-11-28', withSaturday)).toBe('2026-11-30')
  })

  it("a machine's hours inside the clinic's; none kept: the clinic's, never any time", () => {
    expect(effectiveHours([], weekdays)).toEqual(weekdays)
    expect(effectiveHours([{ dia: 1, inicio: '06:00', fim: '12:00' }], weekdays)).toEqual([
      { dia: 1, inicio: '07:00', fim: '12:00' },
    ])
    expect(insideHours(effectiveHours(null, weekdays), '2026-11-30T00:00:00.000Z', '2026-11-30T00:15:00.000Z')).toBe(
      false,
    )
  })

  it("'Marcar faltas' after closing: an appointment 10 minutes late is missed once the clinic's day is over", () => {
    // 19:05 at the clinic on Monday 2026-11-30 (22:05 UTC); the patient of 18:55 never arrived
    const now = new Date('2026-11-30T22:05:00.000Z')
    const late = { datahora: '2026-11-30T18:55:00.000Z' }
    expect(isMissedCandidate(late, now)).toBe(false)
    expect(isMissedCandidate(late, now, weekdays)).toBe(true)
    // during the day the 30 minutes still hold
    expect(
      isMissedCandidate({ datahora: '2026-11-30T11:55:00.000Z' }, new Date('2026-11-30T15:05:00.000Z'), weekdays),
    ).toBe(false)
  })
})
