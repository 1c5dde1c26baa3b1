// Sign-in: the password check, the database-backed throttle, the re-hash, the session and the audit row,
// in one transaction per attempt. A wrong e-mail and a wrong password give the same answer and cost the
// same work: an unknown e-mail is still verified against a real argon2id hash (a dummy one, made once
// with today's parameters), so exactly one argon2 verification runs on every attempt that is not throttled.
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/client'
import * as audit from '../repositories/audit'
import * as loginAttempts from '../repositories/login-attempts'
import * as sessions from '../repositories/sessions'
import * as usersRepo from '../repositories/users'
import { hashPassword, needsRehash, verifyPassword } from './password'

export type SignInResult =
  | { kind: 'ok'; user: usersRepo.UserRow; jti: string }
  | { kind: 'failed' }
  /** The right password of a deactivated user: no session. */
  | { kind: 'inactive' }
  | { kind: 'throttled'; scope: loginAttempts.ThrottleScope; retryAfterSeconds: number }

export interface SignInInput {
  email: string
  password: string
  ip: string
  /** Lifetime of the session created on success (the token's lifetime). */
  sessionTtlSeconds: number
  /** Key of the e-mail hash a failed sign-in leaves in the audit trail (the server's secret). */
  auditSecret: string
}

export interface SignInDependencies {
  /** The password check (argon2 verify); replaceable so that a test can see what is verified. */
  verify?: (passwordHash: string, plain: string) => Promise<boolean>
}

let dummyHash: Promise<string> | undefined

/** An argon2id hash of a random secret, made once, so an unknown e-mail costs one verify too. */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'))
  return dummyHash
}

export async function signIn(db: Db, input: SignInInput, dependencies: SignInDependencies = {}): Promise<SignInResult> {
  const verify = dependencies.verify ?? verifyPassword
  const email = input.email.trim().toLowerCase()
  const { ip, password } = input
  const dummy = await getDummyHash()
  return db.transaction(async (tx) => {
    await loginAttempts.lockKey(tx, ip)
    // While blocked, even the right password is refused, and the refusal is not counted (the block
    // ends when the window passes, whatever the client does meanwhile).
    const blocked = await loginAttempts.throttled(tx, email, ip)
    if (blocked !== null) return { kind: 'throttled', ...blocked } as const

    const user = await usersRepo.findByEmail(tx, email)
    const valid = await verify(user?.passwordHash ?? dummy, password)
    if (!user || !valid) {
      await loginAttempts.recordFailure(tx, email, ip)
      // no e-mail, no user id: a keyed hash of the e-mail tried, to tell a spray from a targeted attack
      await audit.record(tx, {
        userId: null,
        action: 'login_failed',
        ip,
        subjectHash: audit.subjectHash(input.auditSecret, email),
      })
      return { kind: 'failed' } as const
    }
    await loginAttempts.clear(tx, email, ip)
    // Only someone who knows the password learns that the account is deactivated.
    if (!user.ativo) return { kind: 'inactive' } as const
    if (needsRehash(user.passwordHash)) {
      await usersRepo.setPasswordHash(tx, user.id, await hashPassword(password))
      await audit.record(tx, {
        userId: user.id,
        action: 'update',
        entity: 'user',
        entityId: user.id,
        ip,
        fields: ['password'],
      })
    }
    const { jti } = await sessions.create(tx, user.id, input.sessionTtlSeconds)
    await audit.record(tx, { userId: user.id, action: 'login', entity: 'user', entityId: user.id, ip })
    return { kind: 'ok', user, jti } as const
  })
}
