// GET /medico/listAll, POST /medico/findbyid, POST /medico/register (admin); issue 14's GET /medico/detalhes
// and POST /medico/update (admin): tratamento, CRM and specialty (docs/product.md §19); GET
// /medico/tratamentos (signed in): each doctor's 'Dr.' or 'Dra.' for the screens that write names.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { api, messages } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as medicosRepo from '../repositories/medicos'
import { defineRoute } from './route'
import { idempotentWrite } from './write'

const routes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  defineRoute(app, api.listMedicos, async () => ({ medicos: await medicosRepo.listAll(db) }))

  defineRoute(app, api.findMedico, async ({ body }) => {
    const medico = await medicosRepo.findById(db, body.id)
    if (!medico) throw new HttpError(404, messages.doctorNotFound)
    return { medico }
  })

  defineRoute(app, api.registerMedico, async (context) =>
    idempotentWrite(db, api.registerMedico, context, async (tx) => {
      const medico = await medicosRepo.create(tx, context.body.nome)
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'create', entity: 'medico', entityId: medico.id, fields: ['nome'] }),
      )
      return { medico }
    }),
  )

  defineRoute(app, api.listMedicosTratamentos, async () => ({
    tratamentos: await medicosRepo.listTratamentos(db),
  }))

  defineRoute(app, api.listMedicosDetalhes, async () => ({ medicos: await medicosRepo.listDetalhes(db) }))

  defineRoute(app, api.updateMedico, async ({ body }) => {
    const medico = await medicosRepo.updateDetalhes(db, body)
    if (!medico) throw new HttpError(404, messages.doctorNotFound)
    return { medico }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it records the signed-in user).
export const medicosRoutes = fp(routes, {
  name: 'clinica-medicos-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
