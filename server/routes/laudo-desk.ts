// The laudo at the front desk (issue 36 point 7, contract/laudo-desk.ts): the 'protocolo de retirada' printed
// with the receipt once the patient arrived, and the list of delivered laudos. Any signed-in user.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { clinicToday, laudoDeskCalls, laudoDueDate, messages, PRAZO_LAUDO_DEFAULT } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as clinicRepo from '../repositories/clinic'
import * as repo from '../repositories/laudo-desk'
import { defineRoute } from './route'

interface Options {
  db: Db
  now: () => Date
}

/** Statuses after the arrival: the protocolo is given then (the receipt printed at the desk). */
const ARRIVED = new Set(['aguardando', 'em_atendimento', 'realizado'])

const routes: FastifyPluginAsync<Options> = async (app, { db, now }) => {
  defineRoute(app, laudoDeskCalls.protocoloRetirada, async ({ body }) => {
    const source = await repo.protocoloSource(db, body.agendamentoId)
    if (!source) throw new HttpError(404, messages.appointmentNotFound)
    if (!source.protocolo && !ARRIVED.has(source.status)) throw new HttpError(409, messages.laudoProtocoloNotArrived)
    const at = now()
    const kept =
      source.protocolo ?? (await repo.ensureProtocolo(db, body.agendamentoId, clinicToday(at).slice(0, 4), at))
    const hours = await clinicRepo.getHours(db)
    const previsao = (source.prazos.length > 0 ? source.prazos : [PRAZO_LAUDO_DEFAULT])
      .map((prazo) => laudoDueDate(source.dataExame, prazo, hours))
      .reduce((latest, date) => (date > latest ? date : latest))
    return {
      protocolo: { agendamentoId: body.agendamentoId, numero: kept.numero, previsao, emitidoEm: kept.emitidoEm },
    }
  })

  defineRoute(app, laudoDeskCalls.laudosEntregues, async ({ body }) => ({
    entregas: await repo.deliveries(db, body.de, body.ate),
  }))
}

// Encapsulated, as a plain route plugin; needs the auth hook (access 'user').
export const laudoDeskRoutes = fp(routes, {
  name: 'clinica-laudo-desk-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
