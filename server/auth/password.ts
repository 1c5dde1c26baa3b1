import { hash, verify } from '@node-rs/argon2'

// OWASP Password Storage Cheat Sheet: argon2id, m=19456 KiB, t=2, p=1.
// Algorithm 2 is argon2id in @node-rs/argon2 (its const enum cannot be imported under isolatedModules).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS)
}

/** False for a wrong password and for a malformed hash; never throws on what a client sends. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain)
  } catch {
    return false
  }
}

/** True when a stored hash was made with other parameters than today's (re-hash on sign-in). */
export function needsRehash(passwordHash: string): boolean {
  const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS
  return !passwordHash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`)
}
