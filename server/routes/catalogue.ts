// The catalogue's calls (contract/catalogue.ts): exams, convênios and prices kept by ADMIN, the price
// lookup, an appointment's catalogue details and 'Registrar pagamento'.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { catalogueCalls, messages, PARTICULAR_NOME, paymentAboveRemainingMessage, sumPrices } from '@contract'
import type { Db } from '../db/client'
import { findPgError, HttpError } from '../plugins/errors'
import * as agendamentoCatalogo from '../repositories/agendamento-catalogo'
import * as agendamentosRepo from '../repositories/agendamentos'
import * as catalogueRepo from '../repositories/catalogue'
import { refuseUnlessOwnAgenda } from '../booking/appointment-owner'
import { defineRoute } from './route'

/** A duplicate name (the unique index over the unaccented, lowercased name) → 409; an in-use row → 409. */
async function guarded<T>(run: () => Promise<T>, nameTaken: string, inUse?: string): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const pg = findPgError(error)
    if (pg?.code === '23505') throw new HttpError(409, nameTaken)
    if (pg?.code === '23503' && inUse) throw new HttpError(409, inUse)
    throw error
  }
}

const routes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  defineRoute(app, catalogueCalls.catalogo, async () => catalogueRepo.catalogo(db))

  defineRoute(app, catalogueCalls.registerExame, async ({ body }) => ({
    exame: await guarded(() => catalogueRepo.createExame(db, body), messages.exameNameTaken),
  }))

  defineRoute(app, catalogueCalls.updateExame, async ({ body }) => {
    const { id, ...data } = body
    const exame = await guarded(() => catalogueRepo.updateExame(db, id, data), messages.exameNameTaken)
    if (!exame) throw new HttpError(404, messages.exameNotFound)
    return { exame }
  })

  defineRoute(app, catalogueCalls.deleteExame, async ({ body }) => {
    const removed = await guarded(
      () => catalogueRepo.deleteExame(db, body.id),
      messages.exameNameTaken,
      messages.exameInUse,
    )
    if (!removed) throw new HttpError(404, messages.exameNotFound)
    return { ok: true as const }
  })

  defineRoute(app, catalogueCalls.registerConvenio, async ({ body }) => ({
    convenio: await guarded(() => catalogueRepo.createConvenio(db, body), messages.convenioNameTaken),
  }))

  defineRoute(app, catalogueCalls.updateConvenio, async ({ body }) => {
    const { id, ...data } = body
    if (catalogueRepo.isParticular(id) && (!data.ativo || data.nome !== PARTICULAR_NOME))
      throw new HttpError(409, messages.particularFixed)
    const convenio = await guarded(() => catalogueRepo.updateConvenio(db, id, data), messages.convenioNameTaken)
    if (!convenio) throw new HttpError(404, messages.convenioNotFound)
    return { convenio }
  })

  defineRoute(app, catalogueCalls.deleteConvenio, async ({ body }) => {
    if (catalogueRepo.isParticular(body.id)) throw new HttpError(409, messages.particularFixed)
    const removed = await guarded(
      () => catalogueRepo.deleteConvenio(db, body.id),
      messages.convenioNameTaken,
      messages.convenioInUse,
    )
    if (!removed) throw new HttpError(404, messages.convenioNotFound)
    return { ok: true as const }
  })

  defineRoute(app, catalogueCalls.definirPreco, async ({ body }) => {
    const [exames, convenio] = await Promise.all([
      catalogueRepo.findExames(db, [body.exameId]),
      catalogueRepo.findConvenio(db, body.convenioId),
    ])
    if (exames.length === 0) throw new HttpError(404, messages.exameNotFound)
    if (!convenio) throw new HttpError(404, messages.convenioNotFound)
    // an exam or convênio deleted meanwhile fails on the foreign key: 404 as well
    try {
      return { preco: await catalogueRepo.definirPreco(db, body.exameId, body.convenioId, body.valorIncents) }
    } catch (error) {
      if (findPgError(error)?.code === '23503') throw new HttpError(404, messages.exameNotFound)
      throw error
    }
  })

  defineRoute(app, catalogueCalls.consultarPrecos, async ({ body }) => {
    const ids = [...new Set(body.exameIds)]
    const [exames, convenio] = await Promise.all([
      catalogueRepo.findExames(db, ids),
      catalogueRepo.findConvenio(db, body.convenioId),
    ])
    if (exames.length !== ids.length) throw new HttpError(404, messages.exameNotFound)
    if (!convenio) throw new HttpError(404, messages.convenioNotFound)
    const prices = await catalogueRepo.pricesOf(db, body.convenioId, ids)
    const precos = body.exameIds.map((exameId) => ({ exameId, valorIncents: prices.get(exameId) ?? null }))
    return { precos, totalIncents: sumPrices(precos.map((p) => p.valorIncents)) }
  })

  defineRoute(app, catalogueCalls.detalhesAgendamento, async ({ body }) => {
    if (!(await agendamentosRepo.findById(db, body.id))) throw new HttpError(404, messages.appointmentNotFound)
    return { detalhes: await agendamentoCatalogo.detalhes(db, body.id) }
  })

  defineRoute(app, catalogueCalls.registrarPagamento, async ({ body, user }) => {
    const result = await db.transaction(async (tx) => {
      const outcome = await agendamentoCatalogo.registrarPagamento(tx, body, user.sub, (medicoId) =>
        refuseUnlessOwnAgenda(tx, user, [medicoId]),
      )
      if (outcome.kind !== 'ok') return outcome
      return { ...outcome, agendamento: (await agendamentosRepo.findById(tx, body.agendamentoId))! }
    })
    switch (result.kind) {
      case 'notFound':
        throw new HttpError(404, messages.appointmentNotFound)
      case 'aboveRemaining':
        throw new HttpError(409, paymentAboveRemainingMessage(result.remainingIncents))
      case 'beforeBooking':
        throw new HttpError(409, messages.paymentDateBeforeBooking)
    }
    return { pagamento: result.pagamento, agendamento: result.agendamento }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (roles, the signed-in user).
export const catalogueRoutes = fp(routes, {
  name: 'clinica-catalogue-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
