// The waiting room (issue 38, contract/waiting-room.ts): 'Chamar' a waiting patient to a room, and the
// calls of a clinic day. The call and its check of the appointment's status are one transaction.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { messages, waitingRoomCalls, writesEveryAgenda } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as chamadasRepo from '../repositories/chamadas'
import { notifyPaineis } from '../painel/hub'
import * as statusRepo from '../repositories/status'
import { defineRoute } from './route'

export interface ChamadasRoutesOptions {
  db: Db
}

const routes: FastifyPluginAsync<ChamadasRoutesOptions> = async (app, { db }) => {
  defineRoute(app, waitingRoomCalls.chamarPaciente, async ({ body, user, session }) => {
    const medicoId = await statusRepo.medicoOf(db, user.sub)
    const chamada = await db.transaction(async (tx) => {
      const found = await chamadasRepo.appointmentForCall(tx, body.id)
      if (!found) throw new HttpError(404, messages.appointmentNotFound)
      // a user linked to a doctor calls their own patients only; the desk and ADMIN call anyone's
      if (!writesEveryAgenda({ role: user.role, medicoId }) && found.medicoId !== medicoId)
        throw new HttpError(403, messages.callNotYours)
      if (found.status !== 'aguardando') throw new HttpError(409, messages.callNotWaiting)
      const sala = body.sala ?? found.sala
      if (!sala) throw new HttpError(400, messages.callRoomRequired)
      await session.ensure(tx)
      const inserted = await chamadasRepo.insert(tx, { agendamentoId: body.id, sala, userId: user.sub })
      // the panels of every API process hear of it once it is committed (painel/hub.ts)
      await notifyPaineis(tx, { tipo: 'chamadas' })
      return inserted
    })
    return { chamada }
  })

  defineRoute(app, waitingRoomCalls.chamadasDia, async ({ body }) => ({
    chamadas: await chamadasRepo.ofDay(db, body.dia),
  }))
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the signed-in user).
export const chamadasRoutes = fp(routes, {
  name: 'clinica-chamadas-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
