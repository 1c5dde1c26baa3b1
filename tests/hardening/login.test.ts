// Sign-in hardening: a stored hash made with other argon2 parameters (or another argon2 variant) is
// replaced by an argon2id hash with today's OWASP parameters on the next successful sign-in — and only
// then; the same answer for an unknown e-mail and a wrong password; the throttle's Retry-After.
import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { ARGON2_OPTIONS, needsRehash, verifyPassword } from '../../server/auth/password'
import { users } from '../../server/db/schema'
import { testAppPerFile } from '../support/test-app-per-file'
import { call, expectError, expectStatus } from '../server/helpers'

const t = testAppPerFile()

let n = 0
const address = () => `192.0.2.${++n}`
const login = (email: string, password: string, ip = address()) =>
  call(t, 'login', 'anonymous', { email, password }, { remoteAddress: ip })

const CURRENT = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`

describe('re-hash on sign-in when the parameters changed', () => {
  it.each([
    ['less memory', { algorithm: 2, memoryCost: 8192, timeCost: 2, parallelism: 1 }],
    ['more iterations', { algorithm: 2, memoryCost: 19_456, timeCost: 3, parallelism: 1 }],
    ['more lanes', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 2 }],
    ['argon2i', { algorithm: 1, memoryCost: 19_456, timeCost: 2, parallelism: 1 }],
  ] as const)(
    '%s: replaced by argon2id m=19456,t=2,p=1 after the sign-in, the password still valid',
    async (_label, options) => {
      const email = `antigo.${++n}@clinica.test`
      const password = `senha-antiga-${n}`
      const oldHash = await hash(password, options)
      expect(oldHash.startsWith(CURRENT)).toBe(false)
      await t.db.insert(users).values({ nome: 'Conta Antiga', email, passwordHash: oldHash })

      // a wrong password changes nothing
      expectError(await login(email, 'errada'), 401, messages.loginFailed)
      const [unchanged] = await t.db.select().from(users).where(eq(users.email, email))
      expect(unchanged!.passwordHash).toBe(oldHash)

      expectStatus(await login(email, password), 200)
      const [row] = await t.db.select().from(users).where(eq(users.email, email))
      expect(row!.passwordHash).not.toBe(oldHash)
      expect(row!.passwordHash.startsWith(CURRENT)).toBe(true)
      expect(needsRehash(row!.passwordHash)).toBe(false)
      expect(await verifyPassword(row!.passwordHash, password)).toBe(true)

      // a hash already current is left as it is
      expectStatus(await login(email, password), 200)
      const [again] = await t.db.select().from(users).where(eq(users.email, email))
      expect(again!.passwordHash).toBe(row!.passwordHash)
    },
  )
})

describe('the answer does not tell which accounts exist', () => {
  it('unknown e-mail, wrong password and malformed e-mail: the same status, body and headers that matter', async () => {
    const ip = address()
    const answers = [
      await login('ninguem@clinica.test', 'senha-qualquer', ip),
      await login(t.users.staff.email, 'senha-errada', ip),
      await login('não é e-mail', 'senha-qualquer', ip),
    ]
    for (const answer of answers) {
      expectError(answer, 401, messages.loginFailed)
      expect(answer.body).toBe(answers[0]!.body)
      expect(answer.headers['retry-after']).toBeUndefined()
    }
  })

  it('throttle per e-mail and address: 429 with Retry-After, for an unknown e-mail too', async () => {
    const ip = address()
    for (let i = 0; i < 5; i++) expectError(await login('fantasma@clinica.test', `x${i}`, ip), 401)
    const blocked = await login('fantasma@clinica.test', 'x', ip)
    expectError(blocked, 429, messages.loginThrottled)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  })
})
