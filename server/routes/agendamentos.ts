// Every /agendamento call.
import type { FastifyPluginAsync } from 'fastify'
import { api, messages } from '../../src/contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as agendamentosRepo from '../repositories/agendamentos'
import { defineRoute } from './route'

const notFound = () => new HttpError(404, messages.appointmentNotFound)

export const agendamentosRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // Without `page`: every appointment in the range (the home page's whole day); with it, one page.
  defineRoute(app, api.listAgendamentosBetweenDate, async ({ body }) => ({
    agendamentos: await agendamentosRepo.list(db, { from: body.datainicior, to: body.datafimr }, body.page),
  }))

  defineRoute(app, api.listAgendamentos, async ({ body }) => ({
    agendamentos: await agendamentosRepo.list(
      db,
      { pacienteNome: body.pacienteNome, medicoId: body.medicoId, from: body.datainicior, to: body.datafimr },
      body.page,
    ),
  }))

  defineRoute(app, api.listAgendamentosByPaciente, async ({ body }) => ({
    agendamentos: await agendamentosRepo.list(db, { pacienteId: body.pacienteId }, body.page),
  }))

  defineRoute(app, api.listAgendamentosByMedico, async ({ body }) => ({
    agendamentos: await agendamentosRepo.list(db, { medicoId: body.medicoId }, body.page),
  }))

  defineRoute(app, api.findAgendamento, async ({ body }) => {
    const agendamento = await agendamentosRepo.findById(db, body.id)
    if (!agendamento) throw notFound()
    return { agendamento }
  })

  defineRoute(app, api.registerAgendamento, async ({ body, user }) => {
    // As for patients: body.userId is validated, the signed-in user is recorded as the creator.
    const { userId: _sentUserId, ...data } = body
    const result = await agendamentosRepo.create(db, data, user.sub)
    if (result.kind === 'patientNotFound') throw new HttpError(404, messages.patientNotFound)
    return { agendamento: result.agendamento }
  })

  defineRoute(app, api.updateAgendamento, async ({ body }) => {
    const { id, versao, userId: _sentUserId, ...data } = body
    const result = await agendamentosRepo.update(db, id, data, versao)
    switch (result.kind) {
      case 'notFound':
        throw notFound()
      case 'stale':
        throw new HttpError(409, messages.staleWrite)
      case 'pastDate':
        throw new HttpError(400, messages.dateBeforeToday)
      case 'patientNotFound':
        throw new HttpError(404, messages.patientNotFound)
    }
    return { agendamento: result.agendamento }
  })

  defineRoute(app, api.deleteAgendamento, async ({ body }) => {
    if (!(await agendamentosRepo.remove(db, body.id))) throw notFound()
    return { ok: true as const }
  })
}
