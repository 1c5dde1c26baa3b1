// Abuse limits: failed sign-ins from one address across many e-mails (password spraying) and across every
// address (a global ceiling) are refused with 429 and Retry-After; requests without a valid session are
// limited per address; anonymous failures leave one aggregated audit row per minute instead of one per
// request; failed sign-ins and old anonymous audit rows are purged, the rows of known users never.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  LOGIN_ADDRESS_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES_GLOBAL,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  messages,
} from '@contract'
import { ANONYMOUS_LIMIT } from '../../server/auth/anonymous-limit'
import { auditLog, loginAttempts } from '../../server/db/schema'
import { runMaintenance } from '../../server/plugins/maintenance'
import { testAppPerFile } from '../support/test-app-per-file'
import { call, expectError, expectStatus, freshToken } from '../server/helpers'

const t = testAppPerFile()

let n = 0
const address = () => `198.18.${Math.floor(++n / 250)}.${n % 250}`
const login = (email: string, password: string, ip: string) =>
  call(t, 'login', 'anonymous', { email, password }, { remoteAddress: ip })

describe('password spraying from one address', () => {
  it(`${LOGIN_MAX_FAILURES_PER_ADDRESS} failed sign-ins with as many e-mails, then 429 for that address only — even the right password`, async () => {
    const ip = address()
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      expectError(await login(`alvo.${i}@clinica.test`, 'Primavera2026', ip), 401, messages.loginFailed)
    }
    const refused = await login('mais.um@clinica.test', 'Primavera2026', ip)
    expectError(refused, 429, messages.loginThrottledAddress)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(LOGIN_ADDRESS_WINDOW_SECONDS - 120)
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_ADDRESS_WINDOW_SECONDS)
    expectError(await login(t.users.staff.email, t.users.staff.password, ip), 429, messages.loginThrottledAddress)
    // another address signs in as usual
    expectStatus(await login(t.users.staff.email, t.users.staff.password, address()), 200)
  })

  it('the per-e-mail rule (docs/product.md §8) keeps its own sentence', async () => {
    const ip = address()
    for (let i = 0; i < 5; i++) expectError(await login('um.so@clinica.test', `x${i}`, ip), 401)
    expectError(await login('um.so@clinica.test', 'x', ip), 429, messages.loginThrottled)
  })
})

describe('a global ceiling', () => {
  it(`${LOGIN_MAX_FAILURES_GLOBAL} failures within a minute across addresses: every sign-in waits`, async () => {
    // the failures of a distributed spray, as the throttle stores them
    await t.db.insert(loginAttempts).values(
      Array.from({ length: LOGIN_MAX_FAILURES_GLOBAL }, (_, i) => ({
        email: `spray.${i}@x.test`,
        ip: `203.0.113.${i % 250}`,
      })),
    )
    try {
      const refused = await login(t.users.staff.email, t.users.staff.password, address())
      expectError(refused, 429, messages.loginThrottledGlobal)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    } finally {
      await t.db.delete(loginAttempts).where(sql`${loginAttempts.email} like 'spray.%'`)
    }
    expectStatus(await login(t.users.staff.email, t.users.staff.password, address()), 200)
  })
})

describe('requests without a valid session, per address', () => {
  it(`after ${ANONYMOUS_LIMIT} refusals in a minute: 429 for tokenless requests; a valid token and the health probe still pass`, async () => {
    const ip = address()
    const anonymous = () => call(t, 'listPacientes', 'anonymous', { page: 1 }, { remoteAddress: ip })
    for (let i = 0; i < ANONYMOUS_LIMIT; i++)
      expectError(await call(t, 'listMedicos', { token: `lixo.${i}` }, undefined, { remoteAddress: ip }), 401)
    const limited = await anonymous()
    expectError(limited, 429, messages.tooManyRequests)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expectError(await login(t.users.staff.email, t.users.staff.password, ip), 429, messages.tooManyRequests)
    expectStatus(
      await call(t, 'listMedicos', { token: await freshToken(t, 'staff') }, undefined, { remoteAddress: ip }),
      200,
    )
    expectStatus(await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip }), 200)
    // another address is not affected
    expectError(
      await call(t, 'listPacientes', 'anonymous', { page: 1 }, { remoteAddress: address() }),
      401,
      messages.unauthenticated,
    )
  })

  it('the refusals of that loop left one audit row per minute and call, with their count', async () => {
    const ip = address()
    const bucketsBefore = await t.db.select().from(auditLog).where(eq(auditLog.ip, ip))
    expect(bucketsBefore).toEqual([])
    for (let i = 0; i < 40; i++) await call(t, 'listMedicos', { token: `lixo.${i}` }, undefined, { remoteAddress: ip })
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.ip, ip))
    // a minute boundary may fall inside the loop: at most two rows
    expect(rows.length).toBeGreaterThanOrEqual(1)
    expect(rows.length).toBeLessThanOrEqual(2)
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(40)
    for (const row of rows)
      expect(row).toMatchObject({ userId: null, action: 'access_denied', call: '/medico/listAll', status: 401 })
  })

  it('failed sign-ins aggregate per minute, address and e-mail hash', async () => {
    const ip = address()
    for (let i = 0; i < 3; i++) await login('alguem@clinica.test', `errada-${i}`, ip)
    await login('outra.pessoa@clinica.test', 'errada', ip)
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.ip, ip), eq(auditLog.action, 'login_failed')))
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(4)
    expect(new Set(rows.map((r) => r.subjectHash)).size).toBe(2)
  })

  it('an aggregated row can only have its count raised; other rows stay append-only', async () => {
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.bucket} is not null`)
      .limit(1)
    await expect(t.db.execute(sql`update audit_log set call = '/outra' where id = ${row!.id}`)).rejects.toThrow()
    await expect(t.db.execute(sql`update audit_log set count = count - 1 where id = ${row!.id}`)).rejects.toThrow()
    await expect(t.db.execute(sql`delete from audit_log where id = ${row!.id}`)).rejects.toThrow()
    const [known] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login')).limit(1)
    await expect(t.db.execute(sql`update audit_log set count = count + 1 where id = ${known!.id}`)).rejects.toThrow()
  })
})

describe('retention (maintenance)', () => {
  it('purges failed sign-ins after a day (unknown e-mails too) and anonymous audit rows after 180 days; never a known user’s rows', async () => {
    await t.db.insert(loginAttempts).values([
      { email: 'velho@desconhecido.test', ip: '192.0.2.9', attemptedAt: new Date(Date.now() - 25 * 3600_000) },
      { email: 'recente@desconhecido.test', ip: '192.0.2.9', attemptedAt: new Date(Date.now() - 3600_000) },
    ])
    const old = new Date(Date.now() - 181 * 86_400_000)
    const recentAnonymous = new Date(Date.now() - 179 * 86_400_000)
    await t.db.insert(auditLog).values([
      { userId: null, action: 'login_failed', ip: '192.0.2.9', subjectHash: 'a'.repeat(32), at: old },
      { userId: null, action: 'access_denied', ip: '192.0.2.9', call: '/medico/listAll', status: 401, at: old },
      {
        userId: null,
        action: 'access_denied',
        ip: '192.0.2.9',
        call: '/medico/listAll',
        status: 401,
        at: recentAnonymous,
      },
      {
        userId: t.users.staff.id,
        action: 'access_denied',
        ip: '192.0.2.9',
        call: '/medico/register',
        status: 403,
        at: old,
      },
      {
        userId: t.users.staff.id,
        action: 'login',
        entity: 'user',
        entityId: t.users.staff.id,
        ip: '192.0.2.9',
        at: old,
      },
    ])
    const result = await runMaintenance(t.db)
    expect(result.loginAttempts).toBeGreaterThanOrEqual(1)
    expect(result.anonymousAudit).toBe(2)
    const attempts = await t.db
      .select({ email: loginAttempts.email })
      .from(loginAttempts)
      .where(eq(loginAttempts.ip, '192.0.2.9'))
    expect(attempts.map((a) => a.email)).toEqual(['recente@desconhecido.test'])
    const kept = await t.db.select().from(auditLog).where(eq(auditLog.ip, '192.0.2.9'))
    expect(kept.map((r) => [r.action, r.userId === null]).sort()).toEqual([
      ['access_denied', false],
      ['access_denied', true],
      ['login', false],
    ])
    // the trigger refuses a purge of anything else, even by the database owner
    await expect(
      t.db.execute(sql`delete from audit_log where ip = '192.0.2.9' and user_id is not null`),
    ).rejects.toThrow()
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.ip, '192.0.2.9'), isNull(auditLog.userId))),
    ).toHaveLength(1)
  })
})
