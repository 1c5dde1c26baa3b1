// Sign-in: the password check, the database-backed throttle and the re-hash, in one transaction per
// attempt. A wrong e-mail and a wrong password give the same answer and take about the same time: an
// unknown e-mail is still checked against a (dummy) argon2id hash.
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/client'
import * as loginAttempts from '../repositories/login-attempts'
import * as usersRepo from '../repositories/users'
import { hashPassword, needsRehash, verifyPassword } from './password'

export type SignInResult =
  | { kind: 'ok'; user: usersRepo.UserRow }
  | { kind: 'failed' }
  | { kind: 'throttled'; retryAfterSeconds: number }

let dummyHash: Promise<string> | undefined

/** An argon2id hash of a random secret, made once, so an unknown e-mail costs one verify too. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'))
  return dummyHash
}

export async function signIn(db: Db, input: { email: string; password: string; ip: string }): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase()
  const { ip, password } = input
  const dummy = await getDummyHash()
  return db.transaction(async (tx) => {
    await loginAttempts.lockKey(tx, email, ip)
    // While blocked, even the right password is refused, and the refusal is not counted (the block
    // ends when the window passes, whatever the client does meanwhile).
    const retryAfterSeconds = await loginAttempts.retryAfterSeconds(tx, email, ip)
    if (retryAfterSeconds !== null) return { kind: 'throttled', retryAfterSeconds } as const

    const user = await usersRepo.findByEmail(tx, email)
    const valid = await verifyPassword(user?.passwordHash ?? dummy, password)
    if (!user || !valid) {
      await loginAttempts.recordFailure(tx, email, ip)
      return { kind: 'failed' } as const
    }
    await loginAttempts.clear(tx, email, ip)
    if (needsRehash(user.passwordHash)) await usersRepo.setPasswordHash(tx, user.id, await hashPassword(password))
    return { kind: 'ok', user } as const
  })
}
