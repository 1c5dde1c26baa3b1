// TISS data entry (contract/tiss.ts; issue 37 points 1–3): a convênio's TISS settings, the patients' cards,
// the requesting doctors and each convênio appointment's guia with the booking's warnings.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { messages, tissAvisos, tissCalls } from '@contract'
import type { Db } from '../db/client'
import { findPgError, HttpError } from '../plugins/errors'
import { refuseUnlessOwnAgenda } from '../booking/appointment-owner'
import * as audit from '../repositories/audit'
import * as catalogueRepo from '../repositories/catalogue'
import * as carteirinhasRepo from '../repositories/tiss-carteirinhas'
import * as conveniosRepo from '../repositories/tiss-convenios'
import * as guiasRepo from '../repositories/tiss-guias'
import * as solicitantesRepo from '../repositories/tiss-solicitantes'
import { defineRoute } from './route'

/** A foreign key that names a row gone meanwhile → 404 with its message; a duplicate → 409. */
async function guarded<T>(run: () => Promise<T>, missing: Record<string, string>, taken?: string): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const pg = findPgError(error)
    if (pg?.code === '23503') {
      const match = Object.entries(missing).find(([constraint]) => pg.constraint?.includes(constraint))
      if (match) throw new HttpError(404, match[1])
    }
    if (pg?.code === '23505' && taken) throw new HttpError(409, taken)
    throw error
  }
}

const routes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  defineRoute(app, tissCalls.tissConvenios, async () => ({ convenios: await conveniosRepo.list(db) }))

  defineRoute(app, tissCalls.definirConvenioTiss, async ({ body }) => {
    if (!(await catalogueRepo.findConvenio(db, body.convenioId))) throw new HttpError(404, messages.convenioNotFound)
    await guarded(() => db.transaction((tx) => conveniosRepo.save(tx, body)), {
      _exame_id: messages.exameNotFound,
      _convenio_id: messages.convenioNotFound,
    })
    return { convenio: (await conveniosRepo.find(db, body.convenioId))! }
  })

  defineRoute(app, tissCalls.carteirinhasPaciente, async ({ body }) => ({
    carteirinhas: await carteirinhasRepo.ofPaciente(db, body.pacienteId),
  }))

  defineRoute(app, tissCalls.definirCarteirinha, async (context) => {
    const { body } = context
    const carteirinha = await guarded(
      () =>
        db.transaction(async (tx) => {
          const saved = await carteirinhasRepo.save(tx, body)
          await audit.record(
            tx,
            audit.auditEvent(context, {
              action: 'update',
              entity: 'paciente',
              entityId: body.pacienteId,
              fields: ['carteirinha'],
            }),
          )
          return saved
        }),
      { _paciente_id: messages.patientNotFound, _convenio_id: messages.convenioNotFound },
    )
    return { carteirinha }
  })

  defineRoute(app, tissCalls.removerCarteirinha, async (context) => {
    const removed = await db.transaction(async (tx) => {
      const row = await carteirinhasRepo.remove(tx, context.body.id)
      if (row)
        await audit.record(
          tx,
          audit.auditEvent(context, {
            action: 'update',
            entity: 'paciente',
            entityId: row.pacienteId,
            fields: ['carteirinha'],
          }),
        )
      return row
    })
    if (!removed) throw new HttpError(404, messages.tissCarteirinhaNotFound)
    return { ok: true as const }
  })

  defineRoute(app, tissCalls.solicitantes, async () => ({ solicitantes: await solicitantesRepo.list(db) }))

  defineRoute(app, tissCalls.registerSolicitante, async ({ body }) => ({
    solicitante: await guarded(() => solicitantesRepo.create(db, body), {}, messages.tissSolicitanteTaken),
  }))

  defineRoute(app, tissCalls.updateSolicitante, async ({ body }) => {
    const { id, ...data } = body
    const solicitante = await guarded(() => solicitantesRepo.update(db, id, data), {}, messages.tissSolicitanteTaken)
    if (!solicitante) throw new HttpError(404, messages.tissSolicitanteNotFound)
    return { solicitante }
  })

  async function answer(agendamentoId: string) {
    const found = await guiasRepo.booking(db, agendamentoId)
    if (!found) throw new HttpError(404, messages.appointmentNotFound)
    const guia = await guiasRepo.find(db, agendamentoId)
    const validades = await guiasRepo.validades(db, found, guia)
    return { guia, avisos: tissAvisos(found.datahora, validades.carteirinha, validades.senha) }
  }

  defineRoute(app, tissCalls.guiaTiss, async ({ body }) => answer(body.agendamentoId))

  defineRoute(app, tissCalls.definirGuiaTiss, async (context) => {
    const { body, user } = context
    await guarded(
      () =>
        db.transaction(async (tx) => {
          const found = await guiasRepo.booking(tx, body.agendamentoId)
          if (!found) throw new HttpError(404, messages.appointmentNotFound)
          if (!guiasRepo.isConvenio(found.convenioId)) throw new HttpError(409, messages.tissNotConvenio)
          await refuseUnlessOwnAgenda(tx, user, [found.medicoId])
          if (body.solicitanteId && !(await solicitantesRepo.find(tx, body.solicitanteId)))
            throw new HttpError(404, messages.tissSolicitanteNotFound)
          await guiasRepo.save(tx, found.convenioId, body)
          await audit.record(
            tx,
            audit.auditEvent(context, {
              action: 'update',
              entity: 'agendamento',
              entityId: body.agendamentoId,
              fields: ['guiaTiss'],
            }),
          )
        }),
      { _solicitante_id: messages.tissSolicitanteNotFound },
    )
    const { guia, avisos } = await answer(body.agendamentoId)
    return { guia: guia!, avisos }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the signed-in user).
export const tissDadosRoutes = fp(routes, {
  name: 'clinica-tiss-dados-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
