// The floor of this stack (`npm run bench`, bench/journal/2026-11-24-issue-18-floor.md "The floor"): a bare
// node:http server with a pg pool that, for each scenario, reads the JSON body, runs that scenario's SQL with the
// body's fields as parameters and writes the rows as JSON. No framework, no validation, no token, no compression,
// no mapping of rows to the contract's shapes: what no server of ours can beat on the same machine and database.
// Started by bench/api.ts as a child process of its own, so that its CPU per request is read from /proc exactly
// as the real server's.
//
// Environment: DATABASE_URL, FLOOR_QUERIES (JSON: { [scenario]: FloorQuery }), POOL_MAX (the real
// server's pool size, server/db/client.ts). Prints 'floor listening on http://…' once ready.
// Requests: `POST|GET /<scenario>`. A write's floor is its transaction (`steps`): the server's own statements,
// in its order, on one pooled connection between BEGIN and COMMIT.
import { createServer, type IncomingMessage } from 'node:http'
import pg from 'pg'

/** One scenario's query: its SQL and, for each `$n`, the body field it takes (null: no body). */
export interface FloorQuery {
  sql: string
  params: string[]
  /** Fixed values for `$1…$n` instead of body fields (a scenario whose body never changes, e.g. the month report). */
  values?: unknown[]
  /** The key the rows are written under (`{ agendamentos: [...] }`), as the real answer has it. */
  key: string
  /** Only the first row, as the value of `key` (e.g. the day's version). */
  single?: boolean
  /** A named prepared statement (parsed and planned once per connection), as the real server sends it. */
  prepared?: boolean
  /**
   * More queries run at the same time on other connections of the pool, each written under its own key
   * beside the first: a call whose repository sends several independent queries at once (the agenda).
   */
  also?: Omit<FloorQuery, 'also'>[]
  /**
   * A write: these statements run first, in this order, on one connection of the pool between BEGIN and
   * COMMIT, then `sql` (the answer) on the same connection before COMMIT — the server's transaction,
   * statement for statement. Each step is a named prepared statement, as the server's are (or should be).
   */
  steps?: FloorStep[]
  /** Where the answer's statement runs among the steps (its index; default: after the last). */
  answerAt?: number
  /** The answer's `$n` as FloorParams (a step's column: the new row's id), instead of `params`. */
  paramsFromSteps?: FloorParam[]
}

/**
 * One statement of a write's transaction. Each `$n` takes a FloorParam: a body field (`'id'`), a column of
 * an earlier statement's first row (`'#2.status'`: the third statement run, the answer's included), or a
 * fixed value (`{ value: … }`).
 */
export interface FloorStep {
  sql: string
  params: FloorParam[]
}

export type FloorParam = string | { value: unknown }

type Pool = InstanceType<typeof pg.Pool>

/** One query with the body's fields (or its fixed values): its rows, or its first row when `single`. */
async function run(pool: Pool, name: string, query: Omit<FloorQuery, 'also'>, body: Record<string, unknown>) {
  if (query.steps) return runSteps(pool, name, query, body)
  const values = query.values ?? query.params.map((field) => body[field])
  const result = await pool.query(
    query.prepared ? { name: `floor_${name}`, text: query.sql, values } : { text: query.sql, values },
  )
  return query.single ? (result.rows[0] ?? null) : result.rows
}

type Client = pg.PoolClient

/** `$n`'s values of a step: from the body, from an earlier step's first row, or fixed. */
function stepValues(params: FloorParam[], body: Record<string, unknown>, rows: Record<string, unknown>[]): unknown[] {
  return params.map((param) => {
    if (typeof param !== 'string') return param.value
    if (!param.startsWith('#')) return body[param]
    const [step, column] = param.slice(1).split('.') as [string, string]
    return rows[Number(step)]?.[column]
  })
}

/** A write's transaction: its steps and its answer on one connection, between BEGIN and COMMIT. */
async function runSteps(pool: Pool, name: string, query: FloorQuery, body: Record<string, unknown>) {
  const client: Client = await pool.connect()
  let failed = false
  try {
    await client.query('BEGIN')
    const firstRows: Record<string, unknown>[] = []
    const steps = query.steps!
    const answerAt = query.answerAt ?? steps.length
    let answer: unknown
    for (let i = 0; i <= steps.length; i++) {
      if (i === answerAt) {
        const values = query.paramsFromSteps
          ? stepValues(query.paramsFromSteps, body, firstRows)
          : query.params.map((field) => body[field])
        const result = await client.query({ name: `floor_${name}_answer`, text: query.sql, values })
        answer = query.single ? (result.rows[0] ?? null) : result.rows
        firstRows.push((result.rows[0] ?? {}) as Record<string, unknown>)
      }
      if (i === steps.length) break
      const step = steps[i]!
      const values = stepValues(step.params, body, firstRows)
      const result = await client.query({ name: `floor_${name}_${i}`, text: step.sql, values })
      firstRows.push((result.rows[0] ?? {}) as Record<string, unknown>)
    }
    await client.query('COMMIT')
    return answer
  } catch (error) {
    failed = true
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release(failed)
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function main(): void {
  const queries = JSON.parse(process.env.FLOOR_QUERIES ?? '{}') as Record<string, FloorQuery>
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) })
  const server = createServer((request, response) => {
    const name = (request.url ?? '/').slice(1)
    const query = queries[name]
    if (!query) {
      response.writeHead(404).end()
      return
    }
    readBody(request)
      .then(async (text) => {
        const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>
        const parts = [query, ...(query.also ?? [])]
        const results = await Promise.all(parts.map((part, i) => run(pool, `${name}_${i}`, part, body)))
        const payload = JSON.stringify(Object.fromEntries(parts.map((part, i) => [part.key, results[i]])))
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(payload)
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
      })
  })
  server.keepAliveTimeout = 72_000
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    if (address && typeof address === 'object') console.log(`floor listening on http://127.0.0.1:${address.port}`)
  })
  const stop = () => server.close(() => void pool.end().then(() => process.exit(0)))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main()
