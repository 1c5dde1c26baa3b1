// The HTTP server's limits on a real socket (inject bypasses them): oversized headers → 431 in the
// contract's shape, a client dripping its headers is cut off with 408, idle kept-alive connections are
// closed, a repeated Idempotency-Key is refused, and every answer carries a Permissions-Policy.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, messages } from '@contract'
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_REQUESTS_PER_SOCKET } from '../../server/http/http-limits'
import { PERMISSIONS_POLICY } from '../../server/plugins/security'
import { createTestApp, type TestApp } from '../support/api-app'

let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await t?.close()
})

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
  /** ms from the first byte sent to the server closing the connection. */
  closedAfterMs: number
}

/** Sends raw bytes (optionally more later), reads until the server closes the connection. */
function raw(first: string, drip?: { line: string; everyMs: number }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const start = performance.now()
    let data = ''
    let timer: NodeJS.Timeout | undefined
    socket.on('connect', () => {
      socket.write(first)
      if (drip) timer = setInterval(() => socket.writable && socket.write(drip.line), drip.everyMs)
    })
    socket.on('data', (chunk) => (data += chunk.toString('utf8')))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      const [head = '', body = ''] = data.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      )
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, closedAfterMs: performance.now() - start })
    })
    setTimeout(() => reject(new Error(`no close after 60 s: ${data}`)), 60_000).unref()
  })
}

describe('HTTP limits', () => {
  it('a 20 kB header → 431 with the contract’s body in Portuguese', async () => {
    const answer = await raw(`GET /api/medico/listAll HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(answer.status).toBe(431)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(answer.body)).toEqual({ error: messages.headersTooLarge })
  })

  it('a client sending one header line per second is cut off with 408 after the header timeout', async () => {
    const answer = await raw('GET /api/medico/listAll HTTP/1.1\r\nHost: x\r\n', {
      line: 'X-Lento: 1\r\n',
      everyMs: 1000,
    })
    expect(answer.status).toBe(408)
    expect(JSON.parse(answer.body)).toEqual({ error: messages.requestTimeout })
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 1000)
    // the figure is 10 s, checked every second; generous on a busy machine
    expect(answer.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 15_000)
  })

  it('an idle kept-alive connection is closed by the server; the answer announces the timeout', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`)
    expect(answer.status).toBe(200)
    expect(answer.headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}, max=${MAX_REQUESTS_PER_SOCKET}`)
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS - 1000)
    expect(answer.closedAfterMs).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + 15_000)
  })

  it('Idempotency-Key sent twice → 400, nothing created', async () => {
    const body = JSON.stringify({ nome: 'Doutor Duplicado' })
    const answer = await raw(
      'POST /api/medico/register HTTP/1.1\r\nHost: x\r\nConnection: close\r\n' +
        `Authorization: Bearer ${t.tokens.admin}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `${IDEMPOTENCY_HEADER}: chave-a\r\n${IDEMPOTENCY_HEADER}: chave-b\r\n\r\n${body}`,
    )
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toEqual({ error: messages.idempotencyKeyRepeated })
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/medico/listAll',
      headers: { authorization: `Bearer ${t.tokens.admin}` },
    })
    expect(list.body).not.toContain('Doutor Duplicado')
  })

  it('every answer carries the Permissions-Policy: API answers, errors and the routing errors', async () => {
    for (const url of ['/api/health', '/api/medico/listAll', '/api/nada']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY)
    }
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\)/)
    expect(PERMISSIONS_POLICY).toMatch(/microphone=\(\)/)
    expect(PERMISSIONS_POLICY).toMatch(/geolocation=\(\)/)
  })
})
