// The overlap rule as PostgreSQL enforces it (migration 0009; docs/decisions.md "Agenda and equipment"):
// exclusion constraints over [datahora, fim) per doctor and per machine, ignoring cancelled and missed
// appointments, raced from separate connections.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstId, insertUserAndPatient } from '../support/raw-rows'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

let database: TestDatabase
const ids = { user: '', paciente: '', medicoA: '', medicoB: '', medicoC: '', us1: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  const q = firstId(database)
  Object.assign(ids, await insertUserAndPatient(database))
  for (const key of ['medicoA', 'medicoB', 'medicoC'] as const)
    ids[key] = await q(`INSERT INTO medicos (nome) VALUES ($1) RETURNING id`, [key])
  ids.us1 = await q(`INSERT INTO equipamentos (nome, modalidades, horarios) VALUES ('US-1', '{US}', '[]') RETURNING id`)
})
afterAll(async () => {
  await database?.drop()
})

const insert = `INSERT INTO agendamentos (datahora, fim, valor_in_cents, exames, user_id, paciente_id, medico_id, equipamento_id, status)
  VALUES ($1, $2, 0, '{x}', $3, $4, $5, $6, $7) RETURNING id`

function book(
  client: pg.Pool | pg.Client,
  start: string,
  end: string,
  medicoId: string,
  equipamentoId: string | null = null,
  status = 'agendado',
) {
  return client.query(insert, [start, end, ids.user, ids.paciente, medicoId, equipamentoId, status])
}

const day = '2031-03-10'
const at = (time: string) => `${day}T${time}:00.000Z`

describe('exclusion constraints', () => {
  it('ships btree_gist in this PostgreSQL', async () => {
    const { rows } = await database.pool.query(`SELECT extname FROM pg_extension WHERE extname = 'btree_gist'`)
    expect(rows).toHaveLength(1)
  })

  it('refuses a doctor at 15:00 and 15:00:30, allows back-to-back, ignores cancelled and missed', async () => {
    await book(database.pool, at('15:00'), at('15:15'), ids.medicoA)
    await expect(book(database.pool, `${day}T15:00:30.000Z`, at('15:15'), ids.medicoA)).rejects.toMatchObject({
      code: '23P01',
      constraint: 'agendamentos_medico_sem_sobreposicao',
    })
    await expect(book(database.pool, at('15:15'), at('15:30'), ids.medicoA)).resolves.toBeTruthy()
    await book(database.pool, at('16:00'), at('16:30'), ids.medicoA, null, 'cancelado')
    await book(database.pool, at('16:00'), at('16:30'), ids.medicoA, null, 'faltou')
    await expect(book(database.pool, at('16:10'), at('16:20'), ids.medicoA)).resolves.toBeTruthy()
  })

  it('refuses two doctors on one machine at overlapping times', async () => {
    await book(database.pool, at('08:00'), at('08:30'), ids.medicoA, ids.us1)
    await expect(book(database.pool, at('08:15'), at('08:45'), ids.medicoB, ids.us1)).rejects.toMatchObject({
      code: '23P01',
      constraint: 'agendamentos_equipamento_sem_sobreposicao',
    })
    await expect(book(database.pool, at('08:30'), at('09:00'), ids.medicoB, ids.us1)).resolves.toBeTruthy()
  })

  it('of N concurrent overlapping bookings from separate connections exactly one commits', async () => {
    const clients = await Promise.all(
      [ids.medicoA, ids.medicoB, ids.medicoC, ids.medicoA, ids.medicoB].map(async (medicoId) => {
        const client = new pg.Client({ connectionString: database.url })
        await client.connect()
        return { client, medicoId }
      }),
    )
    try {
      await Promise.all(clients.map(({ client }) => client.query('BEGIN')))
      const outcomes = await Promise.allSettled(
        clients.map(async ({ client, medicoId }, i) => {
          try {
            await book(client, at(`10:0${i}`), at('10:30'), medicoId, ids.us1)
            await client.query('COMMIT')
          } catch (error) {
            await client.query('ROLLBACK')
            throw error
          }
        }),
      )
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
      // the losers are refused by the exclusion constraint (23P01) or, when two waited on each other, by
      // PostgreSQL's deadlock detection (40P01): the API answers both with 409 naming what is taken
      for (const o of outcomes)
        if (o.status === 'rejected') expect(['23P01', '40P01']).toContain((o.reason as { code: string }).code)
      const { rows } = await database.pool.query(
        `SELECT count(*)::int AS n FROM agendamentos WHERE equipamento_id = $1 AND datahora >= $2 AND datahora < $3`,
        [ids.us1, at('10:00'), at('10:30')],
      )
      expect(rows[0].n).toBe(1)
    } finally {
      await Promise.all(clients.map(({ client }) => client.end()))
    }
  })

  it('keeps the end after the start', async () => {
    await expect(book(database.pool, at('12:00'), at('12:00'), ids.medicoC)).rejects.toMatchObject({ code: '23514' })
  })
})
