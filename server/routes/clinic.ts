// Messages and printouts (contract/desk-paper.ts, docs/decisions.md "Messages and printouts"): the
// clinic's settings, 'Confirmações de amanhã' with the WhatsApp links opened, and the receipt's data.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { deskPaperCalls, messages } from '@contract'
import type { Db } from '../db/client'
import { reencodeLogo } from '../clinic/logo-image'
import { HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as clinicRepo from '../repositories/clinic'
import { defineRoute } from './route'

const SETTINGS_FIELDS = ['nome', 'endereco', 'telefone', 'cnpj', 'logo', 'modeloMensagem'] as const

export interface ClinicRoutesOptions {
  db: Db
  /** The clock that stamps 'aberto'; tests set it. */
  now: () => Date
}

const routes: FastifyPluginAsync<ClinicRoutesOptions> = async (app, { db, now }) => {
  defineRoute(app, deskPaperCalls.configuracoesClinica, async () => ({
    configuracoes: await clinicRepo.getSettings(db),
  }))

  // a change like any other: written with its audit row, which names the fields changed (never their values)
  defineRoute(app, deskPaperCalls.salvarConfiguracoesClinica, async (context) => {
    // a new logo is decoded and written anew before anything is saved; the one already kept is left as it is
    const kept = (await clinicRepo.getSettings(db)).logo
    const logo =
      context.body.logo === null || context.body.logo === kept
        ? context.body.logo
        : await reencodeLogo(context.body.logo)
    return {
      configuracoes: await db.transaction(async (tx) => {
        const before = await clinicRepo.getSettings(tx)
        const saved = await clinicRepo.saveSettings(tx, { ...context.body, logo }, context.user.sub)
        const fields = SETTINGS_FIELDS.filter((field) => before[field] !== saved[field])
        await audit.record(tx, audit.auditEvent(context, { action: 'update', entity: 'clinica', fields }))
        return saved
      }),
    }
  })

  defineRoute(app, deskPaperCalls.salvarHorariosClinica, async (context) => ({
    configuracoes: await db.transaction(async (tx) => {
      const saved = await clinicRepo.saveHours(tx, context.body.horarios, context.user.sub)
      await audit.record(tx, audit.auditEvent(context, { action: 'update', entity: 'clinica', fields: ['horarios'] }))
      return saved
    }),
  }))

  defineRoute(app, deskPaperCalls.listConfirmacoes, async ({ body }) => ({
    dia: body.dia,
    confirmacoes: await clinicRepo.confirmations(db, body.dia),
  }))

  defineRoute(app, deskPaperCalls.registrarWhatsappAberto, async ({ body, user }) => {
    const result = await clinicRepo.recordOpened(db, body.id, user.sub, now())
    if (result.kind === 'notFound') throw new HttpError(404, messages.appointmentNotFound)
    if (result.kind === 'noConsent') throw new HttpError(409, messages.whatsappNoConsent)
    return { aberto: result.aberto }
  })

  defineRoute(app, deskPaperCalls.comprovanteAgendamento, async ({ body }) => {
    const receipt = await clinicRepo.receipt(db, body.id)
    if (!receipt) throw new HttpError(404, messages.appointmentNotFound)
    return receipt
  })
}

export const clinicRoutes = fp(routes, {
  name: 'clinica-clinic-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
