// Bearer tokens (HS256 JWT, self-contained: any API process on the same secret accepts them) and the
// access check of every route. The check runs in onRequest, before the body is read or validated, so the
// order is the token (401) → the role (403) → the body (400/413/415) (DESIGN.md).
import fastifyJwt from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { messages, Role } from '../../src/contract'
import type { TokenPayload } from './context'
import { HttpError } from './errors'

export const DEFAULT_TOKEN_TTL_SECONDS = 12 * 60 * 60

export interface AuthOptions {
  jwtSecret: string
  tokenTtlSeconds: number
}

const Payload = z.object({ sub: z.uuid(), nome: z.string(), role: Role })

/** Registers the JWT signer/verifier on `app` and the onRequest hook that enforces each route's access. */
export async function setupAuth(app: FastifyInstance, options: AuthOptions): Promise<void> {
  await app.register(fastifyJwt, {
    secret: options.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: options.tokenTtlSeconds },
    // a token without an expiry is never accepted, even with a valid signature
    verify: { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] },
  })

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.call?.access
    // Unknown routes (404) and public calls carry no access requirement.
    if (access === undefined || access === 'public') return
    const user = await authenticate(request)
    if (access === 'admin' && user.role !== 'ADMIN') throw new HttpError(403, messages.forbidden)
  })
}

async function authenticate(request: FastifyRequest): Promise<TokenPayload> {
  let decoded: unknown
  try {
    decoded = await request.jwtVerify()
  } catch {
    throw new HttpError(401, messages.unauthenticated)
  }
  const parsed = Payload.safeParse(decoded)
  if (!parsed.success) throw new HttpError(401, messages.unauthenticated)
  request.user = parsed.data
  return parsed.data
}

/** A session token for a user. */
export function signToken(app: FastifyInstance, user: { id: string; nome: string; role: Role }): string {
  return app.jwt.sign({ sub: user.id, nome: user.nome, role: user.role })
}
