// The stored session (docs/product.md §3) as the PWA reads it before its first screen: a plain function, not a
// zod schema, so that the first screen's JS holds no zod at all
// (bench/journal/2026-11-24-issue-18-floor.md, "Size budget"). entities.ts's `SessionUser` stays the contract's
// definition; tests/contract-schemas/session.test.ts checks on arbitrary values that this reader accepts and returns exactly
// what that schema's parse does.
export const ROLES = ['ADMIN', 'USER'] as const
export type Role = (typeof ROLES)[number]

export interface StoredSession {
  token: string
  user: { id: string; nome: string; role: Role }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `{ token, user: SessionUser }` with unknown keys dropped (as zod's object parse does), or null. */
export function readStoredSession(value: unknown): StoredSession | null {
  if (!isObject(value) || typeof value.token !== 'string') return null
  const user = value.user
  if (!isObject(user) || typeof user.id !== 'string' || typeof user.nome !== 'string') return null
  const role = user.role
  if (!(ROLES as readonly unknown[]).includes(role)) return null
  return { token: value.token, user: { id: user.id, nome: user.nome, role: role as Role } }
}
