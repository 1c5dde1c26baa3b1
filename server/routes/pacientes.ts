// Every /paciente call and PUT /pacientes/ativar (admin).
import type { FastifyPluginAsync } from 'fastify'
import { api, messages } from '../../src/contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as pacientesRepo from '../repositories/pacientes'
import { defineRoute } from './route'

const notFound = () => new HttpError(404, messages.patientNotFound)

export const pacientesRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  defineRoute(app, api.listPacientes, async ({ body }) => ({ pacientes: await pacientesRepo.listActive(db, body.page) }))

  defineRoute(app, api.findPacientesByNome, async ({ body }) => ({
    pacientes: await pacientesRepo.searchByNome(db, body.nomer, body.page),
  }))

  defineRoute(app, api.findPacienteByCpf, async ({ body }) => {
    const paciente = await pacientesRepo.findActiveByCpf(db, body.cpf)
    if (!paciente) throw notFound()
    return { paciente }
  })

  defineRoute(app, api.findPacienteByRg, async ({ body }) => {
    const paciente = await pacientesRepo.findActiveByRg(db, body.rg)
    if (!paciente) throw notFound()
    return { paciente }
  })

  defineRoute(app, api.findPaciente, async ({ body }) => {
    const paciente = await pacientesRepo.findById(db, body.id)
    if (!paciente) throw notFound()
    return { paciente }
  })

  defineRoute(app, api.listPacientesInativos, async ({ body }) => ({
    pacientes: await pacientesRepo.listInactive(db, body.page),
  }))

  defineRoute(app, api.registerPaciente, async ({ body, user }) => {
    // The body's userId is validated by the contract (the PWA sends it, SPEC §7), but the creator
    // recorded is the signed-in user from the token: a client cannot attribute a patient to someone else.
    const { userId: _sentUserId, ...data } = body
    const paciente = await pacientesRepo.create(db, data, user.sub)
    return { paciente }
  })

  defineRoute(app, api.updatePaciente, async ({ body }) => {
    const { id, versao, ...data } = body
    const result = await pacientesRepo.update(db, id, data, versao)
    if (result.kind === 'notFound') throw notFound()
    if (result.kind === 'stale') throw new HttpError(409, messages.staleWrite)
    return { paciente: result.paciente }
  })

  defineRoute(app, api.deletePaciente, async ({ body }) => {
    const result = await pacientesRepo.deactivate(db, body.id)
    if (result === 'notFound') throw notFound()
    if (result === 'hasAppointments') throw new HttpError(409, messages.patientHasAppointments)
    return { ok: true as const }
  })

  defineRoute(app, api.ativarPaciente, async ({ body }) => {
    if (!(await pacientesRepo.activate(db, body.id))) throw notFound()
    return { ok: true as const }
  })
}
