// The plans PostgreSQL picks for the queries the API runs most, on a test database with enough rows
// (bench/seed.ts: 30,000 patients, 60,000 appointments) and fresh statistics (VACUUM ANALYZE). The SQL is
// the repositories' own, captured by running them on a recording driver, then EXPLAINed with the same
// parameters on the real database. No timing here: the figures live in the benchmarks (npm run bench,
// docs/performance.md); this only guards that the indexes keep being used.
import { randomUUID } from 'node:crypto'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, PAGE_SIZE } from '@contract'
import * as schema from '../../server/db/schema'
import * as agendamentosRepo from '../../server/repositories/agendamentos'
import type { Executor } from '../../server/repositories/executor'
import * as pacientesRepo from '../../server/repositories/pacientes'
import * as reportsRepo from '../../server/repositories/reports'
import { medicoId, pacienteId, seedBulk, type SeedResult } from '../../bench/seed'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

const PACIENTES = 30_000
const AGENDAMENTOS = 60_000
// The hot calls' statements carry the session's role (plugins/session-check.ts): a session no one has, here
const SESSION = {
  values: { sessionJti: randomUUID(), sessionUserId: randomUUID() },
  settle: async () => 'ADMIN' as const,
}

let database: TestDatabase
let seed: SeedResult

beforeAll(async () => {
  database = await createTestDatabase()
  const [user] = await database.db
    .insert(schema.users)
    .values({ nome: 'Ana Administradora', email: 'plans@clinica.test', passwordHash: 'x', role: 'ADMIN' })
    .returning({ id: schema.users.id })
  // A connection of its own, as the benches seed: a bulk load is no request, and may take longer than the
  // API's pool lets a statement run (server/db/client.ts, DB_TIMEOUTS).
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    seed = await seedBulk(client, { pacientes: PACIENTES, agendamentos: AGENDAMENTOS, medicos: 20, userId: user!.id })
  } finally {
    await client.end()
  }
}, 120_000)

afterAll(async () => {
  await database?.drop()
})

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

interface SentQuery {
  /** The prepared statement's name; '' or undefined for an unnamed statement (planned at every call). */
  name?: string | undefined
  text: string
  values: unknown[]
}

/** The SQL a repository call sends, without running it (the recording driver answers no rows). */
async function captureSql(run: (db: Executor) => Promise<unknown>): Promise<SentQuery> {
  const sent: SentQuery[] = []
  const client = {
    query: async (query: string | { name?: string; text: string; values?: unknown[] }, values?: unknown[]) => {
      sent.push(
        typeof query === 'string'
          ? { text: query, values: values ?? [] }
          : { name: query.name, text: query.text, values: query.values ?? values ?? [] },
      )
      return { rows: [], rowCount: 0, fields: [], command: 'SELECT' }
    },
  }
  await run(drizzle(client as unknown as pg.Pool, { schema }))
  expect(sent).toHaveLength(1)
  return sent[0]!
}

/**
 * The plan's nodes, depth first. A named statement is planned once per connection and, after five runs,
 * PostgreSQL may keep a generic plan (made without the parameters' values): that is the plan checked for
 * it. An unnamed one gets a plan for its values at every call.
 */
async function plan(run: (db: Executor) => Promise<unknown>): Promise<PlanNode[]> {
  const { name, text, values } = await captureSql(run)
  const client = await database.pool.connect()
  let root: PlanNode
  try {
    if (name) {
      await client.query('SET plan_cache_mode = force_generic_plan')
      await client.query(`PREPARE plan_check AS ${text}`)
      const params = values.map((v) =>
        v === null ? 'NULL' : client.escapeLiteral(typeof v === 'object' ? JSON.stringify(v) : String(v)),
      )
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) EXECUTE plan_check(${params.join(', ')})`,
      )
      root = rows[0]!['QUERY PLAN'][0].Plan
      await client.query('DEALLOCATE plan_check')
      await client.query('RESET plan_cache_mode')
    } else {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${text}`,
        values,
      )
      root = rows[0]!['QUERY PLAN'][0].Plan
    }
  } finally {
    client.release()
  }
  const nodes: PlanNode[] = []
  const walk = (node: PlanNode) => {
    nodes.push(node)
    node.Plans?.forEach(walk)
  }
  walk(root)
  return nodes
}

const indexesUsed = (nodes: PlanNode[]) => nodes.map((n) => n['Index Name']).filter(Boolean)
const seqScansOn = (nodes: PlanNode[], table: string) =>
  nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table)
const summary = (nodes: PlanNode[]) =>
  nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`).join(' > ')

describe('prepared statements', () => {
  // A search's best plan depends on its term (trigram index from 3 letters, the order index below), a
  // patient page's on its offset: they are planned with their values at every call. The appointment lists
  // and the doctors' list are planned once per connection (their generic plans are checked below). The lists
  // checked are what the calls run: each row's written JSON (agendamentos.listJson).
  it('the appointment lists are named statements; the patient pages and every name search are not', async () => {
    const day = seed.today
    expect(
      (
        await captureSql((db) =>
          agendamentosRepo.listJson(db, { from: `${day}T00:00:00.000Z`, to: `${day}T23:59:59.999Z` }),
        )
      ).name,
    ).toBeTruthy()
    expect((await captureSql((db) => agendamentosRepo.listJson(db, { medicoId: medicoId(3) }, 1))).name).toBeTruthy()
    expect((await captureSql((db) => pacientesRepo.listActive(db, 1, SESSION))).name).toBeFalsy()
    expect((await captureSql((db) => pacientesRepo.searchByNome(db, 'sil', 1, SESSION))).name).toBeFalsy()
    expect((await captureSql((db) => agendamentosRepo.listJson(db, { pacienteNome: 'sil' }, 1))).name).toBeFalsy()
  })
})

/** The ids of a page the repository gives as its patients' JSON texts, in its order. */
const idsOf = (page: string[]) => page.map((text) => (JSON.parse(text) as { id: string }).id)

describe('name search (paciente/findbynome)', () => {
  // A term many names hold ('sil') is cheaper from the order index (20 matches come
  // quickly); a rare one would make that scan read the whole index: the trigram index answers it.
  it('a rare term of 3+ letters uses the trigram index', async () => {
    const nodes = await plan((db) => pacientesRepo.searchByNome(db, 'xyz', 1, SESSION))
    expect(indexesUsed(nodes), summary(nodes)).toContain('pacientes_nome_busca_trgm_idx')
    expect(seqScansOn(nodes, 'pacientes'), summary(nodes)).toEqual([])
  })

  it('a full name uses the trigram index', async () => {
    const nodes = await plan((db) => pacientesRepo.searchByNome(db, 'Zélia Zanetti', 1, SESSION))
    expect(indexesUsed(nodes), summary(nodes)).toContain('pacientes_nome_busca_trgm_idx')
  })

  it.each(['sil', 'ana', 'conceição', 'jo', 'ma'])(
    'a common term (%s) reads the page from an index, never the whole table',
    async (term) => {
      const nodes = await plan((db) => pacientesRepo.searchByNome(db, term, 1, SESSION))
      expect(seqScansOn(nodes, 'pacientes'), summary(nodes)).toEqual([])
      expect(indexesUsed(nodes).length, summary(nodes)).toBeGreaterThan(0)
    },
  )

  it('returns the same rows as a plain scan would (the deferred join keeps order and filter)', async () => {
    const found = idsOf(await pacientesRepo.searchByNome(database.db, 'conceicao', 2, SESSION))
    const { rows } = await database.pool.query<{ id: string }>(
      `SELECT id FROM pacientes WHERE ativo AND nome_busca ILIKE '%conceicao%'
       ORDER BY nome_busca COLLATE "C", nome COLLATE "C", id LIMIT ${PAGE_SIZE} OFFSET ${PAGE_SIZE}`,
    )
    expect(found).toEqual(rows.map((r) => r.id))
  })
})

describe('patient list (paciente/listAll)', () => {
  it('page 1 and a deep page come from the order index, the skipped rows never read from the table', async () => {
    for (const page of [1, 700]) {
      const nodes = await plan((db) => pacientesRepo.listActive(db, page, SESSION))
      const scan = nodes.find((n) => n['Index Name'] === 'pacientes_ativo_order_idx')
      expect(scan?.['Node Type'], summary(nodes)).toBe('Index Only Scan')
      expect(seqScansOn(nodes, 'pacientes'), summary(nodes)).toEqual([])
    }
  })

  it('a deep page holds the rows of that position in name order', async () => {
    const page = 700
    const found = idsOf(await pacientesRepo.listActive(database.db, page, SESSION))
    const { rows } = await database.pool.query<{ id: string }>(
      `SELECT id FROM pacientes WHERE ativo ORDER BY nome_busca COLLATE "C", nome COLLATE "C", id LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    )
    expect(found).toHaveLength(PAGE_SIZE)
    expect(found).toEqual(rows.map((r) => r.id))
  })
})

describe('appointments', () => {
  it("a day's list (listBetweenDate) uses the datahora index", async () => {
    const day = seed.today
    const nodes = await plan((db) =>
      agendamentosRepo.listJson(db, { from: `${day}T00:00:00.000Z`, to: `${day}T23:59:59.999Z` }),
    )
    expect(indexesUsed(nodes), summary(nodes)).toContain('agendamentos_datahora_idx')
    expect(seqScansOn(nodes, 'agendamentos'), summary(nodes)).toEqual([])
    expect(seqScansOn(nodes, 'pacientes'), summary(nodes)).toEqual([])
  })

  it('a week, paged, uses the datahora index too', async () => {
    const nodes = await plan((db) =>
      agendamentosRepo.listJson(
        db,
        { from: `${seed.today}T00:00:00.000Z`, to: `${addDays(seed.today, 6)}T23:59:59.999Z` },
        1,
      ),
    )
    expect(indexesUsed(nodes), summary(nodes)).toContain('agendamentos_datahora_idx')
    expect(seqScansOn(nodes, 'agendamentos'), summary(nodes)).toEqual([])
    expect(seqScansOn(nodes, 'pacientes'), summary(nodes)).toEqual([])
  })

  it("one doctor's (listByMedico) and one patient's (listByPaciente) lists read an index", async () => {
    for (const filter of [{ medicoId: medicoId(3) }, { pacienteId: pacienteId(1234) }]) {
      const nodes = await plan((db) => agendamentosRepo.listJson(db, filter, 1))
      expect(seqScansOn(nodes, 'agendamentos'), summary(nodes)).toEqual([])
      expect(seqScansOn(nodes, 'pacientes'), summary(nodes)).toEqual([])
      expect(
        indexesUsed(nodes).some((name) => name!.startsWith('agendamentos_')),
        summary(nodes),
      ).toBe(true)
    }
  })
})

describe('reports (relatorio/resumo)', () => {
  // docs/decisions.md, "Reports": the range from the datahora index, each start and cancellation from the
  // partial index of migration 0005 — never a scan of either whole table
  it("a month's figures read the range from the datahora index and the moves from their own index", async () => {
    const de = `${addDays(seed.today, -40).slice(0, 8)}01`
    const nodes = await plan((db) => db.execute(reportsRepo.summaryQuery(de, addDays(de, 30))))
    expect(indexesUsed(nodes), summary(nodes)).toContain('agendamentos_datahora_idx')
    expect(indexesUsed(nodes), summary(nodes)).toContain('agendamento_status_relatorio_idx')
    expect(seqScansOn(nodes, 'agendamentos'), summary(nodes)).toEqual([])
    expect(seqScansOn(nodes, 'agendamento_status'), summary(nodes)).toEqual([])
  })
})
