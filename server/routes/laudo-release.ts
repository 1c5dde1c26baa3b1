// The laudo's release, PDF, retification, delivery and verification (issue 36 points 5–8,
// contract/laudo-release.ts). Release and retification are the laudo's doctor's; any signed-in user reads the
// versions and records a delivery; the verification is public and answers initials, never a name.
import { createHash, randomInt } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import {
  clinicToday,
  laudoProntoParaLiberar,
  laudoReleaseCalls,
  MODALIDADES,
  nameInitials,
  releaseMessages,
  VERIFICATION_ALPHABET,
  type Modalidade,
} from '@contract'
import type { Db } from '../db/client'
import { laudoDocumentOf } from '../laudos/pdf/laudo-document'
import { certificatePasswords } from '../laudos/signing/password-cache'
import { HttpError } from '../plugins/errors'
import * as audit from '../repositories/audit'
import * as clinicRepo from '../repositories/clinic'
import * as repo from '../repositories/laudo-release'
import * as settingsRepo from '../repositories/laudo-settings'
import * as certificates from '../repositories/medico-certificados'
import * as links from '../repositories/user-doctor-links'
import { defineRoute } from './route'

export interface LaudoReleaseRoutesOptions {
  db: Db
  now: () => Date
}

/** 'ABCD-EFGH-JKMN' from the unambiguous alphabet, by the system's CSPRNG. */
export function newVerificationCode(): string {
  const chars = Array.from({ length: 12 }, () => VERIFICATION_ALPHABET[randomInt(VERIFICATION_ALPHABET.length)])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`
}

function pngOf(logo: string | null): Uint8Array<ArrayBuffer> | undefined {
  const prefix = 'data:image/png;base64,'
  if (!logo?.startsWith(prefix)) return undefined
  return Uint8Array.from(Buffer.from(logo.slice(prefix.length), 'base64'))
}

const routes: FastifyPluginAsync<LaudoReleaseRoutesOptions> = async (app, { db, now }) => {
  async function doctorOf(userId: string): Promise<string | undefined> {
    return (await links.findById(db, userId))?.medico?.id
  }

  async function answer(laudoId: string) {
    const laudo = await repo.situacao(db, laudoId)
    if (!laudo) throw new HttpError(404, releaseMessages.notFound)
    return { laudo }
  }

  defineRoute(app, laudoReleaseCalls.liberarLaudo, async (context) => {
    const { body, user } = context
    // pdf-lib, fontkit and node-forge load at the first release, not at every start (docs/performance.md);
    // before the transaction, which holds the laudo's lock
    const [{ renderLaudoPdf }, { signPdf }, { CertificateError }] = await Promise.all([
      import('../laudos/pdf/render-laudo'),
      import('../laudos/signing/sign-pades'),
      import('../laudos/signing/certificate'),
    ])
    const medicoId = await doctorOf(user.sub)
    await db.transaction(async (tx) => {
      const laudo = await repo.lockLaudo(tx, body.laudoId)
      if (!laudo) throw new HttpError(404, releaseMessages.notFound)
      if (!medicoId || laudo.medicoId !== medicoId) throw new HttpError(403, releaseMessages.notYourLaudo)
      const draft = await repo.draftForRelease(tx, laudo.id)
      if (!draft) throw new HttpError(400, releaseMessages.noDraft)
      const modalidade = (MODALIDADES as readonly string[]).includes(draft.exame.modalidade)
        ? (draft.exame.modalidade as Modalidade)
        : 'Outros'
      const ready = laudoProntoParaLiberar(modalidade).safeParse({
        tecnica: draft.tecnica,
        relatorio: draft.relatorio,
        impressao: draft.impressao,
        birads: draft.birads,
      })
      if (!ready.success) throw new HttpError(400, ready.error.issues[0]!.message)

      const settings = await settingsRepo.getLaudoSettings(tx)
      const manual = settings.assinaturaManual
      let signing: { p12: Buffer; serial: string; password: string; fromCache: boolean } | undefined
      if (!manual) {
        const file = await certificates.findFile(tx, medicoId)
        if (!file) throw new HttpError(400, releaseMessages.noCertificate)
        const kept = certificatePasswords.get(user.jti, file.serial)
        const password = body.senha || kept
        if (!password) throw new HttpError(400, releaseMessages.passwordRequired)
        signing = { ...file, password, fromCache: !body.senha }
      }

      const clinica = await clinicRepo.getSettings(tx)
      let codigo = newVerificationCode()
      while (await repo.codeTaken(tx, codigo)) codigo = newVerificationCode()
      const document = laudoDocumentOf(draft, {
        clinica: {
          nome: clinica.nome,
          endereco: clinica.endereco,
          telefone: clinica.telefone,
          cnpj: clinica.cnpj,
          logoPng: pngOf(clinica.logo),
        },
        responsavelTecnico: { nome: settings.rtNome, crm: settings.rtCrm, crmUf: settings.rtCrmUf },
        codigoVerificacao: codigo,
        assinatura: manual ? 'manual' : 'digital',
      })
      const at = now()
      let pdf = await renderLaudoPdf(document)
      if (signing) {
        try {
          pdf = await signPdf(pdf, signing.p12, signing.password, { reason: 'Laudo liberado', now: at })
        } catch (error) {
          if (!(error instanceof CertificateError)) throw error
          // a kept password that no longer opens the file is dropped: the next try asks for it
          if (signing.fromCache) certificatePasswords.forget(user.jti)
          throw new HttpError(400, error.message)
        }
      }
      const sha256 = createHash('sha256').update(pdf).digest('hex')
      if (!(await repo.release(tx, { laudoId: laudo.id, versao: draft.versao, pdf, sha256, codigo, at })))
        throw new HttpError(400, releaseMessages.noDraft)
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'update', entity: 'laudo', entityId: laudo.id, fields: ['liberado'] }),
      )
      if (signing && body.lembrarSenha) certificatePasswords.keep(user.jti, signing.serial, signing.password)
    })
    return answer(body.laudoId)
  })

  defineRoute(app, laudoReleaseCalls.versoesLaudo, async ({ body }) => answer(body.laudoId))

  defineRoute(app, laudoReleaseCalls.pdfLaudo, async (context) => {
    const { body, reply } = context
    const found = await repo.pdfOf(db, body.laudoId, body.versao)
    if (!found) throw new HttpError(404, releaseMessages.notFound)
    if (!found.pdf) throw new HttpError(400, releaseMessages.versionNotReleased)
    // every view and print of a laudo is in the audit trail (health data under LGPD)
    await audit.record(
      db,
      audit.auditEvent(context, { action: 'export', entity: 'laudo', entityId: body.laudoId, fields: ['pdf'] }),
    )
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="laudo-v${body.versao}.pdf"`)
      .header('cache-control', 'no-store')
    return found.pdf as Buffer<ArrayBuffer>
  })

  defineRoute(app, laudoReleaseCalls.retificarLaudo, async (context) => {
    const { body, user } = context
    const medicoId = await doctorOf(user.sub)
    await db.transaction(async (tx) => {
      const laudo = await repo.lockLaudo(tx, body.laudoId)
      if (!laudo) throw new HttpError(404, releaseMessages.notFound)
      if (!medicoId || laudo.medicoId !== medicoId) throw new HttpError(403, releaseMessages.notYourLaudo)
      const versao = await repo.retify(tx, { laudoId: laudo.id, motivo: body.motivo, userId: user.sub, at: now() })
      if (versao === undefined) throw new HttpError(400, releaseMessages.retifyNotReleased)
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'create', entity: 'laudo', entityId: laudo.id, fields: ['retificacao'] }),
      )
    })
    return answer(body.laudoId)
  })

  defineRoute(app, laudoReleaseCalls.entregarLaudo, async (context) => {
    const { body, user } = context
    await db.transaction(async (tx) => {
      const laudo = await repo.lockLaudo(tx, body.laudoId)
      if (!laudo) throw new HttpError(404, releaseMessages.notFound)
      const versao = await repo.lastReleased(tx, laudo.id)
      if (versao === undefined) throw new HttpError(400, releaseMessages.deliverNotReleased)
      const third = body.recebedor === 'terceiro'
      await repo.deliver(tx, {
        laudoId: laudo.id,
        versao,
        recebedor: body.recebedor,
        nome: third ? body.nome : '',
        cpf: third ? body.cpf : null,
        userId: user.sub,
        at: now(),
      })
      await audit.record(
        tx,
        audit.auditEvent(context, { action: 'update', entity: 'laudo', entityId: laudo.id, fields: ['entrega'] }),
      )
    })
    return answer(body.laudoId)
  })

  defineRoute(app, laudoReleaseCalls.verificarLaudo, async ({ body }) => {
    const found = await repo.byVerificationCode(db, body.codigo)
    if (!found) throw new HttpError(404, releaseMessages.codeNotFound)
    return {
      laudo: {
        iniciais: nameInitials(found.nomesocial.trim() || found.pacienteNome),
        exame: found.exame,
        dataExame: clinicToday(found.dataExame),
        medico: found.medico ? `${found.tratamento === 'Dra.' ? 'Dra.' : 'Dr.'} ${found.medico}` : '',
        versao: found.versao,
        liberadoEm: found.liberadoEm.toISOString(),
        retificado: found.retificado,
      },
    }
  })
}

// Encapsulated, as a plain route plugin; needs the auth hook (it reads the signed-in user).
export const laudoReleaseRoutes = fp(routes, {
  name: 'clinica-laudo-release-routes',
  dependencies: ['clinica-auth'],
  encapsulate: true,
  fastify: '5.x',
})
