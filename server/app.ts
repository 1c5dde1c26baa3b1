// The Fastify application: the JSON API under /api (one route plugin per resource, the contract's
// schemas, token and role checks, one error handler) and, when given a folder, the built PWA.
// Process start-up (port, database server, signals) lives in server/server.ts, which calls buildApp.
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { BODY_LIMIT_BYTES, messages, type ErrorBody } from '@contract'
import type { Db } from './db/client'
import './plugins/context'
import { DEFAULT_TOKEN_TTL_SECONDS, setupAuth } from './plugins/auth'
import { setupClosing } from './plugins/closing'
import { setupCompression } from './plugins/compression'
import { setupMaintenance } from './plugins/maintenance'
import { errorHandler, frameworkErrors, zodValidatorCompiler } from './plugins/errors'
import { setupSecurity } from './plugins/security'
import { sendSpaIndex, setupStatic, wantsSpaFallback } from './plugins/static'
import { agendamentosRoutes } from './routes/agendamentos'
import { healthRoutes } from './routes/health'
import { instalarRoutes } from './routes/instalar'
import { medicosRoutes } from './routes/medicos'
import { pacientesRoutes } from './routes/pacientes'
import { usersRoutes } from './routes/users'
import type { HttpsSupport } from './tls/https-support'
import { setupHttpsRedirect } from './tls/redirect'

export interface AppOptions {
  db: Db
  /** HS256 secret of the session tokens; every API process on one database must share it. */
  jwtSecret: string
  /** Folder of the built PWA (index.html, sw.js, assets/…); without it only /api is served. */
  staticDir?: string
  logger?: FastifyServerOptions['logger']
  /** Lifetime of a session token; 12 hours by default. */
  tokenTtlSeconds?: number
  /** Behind a reverse proxy / load balancer: take the client address from X-Forwarded-For. */
  trustProxy?: boolean
  /** HTTPS served by this process (server/tls/): LAN redirects, the certificate in /health, /instalar's data. */
  https?: HttpsSupport
}


/** The API's routes, registered under the `/api` prefix. */
const apiPlugin: FastifyPluginAsync<AppOptions> = async (api, options) => {
  const tokenTtlSeconds = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS
  await setupAuth(api, { jwtSecret: options.jwtSecret, tokenTtlSeconds, db: options.db })
  await api.register(healthRoutes, { certificate: options.https?.certificate })
  const routeOptions = { db: options.db }
  await api.register(usersRoutes, { ...routeOptions, tokenTtlSeconds, jwtSecret: options.jwtSecret })
  await api.register(pacientesRoutes, routeOptions)
  await api.register(agendamentosRoutes, routeOptions)
  await api.register(medicosRoutes, routeOptions)
}

/**
 * Everything the application registers, as one plugin (not encapsulated: it sets the compilers, the
 * error and not-found handlers of the instance it is registered on). Fastify options the app relies on
 * (bodyLimit, return503OnClosing: false, frameworkErrors) are set by buildApp.
 */
const clinicaApp: FastifyPluginAsync<AppOptions> = async (app, options) => {
  app.setValidatorCompiler(zodValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  setupClosing(app)
  // Bodies are JSON only: without Fastify's text/plain parser such a body is refused with 415.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser(
    /^application\/[\w.-]+\+json$/i,
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  )
  await setupSecurity(app)
  await setupCompression(app)
  app.setErrorHandler(errorHandler)
  if (options.https) setupHttpsRedirect(app, options.https.httpsPort)
  await app.register(instalarRoutes, { https: options.https })

  if (options.staticDir !== undefined) await setupStatic(app, options.staticDir)
  const staticDir = options.staticDir
  app.setNotFoundHandler((request, reply) => {
    if (wantsSpaFallback(staticDir, request)) return sendSpaIndex(reply)
    return reply.code(404).send({ error: messages.routeNotFound } satisfies ErrorBody)
  })

  await app.register(apiPlugin, { ...options, prefix: '/api' })
  // purges of expired sessions and idempotency keys
  setupMaintenance(app, options.db)
}
// Like fastify-plugin: share the handlers and hooks with the instance it is registered on.
Object.assign(clinicaApp, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'clinica-app',
})

export default clinicaApp

/**
 * Creates the Fastify instance with the application registered. Not listening yet: `await app.ready()`,
 * or `app.listen(…)`, or `app.inject(…)`. On `app.close()` requests still arriving get 503 with the
 * contract's body (see plugins/closing.ts) while those in flight finish.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // plugins/closing.ts answers 503 itself, with `{ error: messages.serverRestarting }`
    return503OnClosing: false,
    frameworkErrors,
  })
  await app.register(clinicaApp, options)
  return app
}
