// GET /users/me (the signed-in user with their doctor link: a linked user opens on 'Minha agenda'),
// POST /users/listAll and PUT /users/vincularMedico (ADMIN links a user to a doctor, or unlinks them).
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { frontDeskCalls, messages } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as medicosRepo from '../repositories/medicos'
import * as links from '../repositories/user-doctor-links'
import { defineRoute } from './route'

const routes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  defineRoute(app, frontDeskCalls.meuUsuario, async ({ user }) => {
    const found = await links.findById(db, user.sub)
    // a valid session of a user that is gone: the same answer as any other invalid session
    if (!found) throw new HttpError(401, messages.unauthenticated)
    return { user: found }
  })

  defineRoute(app, frontDeskCalls.listUsuarios, async ({ body }) => ({ usuarios: await links.list(db, body.page) }))

  defineRoute(app, frontDeskCalls.vincularMedico, async (context) => {
    const { id, medicoId } = context.body
    if (medicoId !== null && !(await medicosRepo.findById(db, medicoId)))
      throw new HttpError(404, messages.doctorNotFound)
    const user = await db.transaction(async (tx) => {
      if (!(await links.setMedico(tx, id, medicoId))) return undefined
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'update', entity: 'user', entityId: id, fields: ['medicoId'] }),
      )
      return links.findById(tx, id)
    })
    if (!user) throw new HttpError(404, messages.userNotFound)
    return { user }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the signed-in user).
export const userDoctorLinkRoutes = fp(routes, {
  name: 'clinica-user-doctor-link-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
