import { api } from '@contract'
import { describe, expect, it } from 'vitest'
import { API_BASE } from '@/lib/api-client'
import { HEALTH_URL } from '@/lib/offline/server-probe'

describe('the server probe', () => {
  it("asks the contract's health call", () => {
    expect(api.health.method).toBe('GET')
    expect(HEALTH_URL).toBe(`${API_BASE}${api.health.path}`)
  })
})
