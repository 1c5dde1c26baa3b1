// The waiting room's TV panels (issue 38, docs/decisions.md "The waiting room's panel"): pairing with a
// one-time code, the device credential that reads its panel's feed and gets 403 on every other call of the
// `api` table, revocation that stops the feed and closes the open stream, and a call made through one API
// process reaching a panel's live stream on another (LISTEN/NOTIFY). Two app instances over one database
// stand for two processes, as in two-processes.test.ts.
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  api,
  clinicToday,
  messages,
  PAINEL_EVENTOS_PATH,
  type Agendamento,
  type ApiCall,
  type CallName,
  type PainelCodigo,
  type PainelFeed,
} from '@contract'
import { buildApp } from '../../server/http/app'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'
import { bringTo } from './front-desk-helpers'
import { call, createAgendamento, createMedico, createPaciente, expectError, expectStatus } from './helpers'

let one: TestApp
let other: FastifyInstance
let two: TestApp
let baseTwo: string
let agendamento: Agendamento

beforeAll(async () => {
  one = await createTestApp()
  other = await buildApp({ db: one.db, jwtSecret: TEST_JWT_SECRET, maintenance: false })
  await other.listen({ port: 0, host: '127.0.0.1' })
  baseTwo = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`
  two = { ...one, app: other }
  const paciente = await createPaciente(one, { nome: 'Benedita Lacerda Fontes' })
  const medico = await createMedico(one, 'Otávio Prado')
  const dia = clinicToday()
  agendamento = await bringTo(
    one,
    await createAgendamento(
      one,
      { pacienteId: paciente.id, medicoId: medico.id },
      { datahora: `${dia}T10:00:00.000Z` },
    ),
    'aguardando',
  )
})
afterAll(async () => {
  await other?.close()
  await one?.close()
})

async function newPanel(nome = 'Recepção TV'): Promise<PainelCodigo> {
  return expectStatus<PainelCodigo>(await call(one, 'criarPainel', 'admin', { nome }), 201)
}
async function pair(codigo: string): Promise<string> {
  return expectStatus<{ credencial: string }>(await call(one, 'parearPainel', 'anonymous', { codigo }), 200).credencial
}

/** An open live stream of a panel on the second process, read event by event. */
async function openStream(credencial: string) {
  const controller = new AbortController()
  const response = await fetch(`${baseTwo}/api${PAINEL_EVENTOS_PATH}`, {
    headers: { authorization: `Bearer ${credencial}` },
    signal: controller.signal,
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  return {
    /** The next `data:` event; undefined when the server ended the stream. */
    async next(): Promise<PainelFeed | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
          if (data.length > 0) return JSON.parse(data.join('\n')) as PainelFeed
          continue
        }
        const { value, done } = await reader.read()
        if (done) return undefined
        buffer += value
      }
    },
    close: () => controller.abort(),
  }
}

describe('pairing a TV panel', () => {
  it('ADMIN creates a panel with an 8-digit code; the TV pairs once with it, spaces allowed; the list shows it', async () => {
    const created = await newPanel()
    expect(created.codigo).toMatch(/^\d{8}$/)
    expect(created.painel).toMatchObject({ nome: 'Recepção TV', pareado: false, ultimoAcesso: null })
    const typed = `${created.codigo.slice(0, 4)} ${created.codigo.slice(4)}`
    const credencial = await pair(typed)
    expect(credencial.startsWith('painel.')).toBe(true)
    // one time only
    expectError(
      await call(one, 'parearPainel', 'anonymous', { codigo: created.codigo }),
      401,
      messages.panelCodeInvalid,
    )
    const { paineis } = expectStatus<{ paineis: { id: string; pareado: boolean; ultimoAcesso: string | null }[] }>(
      await call(one, 'paineis', 'admin'),
      200,
    )
    expect(paineis.find((p) => p.id === created.painel.id)).toMatchObject({
      pareado: true,
      ultimoAcesso: expect.any(String),
    })
    // nothing of the code or the credential is stored as it is
    const rows = await one.db.$client.query(
      'select codigo_pareamento_hash, credencial_hash from paineis where id = $1',
      [created.painel.id],
    )
    expect(JSON.stringify(rows.rows)).not.toContain(credencial)
  })

  it('refuses a wrong code and is ADMIN only', async () => {
    expectError(await call(one, 'parearPainel', 'anonymous', { codigo: '12' }), 400, messages.panelCodeInvalid)
    expectError(await call(one, 'criarPainel', 'staff', { nome: 'TV' }), 403, messages.forbidden)
  })
})

describe("a panel's credential", () => {
  let credencial: string
  beforeAll(async () => {
    credencial = await pair((await newPanel('Sala de espera 2')).codigo)
  })

  it('reads its feed: the display name, never the CPF or the full name', async () => {
    expectStatus(await call(one, 'chamarPaciente', 'staff', { id: agendamento.id, sala: 'Consultório 3' }), 200)
    const feed = expectStatus<PainelFeed>(await call(one, 'painelChamadas', { token: credencial }), 200)
    expect(feed.painel.nome).toBe('Sala de espera 2')
    expect(feed.chamadas[0]).toMatchObject({ nome: 'Benedita F.', sala: 'Consultório 3' })
    expect(JSON.stringify(feed)).not.toMatch(/Lacerda|Fontes|\d{3}\.?\d{3}\.?\d{3}-?\d{2}/)
  })

  it('follows the clinic’s display choice', async () => {
    expectStatus(await call(one, 'salvarExibicaoPainel', 'admin', { exibicao: 'senha' }), 200)
    const feed = expectStatus<PainelFeed>(await call(one, 'painelChamadas', { token: credencial }), 200)
    expect(feed.chamadas[0]!.nome).toMatch(/^Senha \d+$/)
    expectStatus(await call(one, 'salvarExibicaoPainel', 'admin', { exibicao: 'nome_inicial' }), 200)
  })

  const others = (Object.keys(api) as CallName[]).filter((name) => (api[name] as ApiCall).access !== 'painel')
  it.each(others)('gets 403 on %s', async (name) => {
    const response = await call(one, name, { token: credencial }, api[name].method === 'GET' ? undefined : {})
    expectError(response, 403, messages.panelOnlyFeed)
  })

  it("is the only way into the feed: no token → 401, a person's token → 403", async () => {
    expectError(await call(one, 'painelChamadas', 'anonymous'), 401, messages.unauthenticated)
    expectError(await call(one, 'painelChamadas', 'admin'), 403, messages.panelNotAPanel)
    const response = await fetch(`${baseTwo}/api${PAINEL_EVENTOS_PATH}`, {
      headers: { authorization: `Bearer ${one.tokens.staff}` },
    })
    expect(response.status).toBe(403)
  })
})

describe('the live feed across two API processes', () => {
  it('a call made through one process reaches a stream open on the other; revoking closes it', async () => {
    const created = await newPanel('TV do corredor')
    const credencial = await pair(created.codigo)
    const stream = await openStream(credencial)
    try {
      const first = await stream.next()
      expect(first?.painel.nome).toBe('TV do corredor')
      // the call goes through the first process; the stream is on the second
      expectStatus(await call(one, 'chamarPaciente', 'staff', { id: agendamento.id, sala: 'Sala Azul' }), 200)
      const pushed = await stream.next()
      expect(pushed?.chamadas[0]).toMatchObject({ nome: 'Benedita F.', sala: 'Sala Azul' })

      expectStatus(await call(one, 'revogarPainel', 'admin', { id: created.painel.id }), 200)
      expect(await stream.next()).toBeUndefined()
      expectError(await call(two, 'painelChamadas', { token: credencial }), 401, messages.panelRevoked)
      const again = await fetch(`${baseTwo}/api${PAINEL_EVENTOS_PATH}`, {
        headers: { authorization: `Bearer ${credencial}` },
      })
      expect(again.status).toBe(401)
    } finally {
      stream.close()
    }
  })

  it('a rolled-back call reaches no panel; pairing anew replaces the TV paired before', async () => {
    const created = await newPanel('TV nova')
    const old = await pair(created.codigo)
    const stream = await openStream(old)
    try {
      await stream.next()
      // a call refused (not waiting) notifies nothing: the next event is the re-pairing's end of stream
      expectError(
        await call(one, 'chamarPaciente', 'staff', { id: '00000000-0000-4000-8000-000000000000' }),
        404,
        messages.appointmentNotFound,
      )
      const code = expectStatus<PainelCodigo>(await call(one, 'codigoPainel', 'admin', { id: created.painel.id }), 200)
      const fresh = await pair(code.codigo)
      expect(await stream.next()).toBeUndefined()
      expectError(await call(one, 'painelChamadas', { token: old }), 401, messages.panelRevoked)
      expectStatus(await call(one, 'painelChamadas', { token: fresh }), 200)
    } finally {
      stream.close()
    }
  })
})
