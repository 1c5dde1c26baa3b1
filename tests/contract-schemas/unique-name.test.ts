import { describe, expect, it } from 'vitest'
import { uniqueNameKey } from '../../contract/unique-name'

describe('uniqueNameKey', () => {
  it('folds invisible characters, every kind of space, composition, accents and case into one key', () => {
    const key = uniqueNameKey('Ressonância 1')
    expect(key).toBe('ressonancia 1')
    for (const twin of [
      'Ressonancia 1',
      'Ressonância 1'.normalize('NFD'),
      'Ressonância\u00a01',
      ' Ressonância \t 1 ',
      'Resso\u200bnância\u20031\ufeff',
      'RESSONÂNCIA 1',
      'Ressonância \u200b 1',
    ])
      expect(uniqueNameKey(twin), JSON.stringify(twin)).toBe(key)
    expect(uniqueNameKey('Parti\u200bcular')).toBe(uniqueNameKey('Particular'))
    expect(uniqueNameKey('Ressonância 2')).not.toBe(key)
  })
})
