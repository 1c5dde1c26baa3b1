// An API whose pool reaches the test database through a fault proxy (tests/support/fault-proxy.ts), with
// an administrator and a staff user signed in: the database can be frozen, cut or refused under it
// without touching the PostgreSQL server the other test files share.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { api, type CallName } from '@contract'
import { buildApp } from '../../server/http/app'
import { hashPassword } from '../../server/auth/password'
import { connect, type Db } from '../../server/db/client'
import { users as usersTable } from '../../server/db/schema'
import { TEST_JWT_SECRET } from '../support/api-app'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

export interface FaultyApp {
  app: FastifyInstance
  /** The API's own pool (through the proxy). */
  db: Db
  /** A direct handle on the same database, past the proxy (to look and to hold locks). */
  direct: TestDatabase
  proxy: FaultProxy
  tokens: { admin: string; staff: string }
  users: {
    admin: { id: string; email: string; password: string }
    staff: { id: string; email: string; password: string }
  }
  call(
    name: CallName,
    who: 'admin' | 'staff' | 'anonymous',
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export async function createFaultyApp(): Promise<FaultyApp> {
  const direct = await createTestDatabase()
  const admin = { id: '', email: 'admin@falhas.test', password: 'senha-do-admin-1' }
  const staff = { id: '', email: 'recepcao@falhas.test', password: 'senha-da-recepcao-1' }
  const rows = await direct.db
    .insert(usersTable)
    .values([
      { nome: 'Ana Admin', email: admin.email, passwordHash: await hashPassword(admin.password), role: 'ADMIN' },
      { nome: 'Bia Recepção', email: staff.email, passwordHash: await hashPassword(staff.password), role: 'USER' },
    ])
    .returning({ id: usersTable.id, email: usersTable.email })
  admin.id = rows.find((r) => r.email === admin.email)!.id
  staff.id = rows.find((r) => r.email === staff.email)!.id

  const proxy = await startFaultProxy(direct.url)
  const { db, pool } = connect(proxy.url, 10)
  const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET })
  await app.ready()
  const tokens = { admin: '', staff: '' }
  const call: FaultyApp['call'] = (name, who, body, headers = {}) => {
    const spec = api[name]
    const all: Record<string, string> = { ...headers }
    if (who !== 'anonymous') all.authorization = `Bearer ${tokens[who]}`
    if (body !== undefined) all['content-type'] = 'application/json'
    return app.inject({
      method: spec.method,
      url: `/api${spec.path}`,
      headers: all,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
  }
  for (const [who, user] of [
    ['admin', admin],
    ['staff', staff],
  ] as const) {
    const response = await call('login', 'anonymous', { email: user.email, password: user.password })
    tokens[who] = (response.json() as { token: string }).token
  }
  return {
    app,
    db,
    direct,
    proxy,
    tokens,
    users: { admin, staff },
    call,
    async close() {
      proxy.thaw()
      proxy.refuse(false)
      // each step bounded and named: a connection left checked out used to hang pool.end() silently
      await within('app.close()', app.close())
      await within(`pool.end() (${pool.totalCount - pool.idleCount} connection(s) still checked out)`, pool.end())
      await within('proxy.close()', proxy.close())
      await within('dropping the database', direct.drop())
    },
  }
}

/** `work`, or an error naming `step` when it has not finished in 20 s. */
async function within<T>(step: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step} did not finish in 20 s`)), 20_000)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Milliseconds `work` took, and its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await work()
  return { ms: performance.now() - start, value }
}
