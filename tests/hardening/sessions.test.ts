// Sessions on the server: 'Sair' revokes the token (on every API process sharing the database), tokens
// expire 12 hours after sign-in whatever the token claims, and expired sessions are purged.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { buildApp } from '../../server/http/app'
import { sessions } from '../../server/db/schema'
import { runMaintenance } from '../../server/plugins/maintenance'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'
import { call, expectError, expectStatus, signJwt } from '../server/helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function signIn(who: 'admin' | 'staff' = 'staff'): Promise<string> {
  const { email, password } = t.users[who]
  return expectStatus<{ token: string }>(await call(t, 'login', 'anonymous', { email, password }), 200).token
}

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

describe('POST /users/logout', () => {
  it('answers { ok: true } and the token is refused from then on (401 unauthenticated); other sessions live on', async () => {
    const token = await signIn()
    const other = await signIn()
    expectStatus(await call(t, 'listMedicos', { token }), 200)
    const response = await call(t, 'logout', { token }, {})
    expect(expectStatus(response, 200)).toEqual({ ok: true })
    expect(response.headers['cache-control']).toBe('no-store')
    expectError(await call(t, 'listMedicos', { token }), 401, messages.unauthenticated)
    expectError(await call(t, 'registerPaciente', { token }, {}), 401, messages.unauthenticated)
    expectError(await call(t, 'logout', { token }, {}), 401, messages.unauthenticated)
    // the same user's other session (another tablet) is not signed out
    expectStatus(await call(t, 'listMedicos', { token: other }), 200)
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.jti, String(claims(token).jti)))
    expect(row!.revokedAt).toBeInstanceOf(Date)
  })

  it('takes the empty JSON body {}: anything else is refused (400), without a token 401', async () => {
    const token = await signIn()
    expectError(await call(t, 'logout', { token }, { jti: 'outro' }), 400)
    expectError(await call(t, 'logout', { token }, '[]'), 400)
    expectError(await call(t, 'logout', 'anonymous', {}), 401)
    // refused requests did not sign it out
    expectStatus(await call(t, 'listMedicos', { token }), 200)
  })

  it('holds on every API process sharing the database', async () => {
    const second = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET })
    try {
      await second.ready()
      const token = await signIn()
      const viaSecond = (url: string) =>
        second.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
      expect((await viaSecond('/api/medico/listAll')).statusCode).toBe(200)
      expectStatus(await call(t, 'logout', { token }, {}), 200)
      expect((await viaSecond('/api/medico/listAll')).statusCode).toBe(401)
    } finally {
      await second.close()
    }
  })
})

describe('expiry: 12 hours, absolute', () => {
  it('a sign-in creates a session that ends 12 h later, and the token carries its id', async () => {
    const token = await signIn()
    const { jti, sub, iat, exp } = claims(token) as { jti: string; sub: string; iat: number; exp: number }
    expect(jti).toMatch(/^[0-9a-f-]{36}$/)
    expect(exp - iat).toBe(12 * 3600)
    const [row] = await t.db.select().from(sessions).where(eq(sessions.jti, jti))
    expect(row!.userId).toBe(sub)
    expect(row!.revokedAt).toBeNull()
    const lifetime = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000
    expect(Math.abs(lifetime - 12 * 3600)).toBeLessThan(5)
  })

  it('a session past its end is refused, even with a token that claims a later expiry', async () => {
    const token = await signIn()
    const { jti } = claims(token) as { jti: string }
    expectStatus(await call(t, 'listMedicos', { token }), 200)
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.jti, jti))
    expectError(await call(t, 'listMedicos', { token }), 401, messages.unauthenticated)
    // a token forged with the secret for that session and a far expiry is refused too
    const now = Math.floor(Date.now() / 1000)
    const forged = signJwt({ ...claims(token), iat: now, exp: now + 30 * 24 * 3600 })
    expectError(await call(t, 'listMedicos', { token: forged }), 401, messages.unauthenticated)
  })

  it('maintenance forgets sessions expired more than a week ago, and no other', async () => {
    const old = claims(await signIn()).jti as string
    const recent = claims(await signIn()).jti as string
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.jti, old))
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '6 days'` })
      .where(eq(sessions.jti, recent))
    await runMaintenance(t.db)
    expect(await t.db.select().from(sessions).where(eq(sessions.jti, old))).toEqual([])
    expect(await t.db.select().from(sessions).where(eq(sessions.jti, recent))).toHaveLength(1)
  })
})
