// The DICOM service against a hostile network (issue 35 points 1–4): a raw socket that sends its
// association request and a C-FIND in one write, a PDU declaring 4 GB, a wildcard built to make a
// backtracking matcher exponential, another machine's station, wrong called AE title, and MPPS on another
// machine's appointment. The API's health must stay quick while the attacks run.
import net from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agendamentos, dicomEventos, equipamentos, medicos } from '../../server/db/schema'
import { createPaciente } from '../server/helpers'
import { createDicomFixture, dicomDay, type DicomFixture } from './fixture'
import { PDU, associateRq, cFind, rawExchange, splitPdus } from './raw'
import { findWorklist, newStepUid, sendStep } from './support'

let f: DicomFixture
beforeAll(async () => {
  f = await createDicomFixture()
})
afterAll(async () => {
  await f?.t.close()
})

/** How long /api/health takes to answer, in ms. */
async function healthMs(): Promise<number> {
  const started = performance.now()
  const response = await f.t.app.inject({ method: 'GET', url: '/api/health' })
  expect(response.statusCode).toBe(200)
  return performance.now() - started
}

/** Health asked again and again until `done` settles: the slowest answer seen. */
async function slowestHealthDuring<T>(done: Promise<T>): Promise<{ result: T; slowest: number }> {
  let finished = false
  const settled = done.finally(() => (finished = true))
  let slowest = 0
  do slowest = Math.max(slowest, await healthMs())
  while (!finished)
  return { result: await settled, slowest }
}

const SPS = 'ScheduledProcedureStepSequence[0]'
const keys = (extra: string[] = []) => [
  'AccessionNumber',
  'PatientName',
  `${SPS}.ScheduledStationAETitle`,
  `${SPS}.ScheduledProcedureStepStartDate=${dicomDay(f.today)}`,
  ...extra,
]

describe('an association and a query in one write', () => {
  for (const [who, calling, called] of [
    ['an unknown AE title', 'INTRUSO', 'CLINICA'],
    ['a wrong called AE title', 'RX1', 'OUTRO'],
    ['a known machine that does not wait for the acceptance', 'RX1', 'CLINICA'],
  ] as const)
    it(`from ${who}: no dataset comes back and the socket is closed`, async () => {
      const exchange = await rawExchange(f.port, (socket) =>
        socket.write(Buffer.concat([associateRq(calling, called), cFind('*', 'RX1')])),
      )
      expect(exchange.types).not.toContain(PDU.pData)
      expect(exchange.types.at(-1)).toBe(PDU.abort)
      for (const pdu of exchange.pdus) expect(pdu.includes(Buffer.from('CONCEICAO'))).toBe(false)
    })

  it('a C-FIND before any association request is aborted, unanswered', async () => {
    const exchange = await rawExchange(f.port, (socket) => socket.write(cFind('*', 'RX1')))
    expect(exchange.types).toEqual([PDU.abort])
  })
})

describe('a PDU declaring 4 GB', () => {
  it('is aborted at its header, without buffering, and health stays quick meanwhile', async () => {
    const header = Buffer.from([0x01, 0, 0xff, 0xff, 0xff, 0xff])
    const chunk = Buffer.alloc(1024 * 1024, 0x41)
    const attack = new Promise<{ received: Buffer; written: number }>((resolve) => {
      const socket = net.connect(f.port, '127.0.0.1')
      const received: Buffer[] = []
      let written = 0
      socket.on('data', (data) => received.push(data))
      socket.on('error', () => {})
      socket.on('close', () => resolve({ received: Buffer.concat(received), written }))
      // keep sending (up to 48 MB) for as long as the server reads
      const pump = () => {
        while (written < 48 && socket.writable && socket.write(chunk)) written += 1
        if (written < 48 && socket.writable) socket.once('drain', pump)
      }
      socket.on('connect', () => {
        socket.write(header)
        pump()
      })
    })
    const { result, slowest } = await slowestHealthDuring(attack)
    expect(splitPdus(result.received).map((p) => p[0])).toEqual([PDU.abort])
    expect(result.written).toBeLessThan(48)
    expect(slowest).toBeLessThan(1000)
  })

  it('after an accepted association, a P-DATA over the negotiated maximum is aborted too', async () => {
    const exchange = await rawExchange(f.port, (socket) => {
      socket.write(associateRq('RX1'))
      socket.once('data', () => socket.write(Buffer.from([0x04, 0, 0xff, 0xff, 0xff, 0xff])))
    })
    expect(exchange.types).toEqual([PDU.associateAc, PDU.abort])
  })

  it('a query spread over P-DATA fragments that never end is aborted once they pass 4 MB', async () => {
    // each PDU carries one 16 KB dataset fragment that is never the last
    const fragment = Buffer.alloc(6 + 6 + 16_000)
    fragment[0] = PDU.pData
    fragment.writeUInt32BE(6 + 16_000, 2)
    fragment.writeUInt32BE(2 + 16_000, 6)
    fragment[10] = 1
    fragment[11] = 0x00
    let sent = 0
    const exchange = await rawExchange(f.port, (socket) => {
      socket.write(associateRq('RX1'))
      socket.once('data', () => {
        const pump = () => {
          while (sent < 1000 && socket.writable && socket.write(fragment)) sent += 1
          if (sent < 1000 && socket.writable) socket.once('drain', pump)
        }
        pump()
      })
    })
    expect(exchange.types).toEqual([PDU.associateAc, PDU.abort])
    expect(sent).toBeLessThan(1000)
  })
})

describe('the wildcard built to be exponential', () => {
  it('answers at once, and health stays quick meanwhile', async () => {
    const paciente = await createPaciente(f.t, {
      nome: 'Ana Amália Santana Aragão Barbara Almada Alvarenga',
      sexo: 'feminino',
      datanascimento: '1980-02-03T00:00:00.000Z',
    })
    const [medico] = await f.t.db.insert(medicos).values({ nome: 'Ana Teste' }).returning()
    const datahora = new Date(`${f.today}T22:00:00.000Z`)
    await f.t.db.insert(agendamentos).values({
      datahora,
      fim: new Date(datahora.getTime() + 15 * 60_000),
      valorIncents: 10_000,
      exames: ['Raio-X'],
      userId: f.t.users.admin.id,
      pacienteId: paciente.id,
      medicoId: medico!.id,
      equipamentoId: f.rx1.id,
      status: 'aguardando',
    })
    const pattern = '*A*A*A*A*A*A*A*A*A*A*A*A*#'
    const { result, slowest } = await slowestHealthDuring(findWorklist(f.port, 'RX1', keys([`PatientName=${pattern}`])))
    expect(result.code).toBe(0)
    expect(result.answers).toHaveLength(0)
    expect(slowest).toBeLessThan(1000)
    // the same name is still found by a pattern that matches it
    const found = await findWorklist(f.port, 'RX1', keys(['PatientName=*A*A*A*A*A*A*A*A*A*A*A*A*']))
    expect(found.answers.map((a) => a.values.PatientName)).toContain(
      'ALVARENGA^ANA AMALIA SANTANA ARAGAO BARBARA ALMADA',
    )
  })

  it('refuses a key longer than its VR allows (PN: 64 characters) with a failure status', async () => {
    const result = await findWorklist(f.port, 'RX1', keys([`PatientName=${'*A'.repeat(40)}`]))
    expect(result.answers).toHaveLength(0)
    expect(result.output).toMatch(/DataSetDoesNotMatchSOPClass/)
  })
})

describe('one machine, its own schedule', () => {
  it('refuses another machine’s worklist unless ADMIN allows it', async () => {
    const station = `${SPS}.ScheduledStationAETitle=RX1`
    const own = await findWorklist(f.port, 'RX1', keys())
    expect(own.answers.length).toBeGreaterThan(0)
    const refused = await findWorklist(f.port, 'US1', keys([station]))
    expect(refused.answers).toHaveLength(0)

    await f.t.db.update(equipamentos).set({ leOutrasWorklists: true }).where(eq(equipamentos.aeTitle, 'US1'))
    try {
      const allowed = await findWorklist(f.port, 'US1', keys([station]))
      expect(allowed.answers.map((a) => a.values.AccessionNumber).sort()).toEqual(
        own.answers.map((a) => a.values.AccessionNumber).sort(),
      )
    } finally {
      await f.t.db.update(equipamentos).set({ leOutrasWorklists: false }).where(eq(equipamentos.aeTitle, 'US1'))
    }
  })

  it('rejects an association called with a wrong AE title (findscu)', async () => {
    const result = await findWorklist(f.port, 'RX1', keys(), 'OUTRO')
    expect(result.output).toMatch(/Association Rejected/i)
    expect(result.answers).toHaveLength(0)
  })

  it('MPPS from another machine leaves the appointment as it is', async () => {
    const { id, acesso } = f.joao.aguardando2
    const status = await sendStep(f.port, 'US1', 'create', newStepUid(), {
      ScheduledStepAttributesSequence: [{ AccessionNumber: String(acesso) }],
      PerformedProcedureStepStatus: 'IN PROGRESS',
      PerformedStationAETitle: 'US1',
      Modality: 'US',
    })
    expect(status).not.toBe(0)
    const [row] = await f.t.db.select().from(agendamentos).where(eq(agendamentos.id, id))
    expect(row!.status).toBe('aguardando')
    const [event] = await f.t.db.select().from(dicomEventos).where(eq(dicomEventos.acesso, acesso))
    expect(event).toMatchObject({ aeTitle: 'US1', resultado: 'agendamento de outro equipamento' })
  })
})
