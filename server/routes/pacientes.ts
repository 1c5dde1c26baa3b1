// Every /paciente call and PUT /pacientes/ativar (admin).
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { api, messages, PACIENTE_AUDITED_FIELDS } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as agendamentosRepo from '../repositories/agendamentos'
import * as audit from '../repositories/audit'
import * as pacientesRepo from '../repositories/pacientes'
import { answerWithJsonLists } from '../http/serializer'
import { defineRoute, defineRouteWithSessionInStatement } from './route'
import { idempotentWrite } from './write'

const notFound = () => new HttpError(404, messages.patientNotFound)

// The pages' patients come from PostgreSQL as each row's written JSON, joined (repositories/pacientes.ts,
// pageInSession): the two lists and the name search answer { pacientes }, one schema for all three.
const writePage = answerWithJsonLists(api.listPacientes.response, ['pacientes'])

const routes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // The lists and the name search read the session's role with their page (plugins/session-check.ts).
  defineRouteWithSessionInStatement(app, api.listPacientes, async ({ body, session }) =>
    writePage({}, { pacientes: await pacientesRepo.listActive(db, body.page, session) }),
  )

  defineRouteWithSessionInStatement(app, api.findPacientesByNome, async ({ body, session }) =>
    writePage({}, { pacientes: await pacientesRepo.searchByNome(db, body.nomer, body.page, session) }),
  )

  defineRoute(app, api.findPacienteByCpf, async ({ body }) => {
    const paciente = await pacientesRepo.findActiveByCpf(db, body.cpf)
    if (!paciente) throw notFound()
    return { paciente }
  })

  // Issue 14: the wizard's early duplicate check. Who an inactive patient is, only an ADMIN learns.
  defineRoute(app, api.verificarCpf, async ({ body, user }) => {
    const found = await pacientesRepo.findAnyByCpf(db, body.cpf)
    if (!found) return { situacao: 'livre' as const, paciente: null }
    const paciente = { id: found.id, nome: found.nome }
    if (found.ativo) return { situacao: 'ativo' as const, paciente }
    return { situacao: 'inativo' as const, paciente: user.role === 'ADMIN' ? paciente : null }
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

  defineRouteWithSessionInStatement(app, api.listPacientesInativos, async ({ body, session }) =>
    writePage({}, { pacientes: await pacientesRepo.listInactive(db, body.page, session) }),
  )

  defineRoute(app, api.registerPaciente, async (context) => {
    // The body's userId is validated by the contract (the PWA sends it, docs/product.md §7), but the creator
    // recorded is the signed-in user from the token: a client cannot attribute a patient to someone else.
    const { userId: _sentUserId, ...data } = context.body
    return idempotentWrite(db, api.registerPaciente, context, async (tx) => {
      const paciente = await pacientesRepo.create(tx, data, context.user.sub)
      await audit.record(
        tx,
        audit.auditEvent(context, {
          action: 'create',
          entity: 'paciente',
          entityId: paciente.id,
          fields: PACIENTE_AUDITED_FIELDS,
        }),
      )
      return { paciente }
    })
  })

  defineRoute(app, api.updatePaciente, async (context) => {
    const { id, versao, ...data } = context.body
    const result = await db.transaction(async (tx) => {
      const updated = await pacientesRepo.update(tx, id, data, versao)
      if (updated.kind === 'ok')
        await audit.record(
          tx,
          audit.auditEvent(context, { action: 'update', entity: 'paciente', entityId: id, fields: updated.changed }),
        )
      return updated
    })
    if (result.kind === 'notFound') throw notFound()
    if (result.kind === 'stale') throw new HttpError(409, messages.staleWrite)
    return { paciente: result.paciente }
  })

  defineRoute(app, api.deletePaciente, async (context) => {
    const { id } = context.body
    const result = await db.transaction(async (tx) => {
      const outcome = await pacientesRepo.deactivate(tx, id)
      if (outcome === 'ok')
        await audit.record(
          tx,
          audit.auditEvent(context, { action: 'delete', entity: 'paciente', entityId: id, fields: ['ativo'] }),
        )
      return outcome
    })
    if (result === 'notFound') throw notFound()
    if (result === 'hasAppointments') throw new HttpError(409, messages.patientHasAppointments)
    return { ok: true as const }
  })

  defineRoute(app, api.ativarPaciente, async (context) => {
    const { id } = context.body
    const result = await db.transaction(async (tx) => {
      const outcome = await pacientesRepo.activate(tx, id)
      if (outcome !== 'notFound') {
        const fields = outcome === 'activated' ? ['ativo'] : []
        await audit.record(
          tx,
          audit.auditEvent(context, { action: 'reactivate', entity: 'paciente', entityId: id, fields }),
        )
      }
      return outcome
    })
    if (result === 'notFound') throw notFound()
    return { ok: true as const }
  })

  defineRoute(app, api.historicoPaciente, async ({ body }) => {
    const historico = await audit.historico(db, 'paciente', body.id)
    if (historico.length === 0 && !(await pacientesRepo.findById(db, body.id))) throw notFound()
    return { historico }
  })

  // LGPD (art. 18): everything kept about one patient, in one consistent snapshot; the export is recorded
  // in the same transaction, and appears in the historico it answers.
  defineRoute(app, api.exportarPaciente, async (context) => {
    const { id } = context.body
    return db.transaction(
      async (tx) => {
        const paciente = await pacientesRepo.findById(tx, id)
        if (!paciente) throw notFound()
        await audit.record(tx, audit.auditEvent(context, { action: 'export', entity: 'paciente', entityId: id }))
        const agendamentos = await agendamentosRepo.list(tx, { pacienteId: id })
        const historico = await audit.historico(tx, 'paciente', id)
        return { paciente, agendamentos, historico }
      },
      { isolationLevel: 'repeatable read' },
    )
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it records the signed-in user).
export const pacientesRoutes = fp(routes, {
  name: 'clinica-pacientes-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
