// The day boards' live channel (issue 38 point 6, docs/decisions.md "The day board's live channel"): a
// booking, a status move, a payment and a call made through one API process reach a board's stream open
// on another (triggers on agendamentos and chamadas NOTIFY at commit), naming the day and the appointment
// and nothing personal; a refused write sends nothing; only a signed-in user opens the stream. Two app
// instances over one database stand for two processes, as in paineis.test.ts.
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clinicToday, DIA_EVENTOS_PATH, DiaEvento, messages, type Agendamento, type Paciente } from '@contract'
import { buildApp } from '../../server/http/app'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'
import { callDesk, moveOk } from './front-desk-helpers'
import { call, createAgendamento, createMedico, createPaciente, expectError, expectStatus } from './helpers'

let one: TestApp
let other: FastifyInstance
let baseTwo: string
let paciente: Paciente
let medicoId: string
const dia = clinicToday()

beforeAll(async () => {
  one = await createTestApp()
  other = await buildApp({ db: one.db, jwtSecret: TEST_JWT_SECRET, maintenance: false })
  await other.listen({ port: 0, host: '127.0.0.1' })
  baseTwo = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`
  paciente = await createPaciente(one, { nome: 'Jurema Quintela Bastos' })
  medicoId = (await createMedico(one, 'Heitor Vasconcelos')).id
})
afterAll(async () => {
  await other?.close()
  await one?.close()
})

/** A board's live stream on the second process, read event by event (the raw `data:` text kept). */
async function openStream(token = one.tokens.staff) {
  const controller = new AbortController()
  const response = await fetch(`${baseTwo}/api${DIA_EVENTOS_PATH}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  return {
    /** The next `data:` event; undefined when the server ended the stream. */
    async next(): Promise<{ event: DiaEvento; raw: string } | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
          if (data.length > 0) {
            const raw = data.join('\n')
            return { raw, event: DiaEvento.parse(JSON.parse(raw)) }
          }
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

describe('the day board live channel across two API processes', () => {
  it('a booking, a move, a payment and a call through one process each reach a stream on the other', async () => {
    const stream = await openStream()
    try {
      let agendamento: Agendamento = await createAgendamento(
        one,
        { pacienteId: paciente.id, medicoId },
        { datahora: `${dia}T09:30:00.000Z` },
      )
      const booked = await stream.next()
      expect(booked?.event).toEqual({ dia, agendamentoId: agendamento.id })

      agendamento = await moveOk(one, agendamento, 'confirmado')
      expect((await stream.next())?.event).toEqual({ dia, agendamentoId: agendamento.id })

      // a part payment leaves the appointment's row as it was: the payment's own trigger announces it
      expectStatus(
        await call(one, 'registrarPagamento', 'staff', {
          agendamentoId: agendamento.id,
          forma: 'pix',
          valorIncents: 5_000,
          data: dia,
        }),
        201,
      )
      expect((await stream.next())?.event).toEqual({ dia, agendamentoId: agendamento.id })

      agendamento = await moveOk(one, agendamento, 'aguardando')
      expect((await stream.next())?.event).toEqual({ dia, agendamentoId: agendamento.id })

      expectStatus(await call(one, 'chamarPaciente', 'staff', { id: agendamento.id, sala: 'Sala 2' }), 200)
      const called = await stream.next()
      expect(called?.event).toEqual({ dia, agendamentoId: agendamento.id })

      // nothing personal travels: no name, no CPF, no e-mail
      for (const { raw } of [booked!, called!]) {
        expect(raw).not.toContain('Jurema')
        expect(raw).not.toContain(paciente.cpf)
        expect(raw).not.toContain(paciente.email)
        expect(Object.keys(JSON.parse(raw) as object).sort()).toEqual(['agendamentoId', 'dia'])
      }
    } finally {
      stream.close()
    }
  })

  it('a refused write sends nothing: the next event is the next committed change', async () => {
    const stream = await openStream(one.tokens.admin)
    try {
      // the booking's own event read first: created before the stream opened, its notification could still
      // reach the new stream on a busy machine and stand where the refused write's would
      const first = await createAgendamento(
        one,
        { pacienteId: paciente.id, medicoId },
        { datahora: `${dia}T11:00:00.000Z` },
      )
      expect((await stream.next())?.event).toEqual({ dia, agendamentoId: first.id })
      // a stale version is refused (409) inside its transaction
      expectError(
        await callDesk(one, 'moverStatus', 'staff', { id: first.id, versao: first.versao + 7, status: 'confirmado' }),
        409,
        messages.statusStale,
      )
      const later = await createAgendamento(
        one,
        { pacienteId: paciente.id, medicoId },
        { datahora: `${dia}T11:30:00.000Z` },
      )
      expect((await stream.next())?.event).toEqual({ dia, agendamentoId: later.id })
    } finally {
      stream.close()
    }
  })

  it('is for signed-in users: no token → 401, a signed-out session → 401', async () => {
    const anonymous = await fetch(`${baseTwo}/api${DIA_EVENTOS_PATH}`)
    expect(anonymous.status).toBe(401)
    expect(((await anonymous.json()) as { error: string }).error).toBe(messages.unauthenticated)
    const bad = await fetch(`${baseTwo}/api${DIA_EVENTOS_PATH}`, { headers: { authorization: 'Bearer nope' } })
    expect(bad.status).toBe(401)
  })
})
