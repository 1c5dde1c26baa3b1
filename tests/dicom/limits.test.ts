// The DICOM service's limits (issue 35 point 5, docs/dicom.md "Limits"): ARTIM and idle timeouts that
// close what waits, a cap on associations at once and per address and minute, and refusals counted in
// one row per address, AE title, reason and minute. Two apps: one with short timeouts, one with the
// default timeouts and small caps.
import net from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { dicomEventos, equipamentos } from '../../server/db/schema'
import { createTestApp, type TestApp } from '../support/api-app'
import { PDU, associateRq, rawExchange } from './raw'

let quick: TestApp
let capped: TestApp
const port = (t: TestApp) => t.app.dicomPort()!

async function withMachine(t: TestApp): Promise<void> {
  await t.db.insert(equipamentos).values({ nome: 'Sala de teste', modalidades: ['RX'], horarios: [], aeTitle: 'RX9' })
}

beforeAll(async () => {
  quick = await createTestApp({
    dicom: {
      host: '127.0.0.1',
      port: 0,
      aeTitle: 'CLINICA',
      limits: { artimMs: 300, idleMs: 600 },
      refusalFlushMs: 50,
    },
  })
  capped = await createTestApp({
    dicom: {
      host: '127.0.0.1',
      port: 0,
      aeTitle: 'CLINICA',
      limits: { concurrent: 3, perAddressPerMinute: 8 },
      refusalFlushMs: 50,
    },
  })
  await withMachine(quick)
  await withMachine(capped)
})
afterAll(async () => {
  await quick?.close()
  await capped?.close()
})

/** An association of RX9, accepted and held open; resolves once our A-ASSOCIATE-AC has arrived. */
function heldAssociation(p: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(p, '127.0.0.1')
    socket.on('error', reject)
    socket.once('data', (data) => (data[0] === PDU.associateAc ? resolve(socket) : reject(new Error('not accepted'))))
    socket.on('connect', () => socket.write(associateRq('RX9')))
  })
}

describe('timeouts', () => {
  it('closes a connection that sends no association request within ARTIM', async () => {
    const exchange = await rawExchange(port(quick), () => {})
    expect(exchange.types).toEqual([])
  })

  it('closes a connection that sends half an association request', async () => {
    const exchange = await rawExchange(port(quick), (socket) => socket.write(associateRq('RX9').subarray(0, 20)))
    expect(exchange.types).toEqual([])
  })

  it('aborts an accepted association that stays idle', async () => {
    const exchange = await rawExchange(port(quick), (socket) => socket.write(associateRq('RX9')))
    expect(exchange.types).toEqual([PDU.associateAc, PDU.abort])
  })

  it('counts what timed out, per address and minute', async () => {
    await vi.waitFor(
      async () => {
        const rows = await quick.db.select().from(dicomEventos).where(eq(dicomEventos.tipo, 'associacao'))
        const total = (resultado: string) =>
          rows.filter((r) => r.resultado === resultado).reduce((sum, r) => sum + r.count, 0)
        expect(total('ARTIM expirado')).toBe(2)
        expect(total('inatividade')).toBe(1)
      },
      { timeout: 10_000, interval: 100 },
    )
  })
})

describe('caps', () => {
  it('closes, unread, an association over the cap of associations at once', async () => {
    const held = [await heldAssociation(port(capped)), await heldAssociation(port(capped))]
    held.push(await heldAssociation(port(capped)))
    try {
      const exchange = await rawExchange(port(capped), (socket) => socket.write(associateRq('RX9')))
      expect(exchange.types).toEqual([])
    } finally {
      for (const socket of held) socket.destroy()
    }
  })

  it('closes, unread, associations over the limit per address and minute, and counts them', async () => {
    // more attempts than twice the limit: at least one minute holds more than the limit
    let refused = 0
    for (let i = 0; i < 17; i += 1) {
      const exchange = await rawExchange(port(capped), (socket) => socket.write(associateRq('INTRUSO')))
      if (exchange.types.length === 0) refused += 1
      else expect(exchange.types).toEqual([PDU.associateRj])
    }
    expect(refused).toBeGreaterThan(0)
    await vi.waitFor(
      async () => {
        const rows = await capped.db
          .select()
          .from(dicomEventos)
          .where(and(eq(dicomEventos.tipo, 'associacao'), eq(dicomEventos.ip, '127.0.0.1')))
        // the cap at once counts too (the test above, and a socket closed by the client a moment too late)
        const limited = rows.filter((r) => r.resultado.startsWith('limite de associações'))
        expect(limited.reduce((sum, r) => sum + r.count, 0)).toBe(refused + 1)
        expect(limited.some((r) => r.resultado === 'limite de associações por minuto')).toBe(true)
        const unknown = rows.filter((r) => r.resultado === 'AE title desconhecido')
        expect(unknown.reduce((sum, r) => sum + r.count, 0)).toBe(17 - refused)
        // one row per minute and kind, not one per connection
        expect(unknown.length).toBeLessThanOrEqual(2)
      },
      { timeout: 10_000, interval: 100 },
    )
  })
})
