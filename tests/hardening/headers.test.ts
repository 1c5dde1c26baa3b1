// Security headers, pinned: the CSP directives that keep scripts, plugins, <base> and framing out; nosniff;
// no referrer; and no-store on every /api answer (patient data stays out of HTTP caches), the new calls
// and every error included. On the PWA's own pages too.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, type CallName } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { call, createPaciente, freshToken, pacienteBody } from '../server/helpers'

let t: TestApp
let dir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinica-headers-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Clínica</title>')
  t = await createTestApp({ staticDir: dir })
})
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

function directives(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '')
  const map = new Map<string, string>()
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) map.set(name, values.join(' '))
  }
  return map
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string) {
  const csp = directives(response)
  expect(csp.get('default-src'), label).toBe("'self'")
  expect(csp.get('object-src'), label).toBe("'none'")
  expect(csp.get('base-uri'), label).toBe("'none'")
  expect(csp.get('frame-ancestors'), label).toBe("'none'")
  // scripts only from the app's own origin: no inline script, no eval
  expect(csp.get('script-src'), label).toBe("'self'")
  expect(response.headers['x-content-type-options'], label).toBe('nosniff')
  expect(response.headers['referrer-policy'], label).toBe('no-referrer')
}

describe('headers', () => {
  it('every /api answer: CSP, nosniff, no-referrer, Cache-Control: no-store — the hardening calls and their errors too', async () => {
    const paciente = await createPaciente(t)
    const keyed = pacienteBody(t)
    const requests: [CallName | string, () => Promise<LightMyRequestResponse>][] = [
      ['historicoPaciente 200', () => call(t, 'historicoPaciente', 'staff', { id: paciente.id })],
      ['historicoAgendamento 404', () => call(t, 'historicoAgendamento', 'staff', { id: paciente.id })],
      ['exportarPaciente 200', () => call(t, 'exportarPaciente', 'admin', { id: paciente.id })],
      ['exportarPaciente 403', () => call(t, 'exportarPaciente', 'staff', { id: paciente.id })],
      ['logout 200', async () => call(t, 'logout', { token: await freshToken(t, 'staff') }, {})],
      ['logout 401', () => call(t, 'logout', 'anonymous', {})],
      [
        'register with a key 201',
        () => call(t, 'registerPaciente', 'staff', keyed, { headers: { [IDEMPOTENCY_HEADER]: 'k-1' } }),
      ],
      [
        'register replayed 201',
        () => call(t, 'registerPaciente', 'staff', keyed, { headers: { [IDEMPOTENCY_HEADER]: 'k-1' } }),
      ],
      [
        'register other body 422',
        () => call(t, 'registerPaciente', 'staff', pacienteBody(t), { headers: { [IDEMPOTENCY_HEADER]: 'k-1' } }),
      ],
      [
        'register bad key 400',
        () => call(t, 'registerMedico', 'admin', { nome: 'Ana' }, { headers: { [IDEMPOTENCY_HEADER]: '' } }),
      ],
      ['login 401', () => call(t, 'login', 'anonymous', { email: 'x@y.z', password: 'errada' })],
      ['unknown route 404', () => t.app.inject({ method: 'GET', url: '/api/nada' })],
    ]
    const statuses: number[] = []
    for (const [label, send] of requests) {
      const response = await send()
      statuses.push(response.statusCode)
      expectSecurityHeaders(response, String(label))
      expect(response.headers['cache-control'], String(label)).toBe('no-store')
    }
    expect(statuses).toEqual([200, 404, 200, 403, 200, 401, 201, 201, 422, 400, 401, 404])
  })

  it('the PWA’s pages carry the same CSP, nosniff and no-referrer', async () => {
    for (const url of ['/', '/pacientes', '/index.html']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expectSecurityHeaders(response, url)
    }
  })
})
