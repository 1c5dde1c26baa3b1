// Bearer tokens (HS256 JWT) and the access check of every route. A token names its session (`jti`): the
// session row is checked on every request, so 'Sair' (POST /users/logout) revokes a token on every API
// process sharing the database, and a token never outlives its 12 hours. The check runs in onRequest,
// before the body is read or validated, so the order is the token (401) → the role (403) → the body
// (400/413/415) (docs/product.md §10.6). Every refusal (401/403) leaves a row in the audit trail.
import fastifyJwt from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { messages, Role } from '@contract'
import type { Db } from '../db/client'
import * as audit from '../repositories/audit'
import * as sessions from '../repositories/sessions'
import type { TokenPayload } from './context'
import { HttpError } from './errors'

export const DEFAULT_TOKEN_TTL_SECONDS = 12 * 60 * 60

export interface AuthOptions {
  jwtSecret: string
  tokenTtlSeconds: number
  db: Db
}

const Payload = z.object({ sub: z.uuid(), nome: z.string(), role: Role, jti: z.uuid() })

/** A 401/403 and, when the token was genuine, whose it was. */
class Refusal extends HttpError {
  constructor(
    statusCode: 401 | 403,
    message: string,
    readonly userId: string | null,
  ) {
    super(statusCode, message)
  }
}

/** Registers the JWT signer/verifier on `app` and the onRequest hook that enforces each route's access. */
async function setupAuth(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const { db } = options
  await app.register(fastifyJwt, {
    secret: options.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: options.tokenTtlSeconds },
    // a token without an expiry or a session is never accepted, even with a valid signature
    verify: { algorithms: ['HS256'], requiredClaims: ['sub', 'exp', 'jti'] },
  })

  app.addHook('onRequest', async (request) => {
    const call = request.routeOptions.config.call
    const access = call?.access
    // Unknown routes (404) and public calls carry no access requirement.
    if (call === undefined || access === undefined || access === 'public') return
    try {
      const user = await authenticate(request, db)
      if (access === 'admin' && user.role !== 'ADMIN') throw new Refusal(403, messages.forbidden, user.sub)
    } catch (error) {
      if (error instanceof Refusal) await recordRefusal(db, request, call.path, error)
      throw error
    }
  })
}

/**
 * Not encapsulated: the hook and `app.jwt` belong to the instance it is registered on (the /api one). Its
 * refusals are HttpErrors, answered by the error handler of plugins/errors.ts.
 */
export const authPlugin = fp(setupAuth, { name: 'clinica-auth', dependencies: ['clinica-errors'], fastify: '5.x' })

async function authenticate(request: FastifyRequest, db: Db): Promise<TokenPayload> {
  let decoded: unknown
  try {
    decoded = await request.jwtVerify()
  } catch {
    throw new Refusal(401, messages.unauthenticated, null)
  }
  const parsed = Payload.safeParse(decoded)
  if (!parsed.success) throw new Refusal(401, messages.unauthenticated, null)
  // The role is the database's, not the token's: a demoted or deactivated user loses access at once.
  const role = await sessions.activeRole(db, parsed.data.jti, parsed.data.sub)
  if (role === undefined) throw new Refusal(401, messages.unauthenticated, parsed.data.sub)
  const user = { ...parsed.data, role }
  request.user = user
  return user
}

/** The audit row of a refused access; a failure to write it is logged, the answer stays the refusal. */
async function recordRefusal(db: Db, request: FastifyRequest, path: string, refusal: Refusal): Promise<void> {
  try {
    await audit.record(db, {
      userId: refusal.userId,
      action: 'access_denied',
      ip: request.ip,
      call: path,
      status: refusal.statusCode,
    })
  } catch (error) {
    request.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'audit of a refused access failed',
    )
  }
}

/** A session token for a user and the session (`jti`) created for it. */
export function signToken(app: FastifyInstance, user: { id: string; nome: string; role: Role }, jti: string): string {
  return app.jwt.sign({ sub: user.id, nome: user.nome, role: user.role, jti })
}
