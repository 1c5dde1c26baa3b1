// The laudo's templates and stock phrases (issue 36 point 2, contract/laudo-templates.ts). Every signed-in
// user reads them; ADMIN and users linked to a doctor write them (docs/decisions.md, "Laudo templates and
// stock phrases").
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { laudoTemplateCalls, messages, templateMessages, type Modalidade } from '@contract'
import type { Db } from '../db/client'
import { findPgError, HttpError } from '../plugins/errors'
import * as templates from '../repositories/laudo-templates'
import * as links from '../repositories/user-doctor-links'
import type { TokenPayload } from '../plugins/context'
import { defineRoute } from './route'

interface Options {
  db: Db
  now: () => Date
}

const routes: FastifyPluginAsync<Options> = async (app, { db, now }) => {
  async function refuseUnlessWriter(user: TokenPayload): Promise<void> {
    if (user.role === 'ADMIN') return
    if (!(await links.findById(db, user.sub))?.medico) throw new HttpError(403, templateMessages.forbidden)
  }

  /** A code taken in the modality → 409 naming it. */
  async function guarded<T>(run: () => Promise<T>, modalidade: Modalidade, codigo: string): Promise<T> {
    try {
      return await run()
    } catch (error) {
      const pg = findPgError(error)
      if (pg?.code === '23505') throw new HttpError(409, templateMessages.codigoTaken(modalidade, codigo))
      throw error
    }
  }

  defineRoute(app, laudoTemplateCalls.modeloLaudo, async ({ body }) => {
    const modelo = await templates.findModelo(db, body.exameId)
    if (!modelo) throw new HttpError(404, messages.exameNotFound)
    return { modelo }
  })

  defineRoute(app, laudoTemplateCalls.salvarModeloLaudo, async (context) => {
    await refuseUnlessWriter(context.user)
    const { exameId, ...sections } = context.body
    if (!(await templates.findModelo(db, exameId))) throw new HttpError(404, messages.exameNotFound)
    try {
      return { modelo: await templates.saveModelo(db, exameId, sections, now()) }
    } catch (error) {
      // the exam removed between the check and the save
      if (findPgError(error)?.code === '23503') throw new HttpError(404, messages.exameNotFound)
      throw error
    }
  })

  defineRoute(app, laudoTemplateCalls.frasesProntas, async () => ({ frases: await templates.listFrases(db) }))

  defineRoute(app, laudoTemplateCalls.registerFrase, async (context) => {
    await refuseUnlessWriter(context.user)
    const { body } = context
    return { frase: await guarded(() => templates.createFrase(db, body), body.modalidade, body.codigo) }
  })

  defineRoute(app, laudoTemplateCalls.updateFrase, async (context) => {
    await refuseUnlessWriter(context.user)
    const { id, ...data } = context.body
    const frase = await guarded(() => templates.updateFrase(db, id, data), data.modalidade, data.codigo)
    if (!frase) throw new HttpError(404, templateMessages.fraseNotFound)
    return { frase }
  })

  defineRoute(app, laudoTemplateCalls.deleteFrase, async (context) => {
    await refuseUnlessWriter(context.user)
    if (!(await templates.deleteFrase(db, context.body.id))) throw new HttpError(404, templateMessages.fraseNotFound)
    return { ok: true as const }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the signed-in user).
export const laudoTemplateRoutes = fp(routes, {
  name: 'clinica-laudo-template-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
