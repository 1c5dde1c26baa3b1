// The API on a fresh test database, with an administrator and a staff user already signed in.
// Used by tests/server and by the contract suite (tests/contract): keep this shape.
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../../server/http/app'
import { hashPassword } from '../../server/auth/password'
import type { Db } from '../../server/db/client'
import { users as usersTable } from '../../server/db/schema'
import { createTestDatabase } from './test-database'

export interface TestUser {
  id: string
  email: string
  password: string
  nome: string
}

export interface TestApp {
  app: FastifyInstance
  db: Db
  users: { admin: TestUser; staff: TestUser }
  tokens: { admin: string; staff: string }
  close(): Promise<void>
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789'

async function signIn(app: FastifyInstance, user: TestUser): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/session',
    payload: { email: user.email, password: user.password },
  })
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${user.email} failed: ${response.statusCode} ${response.body}`)
  return (response.json() as { token: string }).token
}

export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await createTestDatabase()
  const admin: TestUser = {
    id: '',
    email: 'admin@clinica.test',
    password: 'senha-do-admin-1',
    nome: 'Ana Administradora',
  }
  const staff: TestUser = {
    id: '',
    email: 'recepcao@clinica.test',
    password: 'senha-da-recepcao-1',
    nome: 'Bruno Recepção',
  }
  const [adminHash, staffHash] = await Promise.all([hashPassword(admin.password), hashPassword(staff.password)])
  const inserted = await database.db
    .insert(usersTable)
    .values([
      { nome: admin.nome, email: admin.email, passwordHash: adminHash, role: 'ADMIN' },
      { nome: staff.nome, email: staff.email, passwordHash: staffHash, role: 'USER' },
    ])
    .returning({ id: usersTable.id, email: usersTable.email })
  admin.id = inserted.find((u) => u.email === admin.email)!.id
  staff.id = inserted.find((u) => u.email === staff.email)!.id

  const app = await buildApp({ jwtSecret: TEST_JWT_SECRET, ...options, db: database.db })
  try {
    await app.ready()
    const [adminToken, staffToken] = await Promise.all([signIn(app, admin), signIn(app, staff)])
    return {
      app,
      db: database.db,
      users: { admin, staff },
      tokens: { admin: adminToken, staff: staffToken },
      async close() {
        await app.close()
        await database.drop()
      },
    }
  } catch (error) {
    await app.close()
    await database.drop()
    throw error
  }
}
