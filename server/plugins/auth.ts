// Bearer tokens (HS256 JWT) and the access check of every route. A token names its session (`jti`): the
// session row is checked on every request, so 'Sair' (POST /users/logout) revokes a token on every API
// process sharing the database, and a token never outlives its 12 hours. The token is verified in
// onRequest, before the body is read or validated, and so is the session, except on the hot calls that
// read it with their own statement (session-check.ts), which answer in the same order: the token (401) →
// the role (403) → the body (400/413/415) (docs/product.md §10.6). Every refusal (401/403) leaves a row in
// the audit trail.
import fastifyJwt from '@fastify/jwt'
import { createVerifier, type Algorithm } from 'fast-jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { messages, Role, TEMPORARY_PASSWORD_PATHS } from '@contract'
import type { Db } from '../db/client'
import { checkPanelAccess, panelCredential } from '../painel/credential'
import type { TokenPayload } from './context'
import { recordRefusal, Refusal, SessionCheck } from './session-check'

export const DEFAULT_TOKEN_TTL_SECONDS = 12 * 60 * 60

export interface AuthOptions {
  jwtSecret: string
  tokenTtlSeconds: number
  db: Db
}

const Payload = z.object({ sub: z.uuid(), nome: z.string(), role: Role, jti: z.uuid() })

// a token without an expiry or a session is never accepted, even with a valid signature
const VERIFY_OPTIONS = { algorithms: ['HS256'] as Algorithm[], requiredClaims: ['sub', 'exp', 'jti'] }

/** A token's claims when its signature, algorithm, expiry and required claims hold; otherwise it throws. */
type VerifyToken = (token: string) => unknown

/** Registers the JWT signer/verifier on `app` and the onRequest hook that enforces each route's access. */
async function setupAuth(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const { db } = options
  await app.register(fastifyJwt, {
    secret: options.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: options.tokenTtlSeconds },
    verify: VERIFY_OPTIONS,
  })
  // Every request's token goes to fast-jwt's verifier directly, with the plugin's own options: the plugin's
  // request.jwtVerify() decoded each token once before its verifier decoded it again, and merged its options
  // per request (bench/journal/2026-11-26-cpu-by-layer.md, "Where the CPU goes, on the CPU"). The plugin still signs.
  const verifyToken: VerifyToken = createVerifier({ key: options.jwtSecret, ...VERIFY_OPTIONS })
  // the one reader of a request's token, for this hook and for the anonymous limit's (auth/anonymous-limit.ts)
  app.decorateRequest('tokenClaims', function (this: FastifyRequest): unknown {
    try {
      const token = bearerToken(this)
      return token === undefined ? undefined : verifyToken(token)
    } catch {
      return undefined
    }
  })
  app.decorateRequest('session', undefined)

  app.addHook('onRequest', async (request) => {
    const call = request.routeOptions.config.call
    const access = call?.access
    // Unknown routes (404) carry no access requirement.
    if (call === undefined || access === undefined) return
    // a paired TV's credential reads its panel's feed and nothing else (painel/credential.ts)
    if (access === 'painel' || panelCredential(request) !== undefined) return checkPanelAccess(request, db, access)
    // Public calls carry no access requirement.
    if (access === 'public') return
    const token = await verifiedToken(request, db)
    const session = new SessionCheck(request, db, token, access, TEMPORARY_PASSWORD_PATHS.includes(call.path))
    request.session = session
    // the role is the database's, not the token's: a demoted or deactivated user loses access at once
    request.user = {
      sub: token.sub,
      nome: token.nome,
      jti: token.jti,
      get role() {
        return session.role
      },
    }
    // the hot calls read the role with their own first statement (session-check.ts); the others here
    if (!request.routeOptions.config.sessionInStatement) await session.settle(undefined)
  })
}

/**
 * Not encapsulated: the hook and `app.jwt` belong to the instance it is registered on (the /api one). Its
 * refusals are HttpErrors, answered by the error handler of plugins/errors.ts.
 */
export const authPlugin = fp(setupAuth, { name: 'clinica-auth', dependencies: ['clinica-errors'], fastify: '5.x' })

/** The token of `Authorization: Bearer <token>`, as @fastify/jwt reads it; undefined for anything else. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header === undefined || !/^Bearer\s/i.test(header)) return undefined
  const parts = header.split(' ')
  return parts.length === 2 && parts[1] ? parts[1] : undefined
}

/** The token's claims when its signature, expiry and shape hold; otherwise a recorded 401. */
async function verifiedToken(request: FastifyRequest, db: Db): Promise<TokenPayload> {
  const parsed = Payload.safeParse(request.tokenClaims())
  if (parsed.success) return parsed.data
  const refusal = new Refusal(401, messages.unauthenticated, null)
  await recordRefusal(db, request, refusal)
  throw refusal
}

/** A session token for a user and the session (`jti`) created for it. */
export function signToken(app: FastifyInstance, user: { id: string; nome: string; role: Role }, jti: string): string {
  return app.jwt.sign({ sub: user.id, nome: user.nome, role: user.role, jti })
}
