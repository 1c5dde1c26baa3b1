// Modality Performed Procedure Step (issue 19): steps sent by a DICOM client (dcmjs-dimse's own SCU) move
// an appointment to 'Em atendimento' and 'Realizado' — seen through the API as the board sees it, in the
// history as made by the machine; DISCONTINUED, impossible moves and unknown accession numbers change
// nothing; with the database gone the service answers a failure status at once.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Agendamento, HistoricoEntry } from '@contract'
import { TEST_JWT_SECRET } from '../support/api-app'
import { buildApp } from '../../server/http/app'
import { connect } from '../../server/db/client'
import { agendamentos, dicomEventos } from '../../server/db/schema'
import { startFaultProxy } from '../support/fault-proxy'
import { callDesk } from '../server/front-desk-helpers'
import { call, expectStatus } from '../server/helpers'
import { createDicomFixture, type DicomFixture } from './fixture'
import { findWorklist, newStepUid, sendStep } from './support'

const SUCCESS = 0x0000
const PROCESSING_FAILURE = 0x0110
const INVALID_ATTRIBUTE_VALUE = 0x0106
const NO_SUCH_OBJECT_INSTANCE = 0x0112

let f: DicomFixture
beforeAll(async () => {
  f = await createDicomFixture()
})
afterAll(async () => {
  await f?.t.close()
})

const inProgress = (acesso: number | string) => ({
  ScheduledStepAttributesSequence: [{ AccessionNumber: String(acesso) }],
  PerformedProcedureStepStatus: 'IN PROGRESS',
  PerformedStationAETitle: 'RX1',
  Modality: 'DX',
})

async function board(id: string): Promise<Agendamento> {
  const response = await call(f.t, 'findAgendamento', 'staff', { id })
  return expectStatus<{ agendamento: Agendamento }>(response, 200).agendamento
}
async function dayVersion(): Promise<number> {
  const response = await callDesk(f.t, 'versaoDia', 'staff', { dia: f.today })
  return expectStatus<{ versao: number }>(response, 200).versao
}
async function history(id: string): Promise<HistoricoEntry[]> {
  const response = await call(f.t, 'historicoAgendamento', 'staff', { id })
  return expectStatus<{ historico: HistoricoEntry[] }>(response, 200).historico
}

describe('procedure steps from the machine', () => {
  it('IN PROGRESS moves the appointment to Em atendimento and COMPLETED to Realizado, by the machine', async () => {
    const { id, acesso } = f.joao.aguardando
    const versionBefore = await dayVersion()
    const uid = newStepUid()
    expect(await sendStep(f.port, 'RX1', 'create', uid, inProgress(acesso))).toBe(SUCCESS)
    expect((await board(id)).status).toBe('em_atendimento')
    expect(await dayVersion()).toBeGreaterThan(versionBefore)

    expect(await sendStep(f.port, 'RX1', 'set', uid, { PerformedProcedureStepStatus: 'COMPLETED' })).toBe(SUCCESS)
    expect((await board(id)).status).toBe('realizado')

    const moves = (await history(id)).filter((entry) => entry.action === 'status')
    expect(moves.slice(0, 2)).toEqual([
      expect.objectContaining({
        user: null,
        equipamento: { id: f.rx1.id, nome: f.rx1.nome },
        status: { de: 'em_atendimento', para: 'realizado' },
      }),
      expect.objectContaining({
        user: null,
        equipamento: { id: f.rx1.id, nome: f.rx1.nome },
        status: { de: 'aguardando', para: 'em_atendimento' },
      }),
    ])
    const events = await f.t.db.select().from(dicomEventos).where(eq(dicomEventos.instancia, uid))
    expect(events.map((e) => [e.tipo, e.acesso, e.resultado, e.detalhe])).toEqual([
      ['mpps', acesso, 'ok', 'IN PROGRESS'],
      ['mpps', acesso, 'ok', 'COMPLETED'],
    ])
  })

  it('DISCONTINUED leaves the status where it was and records why', async () => {
    const { id, acesso } = f.joao.aguardando2
    const uid = newStepUid()
    expect(await sendStep(f.port, 'RX1', 'create', uid, inProgress(acesso))).toBe(SUCCESS)
    const before = await board(id)
    expect(before.status).toBe('em_atendimento')
    const discontinued = {
      PerformedProcedureStepStatus: 'DISCONTINUED',
      PerformedProcedureStepDiscontinuationReasonCodeSequence: [
        { CodeValue: '110514', CodingSchemeDesignator: 'DCM', CodeMeaning: 'Incorrect worklist entry selected' },
      ],
    }
    expect(await sendStep(f.port, 'RX1', 'set', uid, discontinued)).toBe(SUCCESS)
    const after = await board(id)
    expect(after.status).toBe('em_atendimento')
    expect(after.versao).toBe(before.versao)
    const [last] = await f.t.db
      .select()
      .from(dicomEventos)
      .where(eq(dicomEventos.instancia, uid))
      .orderBy(dicomEventos.id)
      .then((rows) => rows.slice(-1))
    expect(last).toMatchObject({ resultado: 'ok', detalhe: 'DISCONTINUED: Incorrect worklist entry selected' })
  })

  it('a move the rules do not allow answers a failure status and changes nothing', async () => {
    // confirmado → em_atendimento skips the arrival: contract/status.ts refuses it
    const { id, acesso } = f.joao.confirmado
    const before = await board(id)
    expect(await sendStep(f.port, 'RX1', 'create', newStepUid(), inProgress(acesso))).toBe(PROCESSING_FAILURE)
    expect(await board(id)).toEqual(before)
  })

  it('an unknown accession number or step is refused with its DICOM status; nothing changes', async () => {
    const [{ max }] = (await f.t.db.execute<{ max: string }>(`SELECT max(acesso)::text AS max FROM agendamentos`))
      .rows as [{ max: string }]
    const unknown = Number(max) + 1000
    const snapshot = async () => f.t.db.select({ id: agendamentos.id, versao: agendamentos.versao }).from(agendamentos)
    const before = await snapshot()
    expect(await sendStep(f.port, 'RX1', 'create', newStepUid(), inProgress(unknown))).toBe(INVALID_ATTRIBUTE_VALUE)
    expect(await sendStep(f.port, 'RX1', 'set', newStepUid(), { PerformedProcedureStepStatus: 'COMPLETED' })).toBe(
      NO_SUCH_OBJECT_INSTANCE,
    )
    expect(await snapshot()).toEqual(before)
    const [event] = await f.t.db.select().from(dicomEventos).where(eq(dicomEventos.acesso, unknown))
    expect(event).toMatchObject({ tipo: 'mpps', resultado: 'número de acesso desconhecido' })
  })
})

describe('with the database gone', () => {
  it('answers worklist queries and steps with a failure status, promptly', async () => {
    const url = (f.t.db.$client.options as { connectionString: string }).connectionString
    const proxy = await startFaultProxy(url)
    const { db, pool } = connect(proxy.url, 4)
    const app = await buildApp({
      db,
      jwtSecret: TEST_JWT_SECRET,
      dicom: { host: '127.0.0.1', port: 0, aeTitle: 'CLINICA' },
    })
    try {
      await app.ready()
      const port = app.dicomPort()!
      // up: the machine is known and its worklist answers
      const up = await findWorklist(port, 'RX1', [`ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate`])
      expect(up.code, up.output).toBe(0)
      expect(up.answers.length).toBeGreaterThan(0)

      proxy.drop()
      proxy.refuse(true)
      const started = Date.now()
      const down = await findWorklist(port, 'RX1', [
        `ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate`,
      ])
      expect(down.answers).toHaveLength(0)
      // findscu prints the final status of the query: A700, out of resources
      expect(down.output, down.output).toMatch(/Final Find Response \(Refused: OutOfResources\)/)
      expect(await sendStep(port, 'RX1', 'create', newStepUid(), inProgress(f.joao.confirmado.acesso))).toBe(
        PROCESSING_FAILURE,
      )
      // the pool's timeouts bound it (server/db/client.ts): seconds, never a hang
      expect(Date.now() - started).toBeLessThan(25_000)

      // frozen (a stopped PostgreSQL): the statement and connection timeouts answer instead
      proxy.refuse(false)
      proxy.freeze()
      const frozen = await findWorklist(port, 'RX1', [
        `ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate`,
      ])
      expect(frozen.output, frozen.output).toMatch(/Final Find Response \(Refused: OutOfResources\)/)
      proxy.thaw()
    } finally {
      await app.close()
      await pool.end().catch(() => {})
      await proxy.close()
    }
    // each fault waits out the pool's timeouts (seconds): room for a busy machine
  }, 90_000)
})
