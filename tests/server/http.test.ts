// Cross-cutting HTTP behaviour: security headers, no-store, unreadable bodies, unknown routes, closing.
import { Writable } from 'node:stream'
import inject from 'light-my-request'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { buildApp } from '../../server/http/app'
import { createTestDatabase } from '../support/test-database'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'
import { call, expectError, expectStatus } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' https://viacep.com.br",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
]

function cspDirectives(header: unknown): string[] {
  return String(header)
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
}

describe('security headers', () => {
  it('sets the CSP, nosniff and no-referrer on API answers, errors included', async () => {
    const responses = [
      await call(t, 'listMedicos', 'staff'),
      await call(t, 'listMedicos', 'anonymous'),
      await t.app.inject({ method: 'GET', url: '/api/nao-existe' }),
    ]
    for (const response of responses) {
      expect(cspDirectives(response.headers['content-security-policy']).sort()).toEqual([...EXPECTED_CSP].sort())
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(['no-referrer', 'strict-origin-when-cross-origin']).toContain(response.headers['referrer-policy'])
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    }
  })

  it('answers every /api request with Cache-Control: no-store (200, 201, 400, 401, 403, 404, 409, 413, 415)', async () => {
    const responses = [
      await call(t, 'listMedicos', 'staff'),
      await call(t, 'registerMedico', 'admin', { nome: 'Cache Control' }),
      await call(t, 'listPacientes', 'staff', { page: 0 }),
      await call(t, 'listPacientes', 'anonymous', { page: 1 }),
      await call(t, 'registerMedico', 'staff', { nome: 'X' }),
      await call(t, 'findMedico', 'staff', { id: '00000000-0000-4000-8000-000000000000' }),
      await call(t, 'registerUser', 'admin', { nome: 'Ana', email: t.users.staff.email, password: '12345678' }),
      await call(t, 'listPacientes', 'staff', JSON.stringify({ page: 1, pad: 'x'.repeat(110_000) })),
      await call(t, 'listPacientes', 'staff', 'page=1', { headers: { 'content-type': 'text/plain' } }),
      await t.app.inject({ method: 'GET', url: '/api/nao-existe' }),
      await t.app.inject({ method: 'GET', url: '/api/%zz' }),
      await call(t, 'login', 'anonymous', { email: t.users.staff.email, password: t.users.staff.password }),
    ]
    expect(responses.map((r) => r.statusCode)).toEqual([200, 201, 400, 401, 403, 404, 409, 413, 415, 404, 400, 200])
    for (const response of responses) expect(response.headers['cache-control']).toBe('no-store')
  })
})

describe('routes', () => {
  it('an unknown /api path is a JSON 404 (with or without a token, any method)', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/nao-existe' },
      { method: 'POST' as const, url: '/api/paciente/nada', payload: {} },
      { method: 'GET' as const, url: '/api' },
      { method: 'GET' as const, url: '/api/' },
      { method: 'DELETE' as const, url: '/api/users/session' },
      // a known path with another method
      { method: 'GET' as const, url: '/api/paciente/listAll' },
    ]) {
      const response = await t.app.inject({ ...request, headers: { authorization: `Bearer ${t.tokens.staff}` } })
      expectError(response, 404, messages.routeNotFound)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
    }
  })

  it('without a PWA folder other paths are JSON 404 too', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/pacientes' }), 404, messages.routeNotFound)
  })

  it('a malformed URL is a JSON 400', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/%zz' }), 400, messages.invalidRequest)
  })
})

describe('bodies', () => {
  it('broken JSON → 400 invalidJson', async () => {
    for (const raw of ['{', '{"page": 1,}', "{'page': 1}", 'undefined', '{"page": 1}garbage', '\u0000']) {
      expectError(await call(t, 'listPacientes', 'staff', raw), 400, messages.invalidJson)
    }
  })

  it('an empty JSON body → 400', async () => {
    expectError(await call(t, 'listPacientes', 'staff', '', { headers: { 'content-type': 'application/json' } }), 400)
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/paciente/listAll',
      headers: { authorization: `Bearer ${t.tokens.staff}` },
    })
    expectError(none, 400)
  })

  it('a body over 100 kB → 413 payloadTooLarge', async () => {
    const big = JSON.stringify({ nome: 'A'.repeat(102_400) })
    expectError(await call(t, 'registerMedico', 'admin', big), 413, messages.payloadTooLarge)
    // just under the limit is read (and then refused by its schema)
    const under = JSON.stringify({ nome: 'A'.repeat(100_000) })
    expectError(await call(t, 'registerMedico', 'admin', under), 400, messages.textTooLong)
  })

  it('a body that is not JSON → 415 unsupportedMediaType', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'text/html',
    ]) {
      expectError(
        await call(t, 'registerMedico', 'admin', 'nome=Ana', { headers: { 'content-type': type } }),
        415,
        messages.unsupportedMediaType,
      )
    }
  })

  it('JSON with a charset, or a +json type, is read', async () => {
    expectStatus(
      await call(
        t,
        'registerMedico',
        'admin',
        { nome: 'Charset Utf' },
        { headers: { 'content-type': 'application/json; charset=utf-8' } },
      ),
      201,
    )
    expectStatus(
      await call(
        t,
        'registerMedico',
        'admin',
        { nome: 'Vendor Json' },
        { headers: { 'content-type': 'application/vnd.clinica+json' } },
      ),
      201,
    )
  })

  it('null, arrays, numbers, strings and nested junk → 400 with a Portuguese error', async () => {
    for (const body of [
      null,
      [],
      [{ page: 1 }],
      1,
      'page',
      true,
      { page: { $gt: 0 } },
      { page: [1] },
      { page: 1, extra: { deep: [[[{}]]] } },
    ]) {
      const response = await call(t, 'listPacientes', 'staff', JSON.stringify(body))
      const { error } = expectError(response, 400)
      expect(error).not.toMatch(/^(Invalid|Expected|Bad Request|Unrecognized)/)
    }
  })

  it('refuses prototype-poisoning keys', async () => {
    const raw = '{"nome":"Ana","__proto__":{"isAdmin":true}}'
    expectError(await call(t, 'registerMedico', 'admin', raw), 400)
    const ctor = '{"nome":"Ana","constructor":{"prototype":{"isAdmin":true}}}'
    expectError(await call(t, 'registerMedico', 'admin', ctor), 400)
  })

  it('ids that are not uuids → 400 idInvalid (never a database error)', async () => {
    for (const id of ['1', 'abc', "' or 1=1 --", '00000000-0000-0000-0000-00000000000g', ' '.repeat(36)]) {
      for (const name of [
        'findPaciente',
        'findMedico',
        'findAgendamento',
        'deletePaciente',
        'deleteAgendamento',
      ] as const) {
        expectError(await call(t, name, 'admin', { id }), 400)
      }
    }
  })

  it('text with NUL characters never reaches PostgreSQL as an error 500', async () => {
    const response = await call(t, 'findPacientesByNome', 'staff', { nomer: 'a\u0000b', page: 1 })
    expect(response.statusCode).toBeLessThan(500)
    const medico = await call(t, 'registerMedico', 'admin', { nome: 'Ana\u0000' })
    expect(medico.statusCode).toBeLessThan(500)
  })
})

describe('faults', () => {
  it('an unexpected failure → 500 internalError, logged', async () => {
    const database = await createTestDatabase()
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const app = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET, logger: { level: 'error', stream } })
    try {
      await app.ready()
      // a broken database: the throttle's table is gone, so sign-in fails mid-transaction
      await database.pool.query('drop table login_attempts')
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/session',
        payload: { email: 'segredo@clinica.test', password: 'x' },
      })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ error: messages.internalError })
      expect(response.headers['cache-control']).toBe('no-store')
      expect(lines.join('\n')).toMatch(/unexpected error/)
      // the query's parameters (personal data) stay out of the log
      expect(lines.join('\n')).not.toContain('segredo@clinica.test')
    } finally {
      await app.close()
      await database.drop().catch(() => {})
    }
  })
})

describe('closing', () => {
  it('while the app closes, new requests get 503 with the contract body', async () => {
    const app = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let closingStarted!: () => void
    const started = new Promise<void>((resolve) => (closingStarted = resolve))
    app.addHook('preClose', async () => {
      closingStarted()
      await held
    })
    await app.ready()
    expectStatus(
      await app.inject({
        method: 'GET',
        url: '/api/medico/listAll',
        headers: { authorization: `Bearer ${t.tokens.staff}` },
      }),
      200,
    )
    const closed = app.close()
    await started
    // app.inject refuses once closing starts; a request reaching the server's handler is what a kept-alive
    // connection would deliver
    const response = await inject(app.routing.bind(app), {
      method: 'GET',
      url: '/api/medico/listAll',
      headers: { authorization: `Bearer ${t.tokens.staff}` },
    })
    release()
    await closed
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ error: messages.serverRestarting })
    expect(response.headers['cache-control']).toBe('no-store')
  })
})
