// The DICOM service (issue 19, docs/decisions.md "DICOM worklist"): associations from known AE titles
// only, worklist queries and procedure steps answered from the database, each one written to
// dicom_eventos and to the log — AE title, kind, count, outcome; never a name or a query's values. With
// the database gone every request answers a failure status within the pool's timeouts (server/db/client.ts).
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import * as dicomRepo from '../repositories/dicom'
import { DicomStatus, startDicomServer, type DicomHandlers, type DicomLimits, type DicomServer } from './dimse'
import { createStep, setStep, type StepOutcome } from './mpps'
import { refusalTally } from './refusals'
import { findWorklist } from './worklist'

export interface DicomServiceOptions {
  db: Db
  host: string
  port: number
  aeTitle: string
  log: FastifyBaseLogger
  now?: () => Date
  /** The service's limits (tests shorten the timeouts); DEFAULT_DICOM_LIMITS otherwise. */
  limits?: Partial<DicomLimits>
  /** How often refused associations are written (their rows count per minute anyway). */
  refusalFlushMs?: number
}

export async function startDicomService(options: DicomServiceOptions): Promise<DicomServer> {
  const { db, log } = options
  const now = options.now ?? (() => new Date())

  /** dicom_eventos row; a database gone is only logged (the answer already says it failed). */
  async function record(event: dicomRepo.DicomEventInput): Promise<void> {
    try {
      await dicomRepo.recordEvent(db, event)
    } catch {
      log.warn({ dicom: event.tipo, aeTitle: event.aeTitle }, 'DICOM: evento não registrado (banco indisponível)')
    }
  }

  const refusals = refusalTally(async (bucket, rows) => {
    try {
      await dicomRepo.recordRefusals(db, bucket, rows)
    } catch {
      log.warn({ dicom: 'associacao' }, 'DICOM: recusas não registradas (banco indisponível)')
    }
    const total = rows.reduce((sum, row) => sum + row.count, 0)
    log.warn({ dicom: 'associacao', recusadas: total }, 'DICOM: associações recusadas')
  }, options.refusalFlushMs ?? 5_000)

  const handlers: DicomHandlers = {
    refused(address, callingAeTitle, why) {
      refusals.add(address, callingAeTitle, why)
    },

    async accept(callingAeTitle) {
      let machine: dicomRepo.Machine | undefined
      try {
        machine = await dicomRepo.machineByAeTitle(db, callingAeTitle)
      } catch {
        // The database is gone: the association goes on and each request answers a failure status (a
        // machine sees "try again", not "you are unknown"); nothing can be answered without the database.
        log.warn({ aeTitle: callingAeTitle }, 'DICOM: banco indisponível ao verificar o AE title')
        return true
      }
      // a refusal is counted by the caller (refused), per address and minute
      return machine !== undefined
    },

    async worklist(callingAeTitle, query) {
      try {
        const result = await findWorklist(db, callingAeTitle, query, now())
        const machine = result.caller
        if (result.kind === 'keyTooLong') {
          log.warn({ dicom: 'worklist', aeTitle: callingAeTitle }, 'DICOM: chave de consulta longa demais')
          await record({
            aeTitle: callingAeTitle,
            equipamentoId: result.caller.id,
            tipo: 'worklist',
            resultado: 'chave de consulta longa demais',
          })
          return { status: 'failed', code: DicomStatus.findIdentifierInvalid }
        }
        const respostas = result.kind === 'ok' ? result.matches.length : 0
        const resultado =
          result.kind === 'ok'
            ? 'ok'
            : result.kind === 'otherMachine'
              ? 'worklist de outro equipamento não permitida'
              : 'Scheduled Station AE Title desconhecido'
        log.info({ dicom: 'worklist', aeTitle: callingAeTitle, respostas }, 'DICOM: consulta da worklist')
        await record({
          aeTitle: callingAeTitle,
          equipamentoId: machine?.id ?? null,
          tipo: 'worklist',
          respostas,
          resultado,
        })
        return { status: 'ok', matches: result.kind === 'ok' ? result.matches : [] }
      } catch {
        log.warn({ dicom: 'worklist', aeTitle: callingAeTitle }, 'DICOM: worklist sem banco de dados')
        return { status: 'failed', code: DicomStatus.findOutOfResources }
      }
    },

    async mpps(kind, callingAeTitle, instancia, dataset) {
      let outcome: StepOutcome
      let machine: dicomRepo.Machine | undefined
      try {
        machine = await dicomRepo.machineByAeTitle(db, callingAeTitle)
        if (!machine) return DicomStatus.processingFailure
        outcome =
          kind === 'create'
            ? await createStep(db, machine, dataset, now())
            : await setStep(db, machine, instancia, dataset, now())
      } catch {
        log.warn({ dicom: 'mpps', aeTitle: callingAeTitle }, 'DICOM: etapa sem banco de dados')
        return DicomStatus.processingFailure
      }
      log.info(
        { dicom: 'mpps', aeTitle: callingAeTitle, status: outcome.status, resultado: outcome.resultado },
        'DICOM: etapa do procedimento',
      )
      await record({
        aeTitle: callingAeTitle,
        equipamentoId: machine.id,
        tipo: 'mpps',
        resultado: outcome.resultado,
        acesso: outcome.acesso,
        detalhe: outcome.detalhe,
        instancia: instancia || null,
      })
      return outcome.status
    },
  }

  const server = await startDicomServer({
    host: options.host,
    port: options.port,
    aeTitle: options.aeTitle,
    handlers,
    limits: options.limits,
  })
  return {
    port: server.port,
    async close() {
      await server.close()
      await refusals.stop()
    },
  }
}
