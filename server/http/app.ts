// The Fastify application: the JSON API under /api (one route plugin per resource, the contract's
// schemas, token and role checks, one error handler) and, when given a folder, the built PWA.
// Process start-up (port, database server, signals) lives in server/server.ts, which calls buildApp.
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import { BODY_LIMIT_BYTES, messages, type ErrorBody } from '@contract'
import type { Db } from '../db/client'
import { setupAnonymousLimit, type AnonymousLimitOptions } from '../auth/anonymous-limit'
import { clientErrorHandler, httpLimitOptions } from './http-limits'
import { privateLogger } from './log-privacy'
import '../plugins/context'
import { answerSerializerCompiler, checkAnswersByDefault } from './serializer'
import { authPlugin, DEFAULT_TOKEN_TTL_SECONDS } from '../plugins/auth'
import { closingPlugin } from '../plugins/closing'
import { compressionPlugin } from '../plugins/compression'
import { dicomPlugin, type DicomOptions } from '../plugins/dicom'
import { maintenancePlugin } from '../plugins/maintenance'
import { errorsPlugin, frameworkErrors } from '../plugins/errors'
import { securityPlugin } from '../plugins/security'
import { sendSpaIndex, staticPlugin, wantsSpaFallback } from '../plugins/static'
import { agendaRoutes } from '../routes/agenda'
import { agendamentosRoutes } from '../routes/agendamentos'
import { catalogueRoutes } from '../routes/catalogue'
import { healthRoutes } from '../routes/health'
import { instalarRoutes } from '../routes/instalar'
import { medicosRoutes } from '../routes/medicos'
import { openApiRoutes } from '../openapi/routes'
import { pacientesRoutes } from '../routes/pacientes'
import { reportRoutes } from '../routes/reports'
import { statusRoutes } from '../routes/status'
import { chamadasRoutes } from '../routes/chamadas'
import { paineisRoutes } from '../routes/paineis'
import { clinicRoutes } from '../routes/clinic'
import { laudoRoutes } from '../routes/laudos'
import { laudoTemplateRoutes } from '../routes/laudo-templates'
import { userDoctorLinkRoutes } from '../routes/user-doctor-links'
import { usersRoutes } from '../routes/users'
import { certificadoRoutes } from '../routes/certificado'
import { faturamentoRoutes } from '../routes/faturamento'
import { laudoWorkRoutes } from '../routes/laudo-work'
import { laudoReleaseRoutes } from '../routes/laudo-release'
import { laudoDeskRoutes } from '../routes/laudo-desk'
import type { HttpsSupport } from '../tls/https-support'
import { setupHttpsRedirect } from '../tls/redirect'
import { tissDadosRoutes } from '../routes/tiss-dados'
import { dayFeedRoutes } from '../routes/day-feed'

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
  /**
   * Every answer also encoded by zod and compared with the compiled serializer's text (server/http/serializer.ts);
   * on by default under vitest or with CHECK_ANSWERS=1.
   */
  checkAnswers?: boolean
  /**
   * Run the hourly purges in this process (default true). Under API_PROCESSES > 1 the cluster's primary runs
   * them once for all (server/process/cluster.ts), and the workers pass false.
   */
  maintenance?: boolean
  /** The clock of the day's time rules ('Desfazer' within 10 minutes, 'Marcar faltas'); the real one by default. */
  now?: () => Date
  /** The DICOM worklist and MPPS service (issue 19, docs/dicom.md); off when absent. */
  dicom?: DicomOptions
  /**
   * The limit on refused requests without a session (auth/anonymous-limit.ts). Only the contract suite changes
   * it: from one address it sends more 401s a minute than the limit allows, checking every call's refusal.
   */
  anonymousLimit?: AnonymousLimitOptions
}

/** The API's routes, registered under the `/api` prefix. */
const apiRoutes: FastifyPluginAsync<AppOptions> = async (api, options) => {
  const tokenTtlSeconds = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS
  // before the token check: a limited address costs no database work
  setupAnonymousLimit(api, options.anonymousLimit)
  await api.register(authPlugin, { jwtSecret: options.jwtSecret, tokenTtlSeconds, db: options.db })
  const routeOptions = { db: options.db }
  await api.register(healthRoutes, { ...routeOptions, certificate: options.https?.certificate })
  await api.register(usersRoutes, { ...routeOptions, tokenTtlSeconds, jwtSecret: options.jwtSecret })
  await api.register(pacientesRoutes, routeOptions)
  await api.register(agendamentosRoutes, routeOptions)
  await api.register(agendaRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  await api.register(statusRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  await api.register(reportRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  await api.register(clinicRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  await api.register(userDoctorLinkRoutes, routeOptions)
  await api.register(catalogueRoutes, routeOptions)
  await api.register(medicosRoutes, routeOptions)
  await api.register(laudoRoutes, routeOptions)
  await api.register(openApiRoutes)
  // issue 38: the waiting room
  await api.register(chamadasRoutes, routeOptions)
  await api.register(certificadoRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  // issue 37: TISS billing (docs/tiss.md)
  await api.register(faturamentoRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  // issue 37 points 1–3: TISS data entry
  await api.register(tissDadosRoutes, routeOptions)
  // issue 36: the laudo's worklist and editor
  await api.register(laudoWorkRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  // issue 38: the waiting room's TV panels and their live feed
  await api.register(paineisRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  // issue 36 point 2: the laudo's templates and stock phrases
  await api.register(laudoTemplateRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  await api.register(laudoReleaseRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  // issue 36 point 7: the protocolo de retirada and the deliveries
  await api.register(laudoDeskRoutes, { ...routeOptions, now: options.now ?? (() => new Date()) })
  // issue 38 point 6: the day boards' live channel
  await api.register(dayFeedRoutes, routeOptions)
}
// Encapsulated (its own prefix and auth hook). The error handler and compression's onRoute hook must be on
// the app before its routes are declared.
const apiPlugin = fp(apiRoutes, {
  name: 'clinica-api',
  dependencies: ['clinica-errors', 'clinica-compression'],
  encapsulate: true,
  fastify: '5.x',
})

/**
 * Everything the application registers, as one plugin (not encapsulated: it sets the compilers, the
 * error and not-found handlers of the instance it is registered on). Fastify options the app relies on
 * (bodyLimit, return503OnClosing: false, frameworkErrors) are set by buildApp.
 */
const registerApp: FastifyPluginAsync<AppOptions> = async (app, options) => {
  app.setSerializerCompiler(answerSerializerCompiler(options.checkAnswers ?? checkAnswersByDefault()))
  await app.register(errorsPlugin)
  await app.register(closingPlugin)
  // Bodies are JSON only: without Fastify's text/plain parser such a body is refused with 415.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser(
    /^application\/[\w.-]+\+json$/i,
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  )
  await app.register(securityPlugin)
  await app.register(compressionPlugin)
  if (options.https) setupHttpsRedirect(app, options.https.httpsPort)
  await app.register(instalarRoutes, { https: options.https })

  if (options.staticDir !== undefined) await app.register(staticPlugin, { root: options.staticDir })
  const staticDir = options.staticDir
  app.setNotFoundHandler((request, reply) => {
    if (wantsSpaFallback(staticDir, request)) return sendSpaIndex(reply)
    return reply.code(404).send({ error: messages.routeNotFound } satisfies ErrorBody)
  })

  await app.register(apiPlugin, { ...options, prefix: '/api' })
  // purges of expired sessions and idempotency keys
  await app.register(maintenancePlugin, { db: options.db, schedule: options.maintenance ?? true })
  await app.register(dicomPlugin, { db: options.db, dicom: options.dicom, now: options.now })
}
// Not encapsulated: it shares its handlers and hooks with the instance it is registered on.
const clinicaApp = fp(registerApp, { name: 'clinica-app', fastify: '5.x' })

export default clinicaApp

/**
 * Creates the Fastify instance with the application registered. Not listening yet: `await app.ready()`,
 * or `app.listen(…)`, or `app.inject(…)`. On `app.close()` requests still arriving get 503 with the
 * contract's body (see plugins/closing.ts) while those in flight finish.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // tokens, DETAIL lines and parameters blanked (server/http/log-privacy.ts)
    logger: privateLogger(options.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // plugins/closing.ts answers 503 itself, with `{ error: messages.serverRestarting }`
    return503OnClosing: false,
    frameworkErrors,
    // timeouts, keep-alive and header limits, and their answers in Portuguese (server/http/http-limits.ts)
    ...httpLimitOptions,
    clientErrorHandler,
  })
  await app.register(clinicaApp, options)
  return app
}
