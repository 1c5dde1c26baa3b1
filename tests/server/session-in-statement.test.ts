// The hot calls that check the session with their own first statement (server/plugins/session-check.ts:
// the board's poll, the patients' pages and name search, a booking, a status move) answer exactly as the
// calls whose session the auth hook checks: a session signed out, expired or of a deactivated user is
// refused (401) before any other answer and nothing is written; the role is the database's (403); every
// refusal is in the audit trail once. And they do save the round trip: no statement of theirs is the
// check's own query.
import type { LightMyRequestResponse } from 'fastify'
import { and, count, eq } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clinicToday, messages, type Agendamento, type Medico, type Paciente } from '@contract'
import { agendamentos, auditLog, sessions as sessionsTable, users } from '../../server/db/schema'
import * as sessions from '../../server/repositories/sessions'
import { createTestApp, type TestApp } from '../support/api-app'
import { callDesk } from './front-desk-helpers'
import {
  agendamentoBody,
  call,
  clinicDateTime,
  createAgendamento,
  createMedico,
  createPaciente,
  expectError,
  expectStatus,
  freshToken,
  signJwt,
  UNKNOWN_ID,
  type Who,
} from './helpers'

let t: TestApp
let paciente: Paciente
let medico: Medico
let agendamento: Agendamento
let slot = 0

beforeAll(async () => {
  t = await createTestApp()
  paciente = await createPaciente(t, { nome: 'helena prado' })
  medico = await createMedico(t, 'Marta Reis')
  agendamento = await createAgendamento(t, { pacienteId: paciente.id, medicoId: medico.id })
}, 60_000)

afterAll(async () => {
  await t?.close()
})

const booking = (overrides: Record<string, unknown> = {}) =>
  agendamentoBody(
    t,
    { pacienteId: paciente.id, medicoId: medico.id },
    { datahora: clinicDateTime(2 + slot++, '08:00'), ...overrides },
  )

interface HotCall {
  name: string
  send: (who: Who, body: unknown) => Promise<LightMyRequestResponse>
  /** A body the call answers with its success status for a live session. */
  ok: () => Promise<unknown>
  status: number
  /** A body it refuses with 400, and one naming nothing it knows (404, or an empty page). */
  invalid: () => unknown
  unknown: () => unknown
}

const hotCalls: HotCall[] = [
  {
    name: 'versaoDia',
    send: (who, body) => callDesk(t, 'versaoDia', who, body),
    ok: async () => ({ dia: clinicToday() }),
    status: 200,
    invalid: () => ({ dia: 'amanhã' }),
    // a day nobody has changed: no row in agenda_versoes
    unknown: () => ({ dia: '2099-01-05' }),
  },
  {
    name: 'listPacientes',
    send: (who, body) => call(t, 'listPacientes', who, body),
    ok: async () => ({ page: 1 }),
    status: 200,
    invalid: () => ({ page: 0 }),
    unknown: () => ({ page: 500 }),
  },
  {
    name: 'findPacientesByNome',
    send: (who, body) => call(t, 'findPacientesByNome', who, body),
    ok: async () => ({ nomer: 'helena', page: 1 }),
    status: 200,
    invalid: () => ({ nomer: '', page: 1 }),
    unknown: () => ({ nomer: 'ninguém com este nome', page: 1 }),
  },
  {
    name: 'registerAgendamento',
    send: (who, body) => call(t, 'registerAgendamento', who, body),
    ok: async () => booking(),
    status: 201,
    invalid: () => ({ pacienteId: paciente.id }),
    unknown: () => booking({ pacienteId: UNKNOWN_ID }),
  },
  {
    name: 'moverStatus',
    send: (who, body) => callDesk(t, 'moverStatus', who, body),
    // a new appointment each time: a move changes the one it moves
    ok: async () => {
      const fresh = await createAgendamento(
        t,
        { pacienteId: paciente.id, medicoId: medico.id },
        { datahora: clinicDateTime(2 + slot++, '10:00') },
      )
      return { id: fresh.id, versao: fresh.versao, status: 'confirmado' }
    },
    status: 200,
    invalid: () => ({ id: agendamento.id, status: 'voando' }),
    unknown: () => ({ id: UNKNOWN_ID, versao: 1, status: 'confirmado' }),
  },
]

/** A token of a new user of this role, and that user's id. */
async function newUser(role: 'ADMIN' | 'USER', medicoId: string | null = null) {
  const [user] = await t.db
    .insert(users)
    .values({
      nome: 'Usuária de Teste',
      email: `u${Date.now()}${Math.random()}@clinica.test`,
      passwordHash: 'x',
      role,
      medicoId,
    })
    .returning({ id: users.id })
  const { jti } = await sessions.create(t.db, user!.id, 600)
  const iat = Math.floor(Date.now() / 1000)
  const tokenFor = (claimed: 'ADMIN' | 'USER') =>
    signJwt({ sub: user!.id, nome: 'Usuária de Teste', role: claimed, jti, iat, exp: iat + 600 })
  return { id: user!.id, jti, tokenFor }
}

async function refusalsOf(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'access_denied')))
  return row!.n
}

describe.each(hotCalls)('$name: a session that is not live is refused first', (hot) => {
  it('answers for a live session, a page or a version even when nothing matches', async () => {
    expectStatus(await hot.send('staff', await hot.ok()), hot.status)
    const unknown = await hot.send('staff', hot.unknown())
    expect([200, 404], unknown.body).toContain(unknown.statusCode)
  })

  it('a signed-out session: 401 whatever the body (valid, invalid, naming nothing), nothing written', async () => {
    const token = await freshToken(t, 'staff')
    expectStatus(await call(t, 'logout', { token }, {}), 200)
    const bodies = [await hot.ok(), hot.invalid(), hot.unknown(), '{broken']
    const [before] = await t.db.select({ n: count() }).from(agendamentos)
    for (const body of bodies) expectError(await hot.send({ token }, body), 401, messages.unauthenticated)
    const [after] = await t.db.select({ n: count() }).from(agendamentos)
    expect(after!.n).toBe(before!.n)
    const [row] = await t.db.select().from(agendamentos).where(eq(agendamentos.id, agendamento.id))
    expect(row!.versao).toBe(agendamento.versao)
  })

  it('a deactivated user: 401, each refusal recorded once in the audit trail', async () => {
    const user = await newUser('USER')
    await t.db.update(users).set({ ativo: false }).where(eq(users.id, user.id))
    expectError(await hot.send({ token: user.tokenFor('USER') }, await hot.ok()), 401, messages.unauthenticated)
    expectError(await hot.send({ token: user.tokenFor('USER') }, hot.invalid()), 401, messages.unauthenticated)
    expect(await refusalsOf(user.id)).toBe(2)
  })

  it('an expired session: 401', async () => {
    const user = await newUser('USER')
    await t.db
      .update(sessionsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionsTable.jti, user.jti))
    expectError(await hot.send({ token: user.tokenFor('USER') }, await hot.ok()), 401, messages.unauthenticated)
  })
})

describe('the role is the database’s, not the token’s', () => {
  it('an admin-only page: a token saying ADMIN of a user who is not → 403 before the body; promoted → 200', async () => {
    const demoted = await newUser('USER')
    const token = demoted.tokenFor('ADMIN')
    expectError(await call(t, 'listPacientesInativos', { token }, { page: 1 }), 403, messages.forbidden)
    expectError(await call(t, 'listPacientesInativos', { token }, { page: 0 }), 403, messages.forbidden)
    expect(await refusalsOf(demoted.id)).toBe(2)
    const promoted = await newUser('ADMIN')
    expectStatus(await call(t, 'listPacientesInativos', { token: promoted.tokenFor('USER') }, { page: 1 }), 200)
  })

  it("a status move: a doctor's user whose token says ADMIN may not move another doctor's appointment", async () => {
    const other = await createMedico(t, 'Paulo Nunes')
    const doctor = await newUser('USER', other.id)
    const body = { id: agendamento.id, versao: agendamento.versao, status: 'confirmado' }
    expectError(
      await callDesk(t, 'moverStatus', { token: doctor.tokenFor('ADMIN') }, body),
      403,
      messages.statusNotYours,
    )
    // the same move by the front desk goes through: the refusal was the role's
    expectStatus(await callDesk(t, 'moverStatus', 'staff', body), 200)
  })
})

describe('one round trip: the session is read by the call’s own statement', () => {
  /** The statements sent on the connections the pool lends while `run` runs (pool.query borrows one too). */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const pool = t.db.$client as pg.Pool
    const sent: string[] = []
    const spied = new Map<pg.PoolClient, pg.PoolClient['query']>()
    const onAcquire = (client: pg.PoolClient) => {
      if (spied.has(client)) return
      const original = client.query
      spied.set(client, original)
      client.query = function (this: unknown, ...args: unknown[]) {
        const first = args[0] as string | { name?: string; text: string }
        sent.push(typeof first === 'string' ? first : first.name || first.text)
        return (original as (...a: unknown[]) => unknown).apply(this, args)
      } as pg.PoolClient['query']
    }
    pool.on('acquire', onAcquire)
    try {
      await run()
    } finally {
      pool.off('acquire', onAcquire)
      for (const [client, original] of spied) client.query = original
    }
    return sent
  }

  it('the hot calls send no session query of their own; the poll and the pages send one statement', async () => {
    for (const hot of hotCalls) {
      const body = await hot.ok()
      const sent = await statementsOf(async () => expectStatus(await hot.send('staff', body), hot.status))
      expect(sent, hot.name).not.toContain('sessions_active_role')
      if (['versaoDia', 'listPacientes', 'findPacientesByNome'].includes(hot.name))
        expect(sent, hot.name).toEqual([expect.any(String)])
    }
  })

  it('a booking sends named statements only: built once, planned once per connection', async () => {
    const booking = hotCalls.find((hot) => hot.name === 'registerAgendamento')!
    const body = await booking.ok()
    const sent = await statementsOf(async () => expectStatus(await booking.send('staff', body), booking.status))
    // the transaction's own commands aside, every statement is a named one (no SQL text built per call)
    const statements = sent.filter((s) => !/^(begin|commit|rollback)\b/i.test(s))
    expect(statements).toContain('pacientes_lock_booking')
    expect(statements).toContain('agendamentos_create')
    for (const statement of statements) expect(statement).toMatch(/^[a-z_]+$/)
  })

  it('other calls still check the session with its own query (control)', async () => {
    const sent = await statementsOf(async () => expectStatus(await call(t, 'listMedicos', 'staff'), 200))
    expect(sent).toContain('sessions_active_role')
  })
})
