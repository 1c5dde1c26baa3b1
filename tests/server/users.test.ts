// POST /users/session (sign-in, throttle, re-hash) and POST /users/register.
import { hash } from '@node-rs/argon2'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { buildApp } from '../../server/http/app'
import { getDummyHash, signIn } from '../../server/auth/login'
import { needsRehash, verifyPassword } from '../../server/auth/password'
import { loginAttempts, users } from '../../server/db/schema'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'
import { call, expectError, expectStatus } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

let address = 10
/** A fresh client address, so that each throttle test starts clean. */
const freshAddress = () => `10.0.0.${++address}`

function login(app: TestApp, email: string, password: string, remoteAddress = '127.0.0.1') {
  return call(app, 'login', 'anonymous', { email, password }, { remoteAddress })
}

describe('sign-in', () => {
  it('answers the token and the session user', async () => {
    const { email, password, id, nome } = t.users.staff
    const body = expectStatus<{ token: string; user: unknown }>(await login(t, email, password, freshAddress()), 200)
    expect(body.user).toEqual({ id, nome, role: 'USER' })
    expect(body.token.split('.')).toHaveLength(3)
    expectStatus(await call(t, 'listMedicos', { token: body.token }), 200)
  })

  it('admins sign in with role ADMIN; the e-mail is matched whatever its case and spaces', async () => {
    const { email, password } = t.users.admin
    const body = expectStatus<{ user: { role: string } }>(
      await login(t, `  ${email.toUpperCase()} `, password, freshAddress()),
      200,
    )
    expect(body.user.role).toBe('ADMIN')
  })

  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    const ip = freshAddress()
    const unknown = await login(t, 'ninguem@clinica.test', 'whatever-1', ip)
    const wrong = await login(t, t.users.staff.email, 'wrong-password', ip)
    expectError(unknown, 401, messages.loginFailed)
    expectError(wrong, 401, messages.loginFailed)
    expect(unknown.body).toBe(wrong.body)
  })

  it('checks an unknown e-mail against a real argon2id hash: one verification per attempt, as for a wrong password', async () => {
    // No stopwatch (speed lives in the benchmarks): the proof is what gets verified. Both paths run exactly
    // one argon2 verification, the unknown e-mail against a well-formed argon2id hash with today's
    // parameters — the same work as a wrong password.
    const verified: string[] = []
    const verify = async (passwordHash: string, plain: string) => {
      verified.push(passwordHash)
      return verifyPassword(passwordHash, plain)
    }
    const attempt = (email: string) =>
      signIn(
        t.db,
        { email, password: 'wrong-password', ip: freshAddress(), sessionTtlSeconds: 60, auditSecret: TEST_JWT_SECRET },
        { verify },
      )
    expect(await attempt('ninguem@clinica.test')).toEqual({ kind: 'failed' })
    expect(verified).toHaveLength(1)
    expect(await attempt(t.users.staff.email)).toEqual({ kind: 'failed' })
    expect(verified).toHaveLength(2)
    const [dummy, staffHash] = verified as [string, string]
    const [row] = await t.db.select().from(users).where(eq(users.id, t.users.staff.id))
    expect(staffHash).toBe(row!.passwordHash)
    expect(dummy).not.toBe(staffHash)
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(needsRehash(dummy)).toBe(false)
    expect(await getDummyHash()).toBe(dummy)
    // and the answers are the same
    const ip = freshAddress()
    expect((await login(t, 'ninguem@clinica.test', 'x-1', ip)).body).toBe(
      (await login(t, t.users.staff.email, 'x-1', ip)).body,
    )
  })

  it('requires e-mail and password', async () => {
    const body = expectError(await call(t, 'login', 'anonymous', { email: '' }), 400)
    expect(body.issues).toMatchObject({
      email: { _errors: [messages.required] },
      password: { _errors: [messages.required] },
    })
  })

  it('re-hashes a password stored with old argon2 parameters', async () => {
    const email = 'antigo@clinica.test'
    const oldHash = await hash('senha-antiga-1', { algorithm: 2, memoryCost: 4096, timeCost: 3, parallelism: 1 })
    expect(needsRehash(oldHash)).toBe(true)
    await t.db.insert(users).values({ nome: 'Antigo', email, passwordHash: oldHash })
    expectStatus(await login(t, email, 'senha-antiga-1', freshAddress()), 200)
    const [row] = await t.db.select().from(users).where(eq(users.email, email))
    expect(row!.passwordHash).not.toBe(oldHash)
    expect(needsRehash(row!.passwordHash)).toBe(false)
    expect(await verifyPassword(row!.passwordHash, 'senha-antiga-1')).toBe(true)
    expectStatus(await login(t, email, 'senha-antiga-1', freshAddress()), 200)
  })
})

describe('login throttle (kept in the database)', () => {
  const { email, password } = { email: 'recepcao@clinica.test', password: 'senha-da-recepcao-1' }

  it('refuses the 6th attempt after 5 failures within 60 s with 429 and Retry-After', async () => {
    const ip = freshAddress()
    for (let i = 0; i < 5; i++) expectError(await login(t, email, `wrong-${i}`, ip), 401, messages.loginFailed)
    const blocked = await login(t, email, 'wrong-5', ip)
    expectError(blocked, 429, messages.loginThrottled)
    const retryAfter = Number(blocked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // the right password does not get through while blocked
    expectError(await login(t, email, password, ip), 429, messages.loginThrottled)
    // blocked attempts are not counted: still exactly 5 rows
    const rows = await t.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip))
    expect(rows).toHaveLength(5)
  })

  it('counts one e-mail whatever its case, per client address', async () => {
    const ip = freshAddress()
    for (let i = 0; i < 5; i++) await login(t, i % 2 ? email.toUpperCase() : email, 'wrong', ip)
    expectError(await login(t, email.toUpperCase(), password, ip), 429)
    // another address is not blocked
    expectStatus(await login(t, email, password, freshAddress()), 200)
    // another e-mail from the same address is not blocked
    expectStatus(await login(t, t.users.admin.email, t.users.admin.password, ip), 200)
  })

  it('frees the key once the window has passed', async () => {
    const ip = freshAddress()
    for (let i = 0; i < 5; i++) await login(t, email, 'wrong', ip)
    expectError(await login(t, email, password, ip), 429)
    // the failures age past the 60 s window (as if a minute went by)
    await t.db
      .update(loginAttempts)
      .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '61 seconds'` })
      .where(eq(loginAttempts.ip, ip))
    expectStatus(await login(t, email, password, ip), 200)
  })

  it('Retry-After counts down to when the oldest counted failure leaves the window', async () => {
    const ip = freshAddress()
    for (let i = 0; i < 5; i++) await login(t, email, 'wrong', ip)
    await t.db
      .update(loginAttempts)
      .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '45 seconds'` })
      .where(eq(loginAttempts.ip, ip))
    const blocked = await login(t, email, 'wrong', ip)
    expectError(blocked, 429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(13)
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(16)
  })

  it('a successful sign-in clears the failures of that e-mail and address', async () => {
    const ip = freshAddress()
    for (let i = 0; i < 4; i++) expectError(await login(t, email, 'wrong', ip), 401)
    expectStatus(await login(t, email, password, ip), 200)
    for (let i = 0; i < 5; i++) expectError(await login(t, email, 'wrong', ip), 401)
    expectError(await login(t, email, 'wrong', ip), 429)
  })

  it('holds against simultaneous attempts: of 10 at once, 5 fail with 401 and 5 are refused with 429', async () => {
    const ip = freshAddress()
    const responses = await Promise.all(Array.from({ length: 10 }, () => login(t, email, 'wrong', ip)))
    const statuses = responses.map((r) => r.statusCode).sort()
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429])
  })

  it('is shared by two API processes on the same database', async () => {
    const other = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET })
    try {
      await other.ready()
      const second: TestApp = { ...t, app: other }
      const ip = freshAddress()
      for (let i = 0; i < 3; i++) expectError(await login(t, email, 'wrong', ip), 401)
      for (let i = 0; i < 2; i++) expectError(await login(second, email, 'wrong', ip), 401)
      expectError(await login(t, email, password, ip), 429, messages.loginThrottled)
      expectError(await login(second, email, password, ip), 429, messages.loginThrottled)
    } finally {
      await other.close()
    }
  })

  it('uses X-Forwarded-For only with trustProxy', async () => {
    const proxied = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET, trustProxy: true })
    try {
      await proxied.ready()
      const viaProxy: TestApp = { ...t, app: proxied }
      const client = freshAddress()
      const proxyAddress = freshAddress()
      for (let i = 0; i < 5; i++)
        await call(
          viaProxy,
          'login',
          'anonymous',
          { email, password: 'wrong' },
          { remoteAddress: proxyAddress, headers: { 'x-forwarded-for': client } },
        )
      const blocked = await call(
        viaProxy,
        'login',
        'anonymous',
        { email, password },
        { remoteAddress: proxyAddress, headers: { 'x-forwarded-for': client } },
      )
      expectError(blocked, 429)
      // another client behind the same proxy is not blocked
      const otherClient = await call(
        viaProxy,
        'login',
        'anonymous',
        { email, password },
        { remoteAddress: proxyAddress, headers: { 'x-forwarded-for': freshAddress() } },
      )
      expectStatus(otherClient, 200)
    } finally {
      await proxied.close()
    }
  })
})

describe('POST /users/register (admin)', () => {
  it('creates a USER and never answers the password or its hash', async () => {
    const response = await call(t, 'registerUser', 'admin', {
      nome: 'Clara Nunes',
      email: 'Clara@Clinica.test',
      password: 'senha-forte-1',
    })
    const body = expectStatus<{ user: Record<string, unknown> }>(response, 201)
    expect(body.user).toEqual({
      id: expect.any(String),
      nome: 'Clara Nunes',
      email: 'clara@clinica.test',
      role: 'USER',
    })
    expect(response.body).not.toMatch(/senha-forte-1|argon2|password/i)
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, body.user.id as string))
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
    expect(needsRehash(row!.passwordHash)).toBe(false)
    expectStatus(await login(t, 'clara@clinica.test', 'senha-forte-1', freshAddress()), 200)
  })

  it('refuses an e-mail already used, whatever its case (409)', async () => {
    expectError(
      await call(t, 'registerUser', 'admin', {
        nome: 'Outra Ana',
        email: 'ADMIN@clinica.TEST',
        password: 'senha-forte-2',
      }),
      409,
      messages.emailTaken,
    )
  })

  it('validates name, e-mail and password', async () => {
    const short = expectError(
      await call(t, 'registerUser', 'admin', { nome: 'Ana', email: 'ana@x.test', password: '1234567' }),
      400,
      messages.passwordMin8,
    )
    expect(short.issues).toMatchObject({ password: { _errors: [messages.passwordMin8] } })
    const digits = expectError(
      await call(t, 'registerUser', 'admin', { nome: 'Ana 2', email: 'ana@x.test', password: '12345678' }),
      400,
    )
    expect(digits.issues).toMatchObject({ nome: { _errors: [messages.lettersOnly] } })
    const email = expectError(
      await call(t, 'registerUser', 'admin', { nome: 'Ana', email: 'not-an-email', password: '12345678' }),
      400,
    )
    expect(email.issues).toMatchObject({ email: { _errors: [messages.emailInvalid] } })
    const missing = expectError(await call(t, 'registerUser', 'admin', {}), 400, messages.required)
    expect(missing.issues).toMatchObject({
      nome: { _errors: [messages.required] },
      email: { _errors: [messages.required] },
    })
    expectError(
      await call(t, 'registerUser', 'admin', { nome: 'Ana', email: 'ana@x.test', password: '12345678', role: 'ADMIN' }),
      400,
    )
  })
})
