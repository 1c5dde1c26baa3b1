// Types the API adds to Fastify: the contract call on each route's config, the signed-in user.
import type { ApiCall, Role } from '@contract'

/**
 * What a session token carries (HS256 JWT): the user's id in `sub`, the name, the role, and the id of its
 * session row in `jti` (checked on every request: a signed-out or expired session is refused).
 */
export interface TokenPayload {
  sub: string
  nome: string
  role: Role
  jti: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The claims of the request's `Authorization: Bearer` token when its signature, algorithm, expiry and
     * required claims hold; undefined otherwise (plugins/auth.ts). Not the session: that is checked apart.
     */
    tokenClaims(): unknown
  }
  interface FastifyContextConfig {
    /** The `api` table entry this route implements: its access, its missing-fields message. */
    call?: ApiCall
    /**
     * The route reads the session's role with its own first statement instead of a query of the auth
     * hook's (plugins/session-check.ts): one round trip less on the hot calls.
     */
    sessionInStatement?: boolean
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload
    user: TokenPayload
  }
}
