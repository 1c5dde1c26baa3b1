// The certificate password kept for 8 h in one session, in memory only (issue 36 point 5).
import { describe, expect, it } from 'vitest'
import { CertificatePasswordCache, PASSWORD_KEEP_MS } from '../../server/laudos/signing/password-cache'

function cache() {
  let now = Date.UTC(2026, 10, 27, 15)
  return { cache: new CertificatePasswordCache(() => now), advance: (ms: number) => (now += ms), at: () => now }
}

describe('the certificate password cache', () => {
  it('gives the password back to the same session and certificate only', () => {
    const { cache: c } = cache()
    c.keep('s1', 'AB01', 'segredo')
    expect(c.get('s1', 'AB01')).toBe('segredo')
    expect(c.get('s2', 'AB01')).toBeUndefined()
    expect(c.get('s1', 'CD02')).toBeUndefined()
    // A changed certificate drops the entry.
    expect(c.get('s1', 'AB01')).toBeUndefined()
  })

  it('forgets it after 8 hours', () => {
    const { cache: c, advance } = cache()
    c.keep('s1', 'AB01', 'segredo')
    advance(PASSWORD_KEEP_MS - 1)
    expect(c.get('s1', 'AB01')).toBe('segredo')
    advance(1)
    expect(c.get('s1', 'AB01')).toBeUndefined()
    expect(c.size).toBe(0)
  })

  it('forgets it when the session expires first, and at logout', () => {
    const { cache: c, advance, at } = cache()
    c.keep('s1', 'AB01', 'segredo', new Date(at() + 60_000))
    c.keep('s2', 'AB01', 'segredo')
    advance(60_000)
    expect(c.get('s1', 'AB01')).toBeUndefined()
    expect(c.get('s2', 'AB01')).toBe('segredo')
    c.forget('s2')
    expect(c.get('s2', 'AB01')).toBeUndefined()
  })

  it('forgets a removed certificate in every session', () => {
    const { cache: c } = cache()
    c.keep('s1', 'AB01', 'a')
    c.keep('s2', 'AB01', 'b')
    c.keep('s3', 'CD02', 'c')
    c.forgetSerial('AB01')
    expect(c.size).toBe(1)
    expect(c.get('s3', 'CD02')).toBe('c')
  })
})
