// The laudo (issue 36, contract/laudos.ts, docs/decisions.md "The laudo"): the clinic's settings of the laudo.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { laudoCalls } from '@contract'
import type { Db } from '../db/client'
import * as audit from '../repositories/audit'
import * as settingsRepo from '../repositories/laudo-settings'
import { defineRoute } from './route'

const SETTINGS_FIELDS = ['rtNome', 'rtCrm', 'rtCrmUf', 'cnes', 'pacsUrl', 'assinaturaManual'] as const

export interface LaudoRoutesOptions {
  db: Db
}

const routes: FastifyPluginAsync<LaudoRoutesOptions> = async (app, { db }) => {
  defineRoute(app, laudoCalls.configuracoesLaudo, async () => ({
    configuracoes: await settingsRepo.getLaudoSettings(db),
  }))

  // written with its audit row, which names the fields changed (never their values)
  defineRoute(app, laudoCalls.salvarConfiguracoesLaudo, async (context) => ({
    configuracoes: await db.transaction(async (tx) => {
      const before = await settingsRepo.getLaudoSettings(tx)
      const saved = await settingsRepo.saveLaudoSettings(tx, context.body, context.user.sub)
      const fields = SETTINGS_FIELDS.filter((field) => before[field] !== saved[field])
      await audit.record(tx, audit.auditEvent(context, { action: 'update', entity: 'clinica', fields }))
      return saved
    }),
  }))
}

export const laudoRoutes = fp(routes, {
  name: 'clinica-laudo-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
