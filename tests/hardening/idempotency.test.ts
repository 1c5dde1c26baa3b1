// Retried writes: every register call honours Idempotency-Key. The same key again from the same user
// answers the first success (same status, same body) and creates nothing; the same key with another body
// is refused; concurrent requests with one key make one record (decided by the primary key).
import { count, eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER, messages, type CallName } from '@contract'
import { agendamentos, auditLog, idempotencyKeys, medicos, pacientes, users } from '../../server/db/schema'
import { runMaintenance } from '../../server/plugins/maintenance'
import { testAppPerFile } from '../support/test-app-per-file'
import {
  agendamentoBody,
  call,
  clinicDateTime,
  createMedico,
  createPaciente,
  expectError,
  pacienteBody,
  type Who,
} from '../server/helpers'

const t = testAppPerFile()

let serial = 0
const newKey = () => `form-${Date.now()}-${++serial}`

function send(name: CallName, who: Who, body: unknown, key?: string): Promise<LightMyRequestResponse> {
  return call(t, name, who, body, key === undefined ? {} : { headers: { [IDEMPOTENCY_HEADER.toLowerCase()]: key } })
}

const tableOf = {
  registerPaciente: pacientes,
  registerAgendamento: agendamentos,
  registerMedico: medicos,
  registerUser: users,
} as const
type RegisterCall = keyof typeof tableOf

async function rows(name: RegisterCall): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(tableOf[name])
  return row!.n
}

let minute = 0
/** A fresh valid body for each register call (new CPF, new slot, new e-mail…). */
async function bodyFor(
  name: RegisterCall,
): Promise<{ who: Who; body: Record<string, unknown>; other: Record<string, unknown> }> {
  const tag = String.fromCharCode(97 + (serial % 26)) + String.fromCharCode(97 + (Math.floor(serial / 26) % 26))
  serial++
  switch (name) {
    case 'registerPaciente': {
      const body = pacienteBody(t)
      return { who: 'staff', body, other: { ...body, profissao: 'Outra' } }
    }
    case 'registerAgendamento': {
      const ids = { pacienteId: (await createPaciente(t)).id, medicoId: (await createMedico(t, `Doutor ${tag}`)).id }
      minute++
      const datahora = clinicDateTime(
        3,
        `${String(8 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
      )
      const body = agendamentoBody(t, ids, { datahora })
      return { who: 'staff', body, other: { ...body, convenio: 'Outro convênio' } }
    }
    case 'registerMedico':
      return { who: 'admin', body: { nome: `Doutora ${tag}` }, other: { nome: `Doutora ${tag} Outra` } }
    case 'registerUser': {
      const email = `usuario.${tag}.${serial}@clinica.test`
      return {
        who: 'admin',
        body: { nome: `Usuaria ${tag}`, email, password: 'senha-forte-1' },
        other: { nome: `Usuaria ${tag}`, email, password: 'senha-forte-2' },
      }
    }
  }
}

const CALLS: RegisterCall[] = ['registerPaciente', 'registerAgendamento', 'registerMedico', 'registerUser']

describe.each(CALLS)('%s with Idempotency-Key', (name) => {
  it('the same key again answers the first answer (status and body) and creates nothing new', async () => {
    const { who, body } = await bodyFor(name)
    const key = newKey()
    const before = await rows(name)
    const first = await send(name, who, body, key)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined()
    for (let i = 0; i < 3; i++) {
      const again = await send(name, who, body, key)
      expect(again.statusCode).toBe(201)
      expect(again.body).toBe(first.body)
      expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true')
    }
    expect(await rows(name)).toBe(before + 1)
  })

  it('the same key with another body → 422, nothing created', async () => {
    const { who, body, other } = await bodyFor(name)
    const key = newKey()
    expect((await send(name, who, body, key)).statusCode).toBe(201)
    const before = await rows(name)
    expectError(await send(name, who, other, key), 422, messages.idempotencyKeyReused)
    expect(await rows(name)).toBe(before)
  })

  it('two (ten) concurrent requests with one key make one record; every answer is the same', async () => {
    const { who, body } = await bodyFor(name)
    const key = newKey()
    const before = await rows(name)
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(name, who, body, key)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201))
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(answers.filter((a) => a.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()] === 'true')).toHaveLength(9)
    expect(await rows(name)).toBe(before + 1)
  })
})

describe('the key', () => {
  it('is optional: without it, every request is a new one', async () => {
    const before = await rows('registerMedico')
    expect((await send('registerMedico', 'admin', { nome: 'Sem Chave' })).statusCode).toBe(201)
    expect((await send('registerMedico', 'admin', { nome: 'Sem Chave' })).statusCode).toBe(201)
    expect(await rows('registerMedico')).toBe(before + 2)
  })

  it('1 to 200 printable ASCII characters; anything else → 400 in Portuguese, nothing created', async () => {
    const before = await rows('registerMedico')
    for (const bad of ['', '   ', 'x'.repeat(201), 'chave-ç', 'emoji-🙂', 'tab\there']) {
      const response = await send('registerMedico', 'admin', { nome: 'Chave Ruim' }, bad)
      expectError(response, 400, messages.idempotencyKeyInvalid)
    }
    expect(await rows('registerMedico')).toBe(before)
    for (const good of [
      'a',
      'x'.repeat(200),
      '550e8400-e29b-41d4-a716-446655440000',
      '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
    ]) {
      expect((await send('registerMedico', 'admin', { nome: 'Chave Boa' }, good)).statusCode).toBe(201)
    }
  })

  it('checks the token (401) and the role (403) before the key', async () => {
    expectError(await send('registerMedico', 'anonymous', { nome: 'Ana' }, ''), 401)
    expectError(await send('registerMedico', 'staff', { nome: 'Ana' }, ''), 403)
  })

  it('belongs to its user: another user with the same key makes their own record', async () => {
    const key = newKey()
    const before = await rows('registerPaciente')
    const first = await send('registerPaciente', 'staff', pacienteBody(t), key)
    const second = await send('registerPaciente', 'admin', pacienteBody(t), key)
    expect([first.statusCode, second.statusCode]).toEqual([201, 201])
    expect(first.body).not.toBe(second.body)
    expect(await rows('registerPaciente')).toBe(before + 2)
  })

  it('a failed first attempt keeps nothing: the retry runs again (and succeeds once the cause is gone)', async () => {
    const paciente = await createPaciente(t)
    const medico = await createMedico(t, 'Doutor Ocupado')
    const datahora = clinicDateTime(4, '09:00')
    const taken = agendamentoBody(t, { pacienteId: paciente.id, medicoId: medico.id }, { datahora })
    expect((await send('registerAgendamento', 'staff', taken)).statusCode).toBe(201)
    const key = newKey()
    const body = agendamentoBody(t, { pacienteId: (await createPaciente(t)).id, medicoId: medico.id }, { datahora })
    expectError(await send('registerAgendamento', 'staff', body, key), 409, messages.slotTaken)
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([])
    // the slot frees up; the retry with the same key books it
    await t.db.execute(sql`delete from agendamentos where medico_id = ${medico.id}`)
    expect((await send('registerAgendamento', 'staff', body, key)).statusCode).toBe(201)
  })

  it('a replay writes no audit row; the first request wrote one', async () => {
    const key = newKey()
    const [{ n: before }] = (await t.db.select({ n: count() }).from(auditLog)) as [{ n: number }]
    await send('registerMedico', 'admin', { nome: 'Doutor Auditado' }, key)
    await send('registerMedico', 'admin', { nome: 'Doutor Auditado' }, key)
    const [{ n: after }] = (await t.db.select({ n: count() }).from(auditLog)) as [{ n: number }]
    expect(after - before).toBe(1)
  })

  it('is kept at least 24 hours (purged after 48)', async () => {
    const day = newKey()
    const old = newKey()
    const first = await send('registerMedico', 'admin', { nome: 'Doutor Ontem' }, day)
    await send('registerMedico', 'admin', { nome: 'Doutor Anteontem' }, old)
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, day))
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(eq(idempotencyKeys.key, old))
    await runMaintenance(t.db)
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, old))).toEqual([])
    const replay = await send('registerMedico', 'admin', { nome: 'Doutor Ontem' }, day)
    expect(replay.body).toBe(first.body)
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true')
  })
})
