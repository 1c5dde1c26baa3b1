// POST /users/session (sign-in) and POST /users/register (admin creates a staff user).
import type { FastifyPluginAsync } from 'fastify'
import { api, messages } from '../../src/contract'
import { signIn } from '../auth/login'
import { hashPassword } from '../auth/password'
import type { Db } from '../db/client'
import { signToken } from '../plugins/auth'
import { HttpError } from '../plugins/errors'
import * as usersRepo from '../repositories/users'
import { defineRoute } from './route'

export const usersRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  defineRoute(app, api.login, async ({ body, request }) => {
    const result = await signIn(db, { email: body.email, password: body.password, ip: request.ip })
    if (result.kind === 'throttled')
      throw new HttpError(429, messages.loginThrottled, { 'retry-after': String(result.retryAfterSeconds) })
    // the same answer for an unknown e-mail and a wrong password
    if (result.kind === 'failed') throw new HttpError(401, messages.loginFailed)
    const { id, nome, role } = result.user
    return { token: signToken(app, { id, nome, role }), user: { id, nome, role } }
  })

  defineRoute(app, api.registerUser, async ({ body }) => {
    // an e-mail already used, in any case, fails on the unique index (→ 409 emailTaken)
    const user = await usersRepo.create(db, { nome: body.nome, email: body.email, passwordHash: await hashPassword(body.password) })
    return { user }
  })
}
