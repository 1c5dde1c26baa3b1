// GET/PUT/DELETE /conta/certificado (issue 36 point 5): a doctor-linked user's A1 certificate. The upload is
// checked as the signature will need it (password, key, validity, signing use); the password is used once
// and dropped; answers and the audit trail carry no bytes, no password and no CPF.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { certificateCalls, certificateMessages } from '@contract'
import type { Db } from '../db/client'
import { certificatePasswords } from '../laudos/signing/password-cache'
import { HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as certificates from '../repositories/medico-certificados'
import * as links from '../repositories/user-doctor-links'
import { defineRoute } from './route'

interface Options {
  db: Db
  now: () => Date
}

const routes: FastifyPluginAsync<Options> = async (app, { db, now }) => {
  async function doctorOf(userId: string): Promise<string> {
    const medicoId = (await links.findById(db, userId))?.medico?.id
    if (!medicoId) throw new HttpError(403, certificateMessages.notDoctor)
    return medicoId
  }

  defineRoute(app, certificateCalls.meuCertificado, async ({ user }) => ({
    certificado: await certificates.find(db, await doctorOf(user.sub)),
  }))

  defineRoute(app, certificateCalls.enviarCertificado, async (context) => {
    const medicoId = await doctorOf(context.user.sub)
    const p12 = Buffer.from(context.body.conteudo, 'base64')
    // node-forge loads with the first certificate, not at every start (docs/performance.md)
    const { CertificateError, readCertificate } = await import('../laudos/signing/certificate')
    let info
    try {
      info = readCertificate(p12, context.body.senha, now())
    } catch (error) {
      if (error instanceof CertificateError) throw new HttpError(400, error.message)
      throw error
    }
    const certificado = await db.transaction(async (tx) => {
      const previous = await certificates.findFile(tx, medicoId)
      const saved = await certificates.save(
        tx,
        { medicoId, p12, titular: info.titular, emissor: info.emissor, validoAte: info.validoAte, serial: info.serial },
        now(),
      )
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'update', entity: 'medico', entityId: medicoId, fields: ['certificado'] }),
      )
      if (previous) certificatePasswords.forgetSerial(previous.serial)
      return saved
    })
    return { certificado }
  })

  defineRoute(app, certificateCalls.removerCertificado, async (context) => {
    const medicoId = await doctorOf(context.user.sub)
    await db.transaction(async (tx) => {
      const serial = await certificates.remove(tx, medicoId)
      if (serial === null) return
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'delete', entity: 'medico', entityId: medicoId, fields: ['certificado'] }),
      )
      certificatePasswords.forgetSerial(serial)
    })
    return { ok: true as const }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the signed-in user).
export const certificadoRoutes = fp(routes, {
  name: 'clinica-certificado-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
