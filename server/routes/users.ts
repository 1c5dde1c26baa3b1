// POST /users/session (sign-in), POST /users/logout (sign-out: revokes the session on the server) and
// POST /users/register (admin creates a staff user).
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { api, messages } from '@contract'
import { signIn } from '../auth/login'
import { hashPassword } from '../auth/password'
import type { Db } from '../db/client'
import { signToken } from '../plugins/auth'
import { HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as medicosRepo from '../repositories/medicos'
import * as sessions from '../repositories/sessions'
import * as usersRepo from '../repositories/users'
import { defineRoute } from './route'
import { auditEvent, idempotentWrite } from './write'

export interface UsersRoutesOptions {
  db: Db
  /** Lifetime of a session (and of its token). */
  tokenTtlSeconds: number
  /** The server's secret: keys the e-mail hash of a failed sign-in in the audit trail. */
  jwtSecret: string
}

const routes: FastifyPluginAsync<UsersRoutesOptions> = async (app, { db, tokenTtlSeconds, jwtSecret }) => {
  defineRoute(app, api.login, async ({ body, request }) => {
    const result = await signIn(db, {
      email: body.email,
      password: body.password,
      ip: request.ip,
      sessionTtlSeconds: tokenTtlSeconds,
      auditSecret: jwtSecret,
    })
    if (result.kind === 'throttled')
      throw new HttpError(429, messages.loginThrottled, { 'retry-after': String(result.retryAfterSeconds) })
    // the same answer for an unknown e-mail and a wrong password
    if (result.kind === 'failed') throw new HttpError(401, messages.loginFailed)
    const { id, nome, role } = result.user
    return { token: signToken(app, { id, nome, role }, result.jti), user: { id, nome, role } }
  })

  defineRoute(app, api.logout, async (context) => {
    await db.transaction(async (tx) => {
      await sessions.revoke(tx, context.user.jti)
      await audit.record(tx, auditEvent(context, { action: 'logout', entity: 'user', entityId: context.user.sub }))
    })
    return { ok: true as const }
  })

  defineRoute(app, api.registerUser, async (context) => {
    const { body } = context
    const medicoId = body.medicoId ?? null
    // the doctor of 'Minha agenda', when given, must exist
    if (medicoId !== null && !(await medicosRepo.findById(db, medicoId)))
      throw new HttpError(404, messages.doctorNotFound)
    // hashed before the transaction, to keep it short
    const passwordHash = await hashPassword(body.password)
    return idempotentWrite(db, api.registerUser, context, async (tx) => {
      // an e-mail already used, in any case, fails on the unique index (→ 409 emailTaken)
      const user = await usersRepo.create(tx, { nome: body.nome, email: body.email, passwordHash, medicoId })
      const fields = ['nome', 'email', 'role', 'password', ...(medicoId === null ? [] : ['medicoId'])]
      await audit.record(tx, auditEvent(context, { action: 'create', entity: 'user', entityId: user.id, fields }))
      return { user }
    })
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it uses `app.jwt` and the signed-in user).
export const usersRoutes = fp(routes, {
  name: 'clinica-users-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
