// A database that stops answering (frozen, as a SIGSTOPped PostgreSQL), that drops every connection (as a
// killed one) or that holds a lock too long: the API answers 503 'Banco de dados indisponível…' within
// seconds — never a hang, never a 500 — writes nothing it did not acknowledge, and serves again by itself
// once the database is back. The faults are played by a TCP proxy in front of a database of this file's
// own (tests/support/fault-proxy.ts); the real SIGSTOP and kill -9 of the embedded server are in
// `npm run chaos`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { sql } from 'drizzle-orm'
import { connect, DB_TIMEOUTS } from '../../server/db/client'
import { makeCpf, nextSerial } from '../server/helpers'
import { createFaultyApp, timed, type FaultyApp } from './support'

let f: FaultyApp
beforeAll(async () => {
  f = await createFaultyApp()
})
afterAll(async () => {
  await f?.close()
})

/** Generous on a busy machine: the figures are 3 to 5 s (DB_TIMEOUTS), never the length of the fault. */
const WITHIN_MS = 15_000

function paciente(overrides: Record<string, unknown> = {}) {
  const n = nextSerial()
  return {
    nome: 'Rita Falha',
    cpf: makeCpf(n),
    rg: String(20_000_000 + n),
    datanascimento: '1980-01-01T00:00:00.000Z',
    estadocivil: 'solteiro',
    sexo: 'feminino',
    cor: 'branco',
    naturalidade: 'Natal',
    profissao: 'Analista',
    email: 'rita@example.com',
    telefone: 84987654321,
    endereco: 'Rua A',
    numeroendereco: 1,
    bairro: 'Centro',
    cidade: 'Natal',
    estado: 'RN',
    userId: f.users.staff.id,
    ...overrides,
  }
}

async function expectServing() {
  await expect
    .poll(async () => (await f.call('listMedicos', 'staff')).statusCode, { timeout: 30_000, interval: 200 })
    .toBe(200)
}

describe('a frozen database', () => {
  it('every kind of request answers 503 in Portuguese within seconds; nothing unacknowledged is written; service resumes', async () => {
    expect(DB_TIMEOUTS.query_timeout).toBeLessThanOrEqual(5_000)
    const before = paciente()
    expect((await f.call('registerPaciente', 'staff', before)).statusCode).toBe(201)

    f.proxy.freeze()
    const during = paciente()
    const results = await Promise.all([
      timed(() => f.call('listMedicos', 'staff')),
      timed(() => f.call('listPacientes', 'staff', { page: 1 })),
      timed(() => f.call('registerPaciente', 'staff', during)),
      timed(() => f.call('login', 'anonymous', { email: f.users.staff.email, password: 'senha-errada' })),
      timed(() => f.call('login', 'anonymous', { email: f.users.staff.email, password: f.users.staff.password })),
      ...Array.from({ length: 12 }, () => timed(() => f.call('listMedicos', 'admin'))),
    ])
    for (const { ms, value } of results) {
      expect(value.statusCode, value.body).toBe(503)
      expect(value.json()).toEqual({ error: messages.databaseUnavailable })
      expect(value.headers['retry-after']).toBe('5')
      expect(ms).toBeLessThan(WITHIN_MS)
    }
    f.proxy.thaw()
    await expectServing()

    // what was acknowledged is there; what was refused was not written
    expect((await f.call('findPacienteByCpf', 'staff', { cpf: before.cpf })).statusCode).toBe(200)
    expect((await f.call('findPacienteByCpf', 'staff', { cpf: during.cpf })).statusCode).toBe(404)
    expect((await f.call('registerPaciente', 'staff', during)).statusCode).toBe(201)
  })
})

describe('a database that drops every connection (killed) and then refuses new ones', () => {
  it('503 while it is gone, never 500; the pool reconnects by itself when it is back', async () => {
    expect((await f.call('listMedicos', 'staff')).statusCode).toBe(200)
    f.proxy.refuse(true)
    f.proxy.drop()
    for (const send of [
      () => f.call('listMedicos', 'staff'),
      () => f.call('registerPaciente', 'staff', paciente()),
      () => f.call('login', 'anonymous', { email: f.users.admin.email, password: f.users.admin.password }),
    ]) {
      const { ms, value } = await timed(send)
      expect(value.statusCode, value.body).toBe(503)
      expect(value.json()).toEqual({ error: messages.databaseUnavailable })
      expect(ms).toBeLessThan(WITHIN_MS)
    }
    f.proxy.refuse(false)
    await expectServing()
    expect((await f.call('registerPaciente', 'staff', paciente())).statusCode).toBe(201)
  })
})

describe('a statement that waits too long (a lock held elsewhere)', () => {
  it('is cancelled by the statement timeout: 503, the change not made, then it goes through', async () => {
    const created = await f.call('registerPaciente', 'staff', paciente())
    const row = created.json() as { paciente: { id: string; versao: number } & Record<string, unknown> }
    const { id, versao: _v, ativo: _a, userId: _u, ...fields } = row.paciente
    const client = await f.direct.pool.connect()
    try {
      await client.query('begin')
      await client.query('select 1 from pacientes where id = $1 for update', [id])
      const { ms, value } = await timed(() =>
        f.call('updatePaciente', 'staff', { ...fields, id, profissao: 'Bloqueada' }),
      )
      expect(value.statusCode, value.body).toBe(503)
      expect(value.json()).toEqual({ error: messages.databaseUnavailable })
      expect(ms).toBeGreaterThanOrEqual(DB_TIMEOUTS.statement_timeout - 500)
      expect(ms).toBeLessThan(WITHIN_MS)
    } finally {
      await client.query('rollback')
      client.release()
    }
    const read = await f.call('findPaciente', 'staff', { id })
    expect((read.json() as { paciente: { profissao: string } }).paciente.profissao).toBe('Analista')
    expect((await f.call('updatePaciente', 'staff', { ...fields, id, profissao: 'Liberada' })).statusCode).toBe(200)
  })
})

describe('a transaction whose BEGIN fails (the database froze between two requests)', () => {
  it('gives its connection back: with a pool of one, the next transaction still gets a connection', async () => {
    const { db, pool } = connect(f.proxy.url, 1)
    try {
      await db.execute(sql`select 1`) // the pool's one connection, idle and ready
      f.proxy.freeze()
      await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow()
      f.proxy.thaw()
      const after = await db.transaction((tx) => tx.execute(sql`select 2 as n`))
      expect(after.rows).toEqual([{ n: 2 }])
      expect(pool.totalCount - pool.idleCount).toBe(0)
    } finally {
      f.proxy.thaw()
      await pool.end()
    }
  })
})
