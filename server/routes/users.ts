// The users' calls: POST /users/session (sign-in), POST /users/logout (sign-out: revokes the session on
// the server), POST /users/register (admin creates a staff user), PUT /users/alterarSenha (every user),
// and ADMIN's user lifecycle — list, deactivate, reactivate, change the role — whose changes end that
// user's sessions at once (the session check reads the role and `ativo` from the database on every call).
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { api, generateTemporaryPassword, messages } from '@contract'
import { signIn, type SignInResult } from '../auth/login'
import { hashPassword, verifyPassword } from '../auth/password'
import { passwordProblem } from '../auth/password-policy'
import type { Db } from '../db/client'
import { certificatePasswords } from '../laudos/signing/password-cache'
import { signToken } from '../plugins/auth'
import { BodyValidationError, HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as medicosRepo from '../repositories/medicos'
import * as loginAttempts from '../repositories/login-attempts'
import * as sessions from '../repositories/sessions'
import * as usersRepo from '../repositories/users'
import { defineRoute } from './route'
import { idempotentWrite } from './write'

export interface UsersRoutesOptions {
  db: Db
  /** Lifetime of a session (and of its token). */
  tokenTtlSeconds: number
  /** The server's secret: keys the e-mail hash of a failed sign-in in the audit trail. */
  jwtSecret: string
}

const THROTTLE_MESSAGES = {
  email: messages.loginThrottled,
  address: messages.loginThrottledAddress,
  global: messages.loginThrottledGlobal,
} as const

/** A 400 on one field, shaped like a schema's (`issues.<field>._errors`), so a form shows it by the field. */
function fieldError(field: string, message: string): BodyValidationError {
  return new BodyValidationError(new z.ZodError([{ code: 'custom', path: [field], message, input: undefined }]))
}

function throttledError(result: Extract<SignInResult, { kind: 'throttled' }>): HttpError {
  return new HttpError(429, THROTTLE_MESSAGES[result.scope], { 'retry-after': String(result.retryAfterSeconds) })
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
    if (result.kind === 'throttled') throw throttledError(result)
    // the same answer for an unknown e-mail and a wrong password
    if (result.kind === 'failed') throw new HttpError(401, messages.loginFailed)
    if (result.kind === 'inactive') throw new HttpError(403, messages.userInactive)
    const { id, nome, role } = result.user
    // a password today's rules refuse (set before them, or by ADMIN_PASSWORD): the PWA asks for a new one
    const senhaFraca = passwordProblem(body.password) !== null
    // issue 34: the password 'Redefinir senha' gave: the PWA asks for the user's own before anything else
    const senhaTemporaria = result.user.senhaTemporaria ? { senhaTemporaria: true } : {}
    return {
      token: signToken(app, { id, nome, role }, result.jti),
      user: { id, nome, role },
      senhaFraca,
      ...senhaTemporaria,
    }
  })

  defineRoute(app, api.logout, async (context) => {
    await db.transaction(async (tx) => {
      await sessions.revoke(tx, context.user.jti)
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'logout', entity: 'user', entityId: context.user.sub }),
      )
    })
    // 'Lembrar por 8 horas' ends with the session: the certificate's password leaves the server's memory
    certificatePasswords.forget(context.user.jti)
    return { ok: true as const }
  })

  defineRoute(app, api.registerUser, async (context) => {
    const { body } = context
    const medicoId = body.medicoId ?? null
    // the doctor of 'Minha agenda', when given, must exist
    if (medicoId !== null && !(await medicosRepo.findById(db, medicoId)))
      throw new HttpError(404, messages.doctorNotFound)
    return idempotentWrite(db, api.registerUser, context, async (tx) => {
      // After a replay (same Idempotency-Key), an e-mail already used answers 409 before the password is
      // judged; the unique index still decides a race (→ 409 emailTaken). Rare enough to hash in here.
      if (await usersRepo.findByEmail(tx, body.email)) throw new HttpError(409, messages.emailTaken)
      const problem = passwordProblem(body.password)
      if (problem) throw fieldError('password', problem)
      const passwordHash = await hashPassword(body.password)
      const user = await usersRepo.create(tx, { nome: body.nome, email: body.email, passwordHash, medicoId })
      const fields = ['nome', 'email', 'role', 'password', ...(medicoId === null ? [] : ['medicoId'])]
      await audit.record(tx, audit.auditEvent(context, { action: 'create', entity: 'user', entityId: user.id, fields }))
      return { user }
    })
  })

  defineRoute(app, api.changePassword, async (context) => {
    const { body, request } = context
    const user = await usersRepo.findById(db, context.user.sub)
    if (!user) throw new HttpError(401, messages.unauthenticated)
    // The current password is checked like a sign-in: the same throttle, and a wrong one counts as a
    // failed sign-in, so a stolen token cannot be used to guess the password.
    const verdict = await db.transaction(async (tx) => {
      await loginAttempts.lockKey(tx, request.ip)
      const blocked = await loginAttempts.throttled(tx, user.email, request.ip)
      if (blocked !== null) return { kind: 'throttled', ...blocked } as const
      if (!(await verifyPassword(user.passwordHash, body.senhaAtual))) {
        await loginAttempts.recordFailure(tx, user.email, request.ip)
        return { kind: 'failed' } as const
      }
      return { kind: 'ok' } as const
    })
    if (verdict.kind === 'throttled') throw throttledError(verdict)
    if (verdict.kind === 'failed') throw fieldError('senhaAtual', messages.currentPasswordWrong)
    if (body.novaSenha === body.senhaAtual) throw fieldError('novaSenha', messages.passwordSameAsCurrent)
    const problem = passwordProblem(body.novaSenha)
    if (problem) throw fieldError('novaSenha', problem)
    const passwordHash = await hashPassword(body.novaSenha)
    await db.transaction(async (tx) => {
      await usersRepo.setPasswordHash(tx, user.id, passwordHash, false)
      // other devices signed in with the old password are signed out; this one stays
      await sessions.revokeAllOf(tx, user.id, context.user.jti)
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'update', entity: 'user', entityId: user.id, fields: ['password'] }),
      )
    })
    return { ok: true as const }
  })

  /**
   * One change to another user's account, in one transaction with its audit row; the user's sessions end
   * in it too (the next call with their token is refused).
   */
  async function changeUser(
    context: { user: { sub: string }; request: Parameters<typeof audit.auditEvent>[0]['request'] },
    id: string,
    change: (
      tx: Parameters<Parameters<Db['transaction']>[0]>[0],
      row: usersRepo.UserRow,
    ) => Promise<audit.AuditEvent | null>,
  ): Promise<{ ok: true }> {
    await db.transaction(async (tx) => {
      const row = await usersRepo.lockById(tx, id)
      if (!row) throw new HttpError(404, messages.userNotFound)
      // compared on the database's spelling of the id (a uuid may arrive in capitals)
      if (row.id === context.user.sub) throw new HttpError(409, messages.ownAccountLocked)
      const event = await change(tx, row)
      if (event) await audit.record(tx, event)
    })
    return { ok: true as const }
  }

  defineRoute(app, api.deactivateUser, (context) =>
    changeUser(context, context.body.id, async (tx, row) => {
      await sessions.revokeAllOf(tx, row.id)
      if (!row.ativo) return null
      await usersRepo.setAtivo(tx, row.id, false)
      return audit.auditEvent(context, { action: 'delete', entity: 'user', entityId: row.id, fields: ['ativo'] })
    }),
  )

  defineRoute(app, api.reactivateUser, (context) =>
    changeUser(context, context.body.id, async (tx, row) => {
      if (row.ativo) return null
      await usersRepo.setAtivo(tx, row.id, true)
      return audit.auditEvent(context, { action: 'reactivate', entity: 'user', entityId: row.id, fields: ['ativo'] })
    }),
  )

  defineRoute(app, api.resetUserPassword, async (context) => {
    const senhaTemporaria = generateTemporaryPassword()
    const passwordHash = await hashPassword(senhaTemporaria)
    await changeUser(context, context.body.id, async (tx, row) => {
      await usersRepo.setPasswordHash(tx, row.id, passwordHash, true)
      await sessions.revokeAllOf(tx, row.id)
      // the audit names the field, never the password
      return audit.auditEvent(context, { action: 'update', entity: 'user', entityId: row.id, fields: ['password'] })
    })
    return { senhaTemporaria }
  })

  defineRoute(app, api.changeUserRole, (context) =>
    changeUser(context, context.body.id, async (tx, row) => {
      if (row.role === context.body.role) return null
      await usersRepo.setRole(tx, row.id, context.body.role)
      await sessions.revokeAllOf(tx, row.id)
      return audit.auditEvent(context, { action: 'update', entity: 'user', entityId: row.id, fields: ['role'] })
    }),
  )
}

// Encapsulated, as a plain route plugin; needs the auth hook (it uses `app.jwt` and the signed-in user).
export const usersRoutes = fp(routes, {
  name: 'clinica-users-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
