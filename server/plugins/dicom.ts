// The DICOM worklist and MPPS service (issue 19, docs/dicom.md) with the app's lifecycle: listening once
// the app is ready, closed with it — so server.ts and the tests start and stop it with the app.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/client'
import type { DicomLimits, DicomServer } from '../dicom/dimse'

export interface DicomOptions {
  host: string
  /** 0: a free port (tests); app.dicomPort() tells which. */
  port: number
  /** Our AE title (DICOM_AE_TITLE). */
  aeTitle: string
  /** The service's limits (docs/dicom.md, "Limits"); tests shorten the timeouts. */
  limits?: Partial<DicomLimits>
  /** How often refused associations are written (tests: at once). */
  refusalFlushMs?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The port the DICOM service listens on, once the app is ready; undefined when it is off. */
    dicomPort(): number | undefined
  }
}

async function setupDicom(app: FastifyInstance, options: { db: Db; dicom?: DicomOptions; now?: () => Date }) {
  let server: DicomServer | undefined
  app.decorate('dicomPort', () => server?.port)
  const dicom = options.dicom
  if (!dicom) return
  app.addHook('onReady', async () => {
    // the DICOM library loads only where the service is on (DICOM_PORT), not at every start
    const { startDicomService } = await import('../dicom/service')
    server = await startDicomService({ db: options.db, ...dicom, log: app.log, now: options.now })
    app.log.info({ port: server.port, aeTitle: dicom.aeTitle }, 'DICOM: worklist e MPPS ouvindo')
  })
  app.addHook('onClose', async () => {
    await server?.close()
  })
}

export const dicomPlugin = fp(setupDicom, { name: 'clinica-dicom', dependencies: ['clinica-errors'], fastify: '5.x' })
