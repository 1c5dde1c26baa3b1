import { afterAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicDayRange,
  clinicToday,
  datePart,
  formatClinicStamp,
  formatDate,
  formatDateTime,
  isBeforeClinicToday,
  isValidDate,
  timePart,
  toFloatingDateTime,
} from '../../contract/clinic-time'

// Node re-reads process.env.TZ when it changes: the same assertions run as if the tablet or phone were
// set to each of these timezones. None of them may change what the clinic sees.
const DEVICE_TIMEZONES = ['America/Sao_Paulo', 'UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati']
const originalTz = process.env.TZ
afterAll(() => {
  process.env.TZ = originalTz
})

describe.each(DEVICE_TIMEZONES)('clinic time on a device in %s', (tz) => {
  process.env.TZ = tz

  it('takes today from the clinic (UTC−3), not from the device', () => {
    process.env.TZ = tz
    // 02:30 UTC on the 23rd is still 23:30 on the 22nd in São Paulo
    expect(clinicToday(new Date('2026-11-23T02:30:00Z'))).toBe('2026-11-22')
    expect(clinicToday(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23')
  })

  it('writes the clinic wall clock as UTC and reads it back unchanged', () => {
    process.env.TZ = tz
    const floating = toFloatingDateTime('2026-11-22', '14:00')
    expect(floating).toBe('2026-11-22T14:00:00.000Z')
    expect(timePart(floating!)).toBe('14:00')
    expect(datePart(floating!)).toBe('2026-11-22')
    expect(formatDateTime(floating!)).toBe('22/11/2026 14:00')
    expect(formatDate('2026-01-05')).toBe('05/01/2026')
  })

  it('compares "before today" with the clinic date', () => {
    process.env.TZ = tz
    const lateEvening = new Date('2026-11-23T02:30:00Z') // 22/11 23:30 at the clinic
    expect(isBeforeClinicToday('2026-11-22T08:00:00.000Z', lateEvening)).toBe(false)
    expect(isBeforeClinicToday('2026-11-21T23:59:00.000Z', lateEvening)).toBe(true)
  })

  it('covers the whole clinic day from 00:00:00Z to 23:59:59Z', () => {
    process.env.TZ = tz
    expect(clinicDayRange('2026-11-22')).toEqual({
      datainicior: '2026-11-22T00:00:00.000Z',
      datafimr: '2026-11-22T23:59:59.999Z',
    })
  })

  it('stamps a fetch time in the clinic time zone', () => {
    process.env.TZ = tz
    expect(formatClinicStamp(new Date('2026-11-22T12:05:00Z'))).toBe('22/11 às 09:05')
  })
})

describe('calendar helpers', () => {
  it('refuses dates and times that do not exist', () => {
    expect(isValidDate('2026-02-29')).toBe(false)
    expect(isValidDate('2028-02-29')).toBe(true)
    expect(toFloatingDateTime('2026-13-01', '10:00')).toBeNull()
    expect(toFloatingDateTime('2026-11-22', '24:00')).toBeNull()
    expect(toFloatingDateTime('2026-11-22', '9:00')).toBeNull()
  })

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})
