// Types the API adds to Fastify: the contract call on each route's config, the signed-in user.
import type { ApiCall, Role } from '../../src/contract'

/** What a session token carries (HS256 JWT): the user's id in `sub`, the name and the role. */
export interface TokenPayload {
  sub: string
  nome: string
  role: Role
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The `api` table entry this route implements: its access, its missing-fields message. */
    call?: ApiCall
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload
    user: TokenPayload
  }
}
