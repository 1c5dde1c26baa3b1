// The laudo's worklist and editor (issue 36 points 3 and 4, contract/laudos.ts laudoWorkCalls): a user linked
// to a doctor or ADMIN lists, opens and saves; the front desk reads the day's states. The audit trail gets
// 'view' on every open and 'update' with the names of the sections saved — never their text.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { clinicToday, laudoWorkCalls, messages, parseLaudoWorklistCursor, type Laudo, type LaudoTexto } from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as clinicRepo from '../repositories/clinic'
import * as drafts from '../repositories/laudo-drafts'
import * as worklist from '../repositories/laudo-worklist'
import * as links from '../repositories/user-doctor-links'
import type { TokenPayload } from '../plugins/context'
import { defineRoute } from './route'

interface Options {
  db: Db
  now: () => Date
}

const SECTIONS = ['tecnica', 'relatorio', 'impressao', 'birads'] as const
/** Statuses whose exams may have their laudo written. */
const READY = new Set(['em_atendimento', 'realizado'])

const routes: FastifyPluginAsync<Options> = async (app, { db, now }) => {
  /** The signed-in user's doctor (null for ADMIN without one); 403 for anyone else. */
  async function laudoUser(user: TokenPayload): Promise<string | null> {
    const medicoId = (await links.findById(db, user.sub))?.medico?.id ?? null
    if (medicoId === null && user.role !== 'ADMIN') throw new HttpError(403, messages.laudoNotDoctor)
    return medicoId
  }

  async function read(id: string): Promise<Laudo | undefined> {
    return drafts.find(db, id, await clinicRepo.getHours(db), clinicToday(now()))
  }

  defineRoute(app, laudoWorkCalls.laudosPendentes, async ({ body, user }) => {
    const medicoId = await laudoUser(user)
    // 'Meus' of an ADMIN without a doctor: nobody's appointments are theirs
    if (body.meus && medicoId === null) return { laudos: [], proximo: null }
    // the schema refused any other string
    const after = body.depois ? parseLaudoWorklistCursor(body.depois) : null
    return worklist.worklistPage(
      db,
      { medicoId: body.meus ? medicoId : null, modalidade: body.modalidade, equipamentoId: body.equipamentoId },
      after,
      await clinicRepo.getHours(db),
      clinicToday(now()),
    )
  })

  defineRoute(app, laudoWorkCalls.abrirLaudo, async (context) => {
    await laudoUser(context.user)
    const { agendamentoId, exameId } = context.body
    const { id, criado } = await db.transaction(async (tx) => {
      const found = await drafts.examOfAppointment(tx, agendamentoId, exameId)
      if (found === 'no-appointment') throw new HttpError(404, messages.appointmentNotFound)
      if (found === 'no-exam') throw new HttpError(404, messages.laudoExamNotFound)
      if (found.laudoId) return { id: found.laudoId, criado: false }
      if (!READY.has(found.status)) throw new HttpError(409, messages.laudoNotReady)
      const created = await drafts.create(tx, agendamentoId, exameId)
      if (created) {
        await audit.record(tx, audit.auditEvent(context, { action: 'create', entity: 'laudo', entityId: created }))
        return { id: created, criado: true }
      }
      // another request created it between the read and the insert
      const again = await drafts.examOfAppointment(tx, agendamentoId, exameId)
      return { id: typeof again === 'object' && again.laudoId ? again.laudoId : '', criado: false }
    })
    const laudo = await read(id)
    if (!laudo) throw new HttpError(404, messages.laudoNotFound)
    await audit.record(db, audit.auditEvent(context, { action: 'view', entity: 'laudo', entityId: id }))
    return { laudo, criado }
  })

  defineRoute(app, laudoWorkCalls.laudo, async (context) => {
    await laudoUser(context.user)
    const laudo = await read(context.body.id)
    if (!laudo) throw new HttpError(404, messages.laudoNotFound)
    await audit.record(db, audit.auditEvent(context, { action: 'view', entity: 'laudo', entityId: laudo.id }))
    return { laudo }
  })

  defineRoute(app, laudoWorkCalls.salvarLaudo, async (context) => {
    await laudoUser(context.user)
    const { id, revisao, ...texto } = context.body
    const result = await db.transaction(async (tx) => {
      const before = await drafts.find(tx, id, [], '')
      const saved = await drafts.save(tx, id, revisao, texto, context.user.sub)
      if (saved === 'saved') {
        const fields = SECTIONS.filter((f) => before?.rascunho?.[f] !== (texto as LaudoTexto)[f])
        await audit.record(tx, audit.auditEvent(context, { action: 'update', entity: 'laudo', entityId: id, fields }))
      }
      return saved
    })
    if (result === 'not-found') throw new HttpError(404, messages.laudoNotFound)
    if (result === 'released') throw new HttpError(409, messages.laudoReleased)
    const laudo = (await read(id))!
    if (result === 'conflict') return context.reply.code(409).send({ error: messages.laudoConflict, laudo })
    return { laudo }
  })

  defineRoute(app, laudoWorkCalls.laudosDoDia, async ({ body }) => {
    const hours = await clinicRepo.getHours(db)
    const today = clinicToday(now())
    const [laudos, atrasados] = await Promise.all([
      drafts.statesOfDay(db, body.dia, hours, today),
      worklist.lateCount(db, hours, today),
    ])
    return { dia: body.dia, laudos, atrasados }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the signed-in user).
export const laudoWorkRoutes = fp(routes, {
  name: 'clinica-laudo-work-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
