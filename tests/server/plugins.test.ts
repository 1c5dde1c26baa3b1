// The app's Fastify plugins are named and declare the plugins they need (fastify-plugin): one registered
// without what it needs refuses to start, naming the missing plugin, instead of serving requests without
// the token check or the contract's error answers.
import Fastify, { type FastifyPluginAsync } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client'
import { authPlugin } from '../../server/plugins/auth'
import { errorsPlugin } from '../../server/plugins/errors'
import { agendamentosRoutes } from '../../server/routes/agendamentos'
import { medicosRoutes } from '../../server/routes/medicos'
import { pacientesRoutes } from '../../server/routes/pacientes'
import { usersRoutes } from '../../server/routes/users'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'

// Never queried: these apps fail before any request, or answer none.
const db = {} as Db
const authOptions = { db, jwtSecret: TEST_JWT_SECRET, tokenTtlSeconds: 60 }

async function startError(register: (app: ReturnType<typeof Fastify>) => void): Promise<string> {
  const app = Fastify()
  register(app)
  try {
    await app.ready()
    return 'started'
  } catch (error) {
    return (error as Error).message
  } finally {
    await app.close()
  }
}

describe('plugins declare what they need', () => {
  const routePlugins: [string, FastifyPluginAsync<never>][] = [
    ['clinica-users-routes', usersRoutes as FastifyPluginAsync<never>],
    ['clinica-pacientes-routes', pacientesRoutes as FastifyPluginAsync<never>],
    ['clinica-agendamentos-routes', agendamentosRoutes as FastifyPluginAsync<never>],
    ['clinica-medicos-routes', medicosRoutes as FastifyPluginAsync<never>],
  ]

  it.each(routePlugins)('%s refuses to start without the auth plugin', async (name, routes) => {
    const message = await startError((app) =>
      app.register(routes, { db, tokenTtlSeconds: 60, jwtSecret: TEST_JWT_SECRET } as never),
    )
    expect(message).toBe(`The dependency 'clinica-auth' of plugin '${name}' is not registered`)
  })

  it('route plugins start once the auth plugin is registered', async () => {
    const message = await startError((app) => {
      app.setSerializerCompiler(serializerCompiler)
      app.register(errorsPlugin)
      app.register(authPlugin, authOptions)
      app.register(medicosRoutes, { db })
    })
    expect(message).toBe('started')
  })

  it('the auth plugin refuses to start without the error handler', async () => {
    const message = await startError((app) => app.register(authPlugin, authOptions))
    expect(message).toBe("The dependency 'clinica-errors' of plugin 'clinica-auth' is not registered")
  })
})

describe('the app', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is built from named plugins', () => {
    const tree = t.app.printPlugins()
    for (const name of [
      'clinica-app',
      'clinica-errors',
      'clinica-closing',
      'clinica-security',
      'clinica-compression',
      'clinica-api',
      'clinica-auth',
      'clinica-users-routes',
      'clinica-pacientes-routes',
      'clinica-agendamentos-routes',
      'clinica-medicos-routes',
      'clinica-maintenance',
    ])
      expect(tree).toContain(name)
    // fastify-plugin's name for a plugin given none
    expect(tree).not.toMatch(/-auto-\d/)
  })
})
