// The session check of one request (docs/decisions.md, "The session check inside the hot calls' own
// statement"). Every authenticated request must find its session live and its user active, and takes its
// role from the database. Most routes settle that in the auth hook, with a query of its own. The hot calls,
// registered with `defineRouteWithSessionInStatement` (routes/route.ts), instead read the role as one more
// column of their own first statement (sessions.sessionRoleColumn), which saves a round trip to PostgreSQL
// per request; what keeps that as safe as the hook:
// - nothing is answered before the session is settled: defineRoute settles it after the handler if no
//   statement did, and the error handler settles it before any other error, so 401 → 403 → 400/404 keep
//   their order;
// - a write's transaction settles it before COMMIT (routes/write.ts `idempotentWrite`, routes/status.ts);
// - a statement that returns no row says nothing of the session: the check's own query runs then;
// - the role is unreadable (a thrown error) until settled, so no rule can act on the token's stale one.
import type { FastifyRequest } from 'fastify'
import { messages, type Role } from '@contract'
import type { Db } from '../db/client'
import * as audit from '../repositories/audit'
import type { Executor } from '../repositories/executor'
import * as sessions from '../repositories/sessions'
import { HttpError } from './errors'

/** A 401/403 and, when the token was genuine, whose it was. */
export class Refusal extends HttpError {
  constructor(
    statusCode: 401 | 403,
    message: string,
    readonly userId: string | null,
  ) {
    super(statusCode, message)
  }
}

/** The audit row of a refused access; a failure to write it is logged, the answer stays the refusal. */
export async function recordRefusal(db: Db, request: FastifyRequest, refusal: Refusal): Promise<void> {
  try {
    await audit.record(db, {
      userId: refusal.userId,
      action: 'access_denied',
      ip: request.ip,
      call: request.routeOptions.config.call?.path ?? request.url,
      status: refusal.statusCode,
    })
  } catch (error) {
    request.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'audit of a refused access failed',
    )
  }
}

export class SessionCheck implements sessions.SessionInStatement {
  #role: Role | undefined
  #refusal: Refusal | undefined

  constructor(
    private readonly request: FastifyRequest,
    private readonly db: Db,
    private readonly token: { jti: string; sub: string },
    private readonly access: 'user' | 'admin',
    /** The call is one a user with a temporary password may make (contract TEMPORARY_PASSWORD_PATHS). */
    private readonly allowsTemporaryPassword = false,
  ) {}

  get settled(): boolean {
    return this.#role !== undefined
  }

  /** The role as the database has it now; an error before the session is settled. */
  get role(): Role {
    if (this.#role === undefined) throw new Error('the session role was read before the session was checked')
    return this.#role
  }

  /** The values of sessionRoleColumn's placeholders. */
  get values(): sessions.SessionValues {
    return { sessionJti: this.token.jti, sessionUserId: this.token.sub }
  }

  /**
   * Settles the session with the role a statement read beside its rows: a role lets the request through
   * (an admin call only with ADMIN), null (the column was read: no live session) refuses it with 401, and
   * undefined (no row came back, or no statement carried the column) runs the check's own query on
   * `executor`. Answers the role; throws the refusal, recorded once in the audit trail.
   */
  async settle(role: sessions.SessionRole | null | undefined, executor: Executor = this.db): Promise<Role> {
    if (this.#role !== undefined) return this.#role
    if (this.#refusal) throw this.#refusal
    let found: Role | null | undefined
    let temporary = role === sessions.TEMPORARY_PASSWORD
    if (role === undefined || (temporary && this.allowsTemporaryPassword)) {
      const session = await sessions.activeSession(executor, this.token.jti, this.token.sub)
      found = session?.role
      temporary = session?.senhaTemporaria === true
    } else found = role === sessions.TEMPORARY_PASSWORD ? undefined : role
    if (this.#role !== undefined) return this.#role
    // issue 34: a temporary password is changed before anything else (the session itself is live)
    if (temporary && !this.allowsTemporaryPassword) return this.#refuse(403, messages.temporaryPasswordMustChange)
    if (found === null || found === undefined) return this.#refuse(401, messages.unauthenticated)
    if (this.access === 'admin' && found !== 'ADMIN') return this.#refuse(403, messages.forbidden)
    this.#role = found
    return found
  }

  /** Settles the session with the check's own query when no statement has. */
  ensure(executor?: Executor): Promise<Role> {
    return this.settle(undefined, executor)
  }

  async #refuse(status: 401 | 403, message: string): Promise<never> {
    if (!this.#refusal) {
      this.#refusal = new Refusal(status, message, this.token.sub)
      await recordRefusal(this.db, this.request, this.#refusal)
    }
    throw this.#refusal
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session check of an authenticated call (undefined on public calls and unknown routes). */
    session: SessionCheck | undefined
  }
}
