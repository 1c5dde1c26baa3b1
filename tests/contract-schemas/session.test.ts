import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SessionUser } from '../../contract/entities'
import { readStoredSession } from '../../contract/session'

// What getSession() (src/lib/session.ts) read with zod before the first screen stopped loading zod.
const StoredSessionSchema = z.object({ token: z.string(), user: SessionUser })
const viaZod = (value: unknown) => {
  const parsed = StoredSessionSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

const anyValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined))
const role = fc.oneof(fc.constantFrom('ADMIN', 'USER'), anyValue)
const user = fc.oneof(
  fc.record(
    { id: fc.oneof(fc.string(), anyValue), nome: fc.oneof(fc.string(), anyValue), role, extra: anyValue },
    { requiredKeys: [] },
  ),
  anyValue,
  fc.array(anyValue),
)
const stored = fc.oneof(
  fc.record({ token: fc.oneof(fc.string(), anyValue), user, other: anyValue }, { requiredKeys: [] }),
  anyValue,
)

describe('readStoredSession', () => {
  it("accepts and returns exactly what the contract's SessionUser schema does", () => {
    fc.assert(
      fc.property(stored, (value) => {
        expect(readStoredSession(value)).toEqual(viaZod(value))
      }),
      { numRuns: 2000 },
    )
  })

  it('reads a signed-in session and drops unknown keys', () => {
    const session = { token: 't', user: { id: 'u1', nome: 'Ana', role: 'ADMIN', senha: 'x' }, more: 1 }
    expect(readStoredSession(session)).toEqual({ token: 't', user: { id: 'u1', nome: 'Ana', role: 'ADMIN' } })
    expect(readStoredSession({ token: 't', user: { id: 'u1', nome: 'Ana', role: 'ROOT' } })).toBeNull()
  })
})
