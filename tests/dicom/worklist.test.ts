// The Modality Worklist as a real third-party client sees it (issue 19): Debian's dcmtk findscu asks for a
// seeded machine's worklist and every answer is compared field by field with the database; the filters
// (date, range, modality, names with wildcards), the two character sets, and an unknown AE title refused.
import { and, asc, eq, gte, lt, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addDays } from '@contract'
import { agendamentos, dicomEventos, medicos, pacientes } from '../../server/db/schema'
import { createDicomFixture, dicomDay, type DicomFixture } from './fixture'
import { findWorklist, type Answer } from './support'

let f: DicomFixture
beforeAll(async () => {
  f = await createDicomFixture()
})
afterAll(async () => {
  await f?.t.close()
})

const SPS = 'ScheduledProcedureStepSequence[0]'
/** The return keys a modality asks for (empty: "give me this"), with a date key. */
function keys(date: string, extra: string[] = []): string[] {
  return [
    'AccessionNumber',
    'PatientName',
    'PatientID',
    'PatientBirthDate',
    'PatientSex',
    'StudyInstanceUID',
    'RequestedProcedureID',
    'RequestedProcedureDescription',
    `${SPS}.Modality`,
    `${SPS}.ScheduledStationAETitle`,
    `${SPS}.ScheduledProcedureStepStartDate=${date}`,
    `${SPS}.ScheduledProcedureStepStartTime`,
    `${SPS}.ScheduledPerformingPhysicianName`,
    ...extra,
  ]
}

/** An independent reading of the rule in docs/dicom.md: last word the family name, capitals, no accents. */
function plainPn(nome: string): string {
  const words = nome.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().split(/\s+/).filter(Boolean)
  return words.length === 1 ? words[0]! : `${words.at(-1)}^${words.slice(0, -1).join(' ')}`
}

const byAccession = (answers: Answer[]) =>
  [...answers].sort((a, b) => Number(a.values.AccessionNumber) - Number(b.values.AccessionNumber))

describe('worklist of RX1 for today, by findscu', () => {
  it('answers every live appointment of the machine today, each field as in the database', async () => {
    const from = new Date(`${f.today}T00:00:00.000Z`)
    const rows = await f.t.db
      .select({
        id: agendamentos.id,
        acesso: agendamentos.acesso,
        datahora: agendamentos.datahora,
        exames: agendamentos.exames,
        numero: pacientes.numero,
        nome: pacientes.nome,
        nascimento: pacientes.datanascimento,
        sexo: pacientes.sexo,
        medico: medicos.nome,
      })
      .from(agendamentos)
      .innerJoin(pacientes, eq(pacientes.id, agendamentos.pacienteId))
      .innerJoin(medicos, eq(medicos.id, agendamentos.medicoId))
      .where(
        and(
          eq(agendamentos.equipamentoId, f.rx1.id),
          gte(agendamentos.datahora, from),
          lt(agendamentos.datahora, new Date(`${addDays(f.today, 1)}T00:00:00.000Z`)),
          notInArray(agendamentos.status, ['cancelado', 'faltou']),
        ),
      )
      .orderBy(asc(agendamentos.acesso))
    // the seed's appointments of RX1 today, and João's four live ones
    expect(rows.length).toBeGreaterThanOrEqual(5)

    const result = await findWorklist(f.port, 'RX1', keys(dicomDay(f.today)))
    expect(result.code, result.output).toBe(0)
    const answers = byAccession(result.answers)
    expect(answers).toHaveLength(rows.length)
    answers.forEach(({ values }, i) => {
      const row = rows[i]!
      const time = row.datahora.toISOString()
      expect(values).toMatchObject({
        AccessionNumber: String(row.acesso),
        PatientName: plainPn(row.nome),
        PatientID: String(row.numero),
        PatientBirthDate: row.nascimento.toISOString().slice(0, 10).replace(/-/g, ''),
        PatientSex: row.sexo === 'feminino' ? 'F' : 'M',
        StudyInstanceUID: `2.25.${BigInt(`0x${row.id.replace(/-/g, '')}`).toString()}`,
        RequestedProcedureID: String(row.acesso),
        RequestedProcedureDescription: row.exames.join(', ').normalize('NFD').replace(/\p{M}/gu, ''),
        Modality: 'DX',
        ScheduledStationAETitle: 'RX1',
        ScheduledProcedureStepStartDate: dicomDay(f.today),
        ScheduledProcedureStepStartTime: `${time.slice(11, 13)}${time.slice(14, 16)}00`,
        ScheduledPerformingPhysicianName: plainPn(row.medico),
      })
      // the patient's number, never the CPF
      expect(values.PatientID).toMatch(/^\d{1,10}$/)
    })
    // João, spelled out: the default character set, in capitals without accents
    const joao = answers.find((a) => a.values.AccessionNumber === String(f.joao.aguardando.acesso))!
    expect(joao.values).toMatchObject({
      PatientName: 'CONCEICAO^JOAO',
      PatientID: String(f.joaoPatientNumber),
      PatientBirthDate: '19700517',
      PatientSex: 'M',
      ScheduledProcedureStepStartTime: '200000',
      ScheduledPerformingPhysicianName: 'BRANDAO^LUCIA',
      // the default character set has no accents
      RequestedProcedureDescription: 'Raio-X de torax (PA e perfil)',
    })
    expect(joao.values.SpecificCharacterSet).toBeUndefined()
  })

  it('leaves cancelled (and missed) appointments out', async () => {
    const result = await findWorklist(f.port, 'RX1', keys(dicomDay(f.today)))
    const accessions = result.answers.map((a) => a.values.AccessionNumber)
    expect(accessions).toContain(String(f.joao.aguardando.acesso))
    expect(accessions).not.toContain(String(f.joao.cancelado.acesso))
  })

  // nine queries one after the other, each a findscu and a dcmdump process: on two busy cores (test:dates runs
  // it beside Playwright) that outgrew the project's 30 s
  it('filters by a date range, by Modality and by Patient’s Name with * and ?', { timeout: 120_000 }, async () => {
    const day = dicomDay(f.today)
    const all = await findWorklist(f.port, 'RX1', keys(day))
    // the demo books RX1 on other days too (issue 34): a range answers each of its days' items
    const yesterday = await findWorklist(f.port, 'RX1', keys(dicomDay(addDays(f.today, -1))))
    const range = await findWorklist(f.port, 'RX1', keys(`${dicomDay(addDays(f.today, -1))}-${day}`))
    expect(range.answers.map((a) => a.values.AccessionNumber).sort()).toEqual(
      [...all.answers, ...yesterday.answers].map((a) => a.values.AccessionNumber).sort(),
    )
    const tomorrow = await findWorklist(f.port, 'RX1', keys(dicomDay(addDays(f.today, 1))))
    expect(tomorrow.code).toBe(0)
    const today = new Set(all.answers.map((a) => a.values.AccessionNumber))
    expect(tomorrow.answers.filter((a) => today.has(a.values.AccessionNumber))).toEqual([])

    const ct = await findWorklist(
      f.port,
      'RX1',
      keys(day).map((k) => (k === `${SPS}.Modality` ? `${k}=CT` : k)),
    )
    expect(ct.answers).toHaveLength(0)
    const cr = await findWorklist(
      f.port,
      'RX1',
      keys(day).map((k) => (k === `${SPS}.Modality` ? `${k}=CR` : k)),
    )
    expect(cr.answers).toHaveLength(all.answers.length)

    for (const pattern of ['CONCEI*', 'C?NCEICAO^JOAO', '*JOAO']) {
      const named = await findWorklist(f.port, 'RX1', [
        ...keys(day).filter((k) => k !== 'PatientName'),
        `PatientName=${pattern}`,
      ])
      expect(new Set(named.answers.map((a) => a.values.PatientName)), pattern).toEqual(new Set(['CONCEICAO^JOAO']))
      expect(named.answers).toHaveLength(4)
    }
  })

  it('answers a machine its own schedule (US1)', async () => {
    const us1 = await findWorklist(f.port, 'US1', keys(dicomDay(f.today)))
    expect(us1.answers.length).toBeGreaterThan(0)
    expect(new Set(us1.answers.map((a) => a.values.ScheduledStationAETitle))).toEqual(new Set(['US1']))
    expect(new Set(us1.answers.map((a) => a.values.Modality))).toEqual(new Set(['US']))
  })

  it('writes João Conceição readably in the default set and in UTF-8 (ISO_IR 192) when asked', async () => {
    const day = dicomDay(f.today)
    const patient = [...keys(day).filter((k) => k !== 'PatientName'), 'PatientName=CONCEICAO^JOAO']
    const plain = await findWorklist(f.port, 'RX1', patient)
    expect(plain.answers).toHaveLength(4)
    for (const answer of plain.answers) {
      expect(answer.values.PatientName).toBe('CONCEICAO^JOAO')
      expect(answer.bytes.includes(Buffer.from('CONCEICAO^JOAO', 'ascii'))).toBe(true)
      expect(answer.bytes.includes(Buffer.from('ISO_IR 192', 'ascii'))).toBe(false)
    }

    const utf8 = await findWorklist(f.port, 'RX1', [...patient, 'SpecificCharacterSet=ISO_IR 192'])
    expect(utf8.answers).toHaveLength(4)
    for (const answer of utf8.answers) {
      expect(answer.values.SpecificCharacterSet).toBe('ISO_IR 192')
      expect(answer.values.PatientName).toBe('CONCEIÇÃO^JOÃO')
      expect(answer.values.ScheduledPerformingPhysicianName).toBe('BRANDÃO^LÚCIA')
      expect(answer.bytes.includes(Buffer.from('CONCEIÇÃO^JOÃO', 'utf8'))).toBe(true)
    }
  })

  it('rejects an association from an unknown AE title, and counts it per address and minute', async () => {
    const result = await findWorklist(f.port, 'DESCONHECIDO', keys(dicomDay(f.today)))
    expect(result.code).not.toBe(0)
    expect(result.output).toMatch(/Association Rejected/i)
    expect(result.answers).toHaveLength(0)
    await findWorklist(f.port, 'DESCONHECIDO', keys(dicomDay(f.today)))
    // refusals are written a moment later, added to one row per address, AE title, reason and minute
    await vi.waitFor(
      async () => {
        const events = await f.t.db.select().from(dicomEventos).where(eq(dicomEventos.aeTitle, 'DESCONHECIDO'))
        expect(events.reduce((sum, e) => sum + e.count, 0)).toBe(2)
        for (const event of events)
          expect(event).toMatchObject({
            tipo: 'associacao',
            equipamentoId: null,
            resultado: 'AE title desconhecido',
            ip: '127.0.0.1',
          })
        // two in one minute: one row; two only if the minute turned between them
        expect(new Set(events.map((e) => e.bucket?.toISOString())).size).toBe(events.length)
      },
      { timeout: 20_000, interval: 100 },
    )
  })

  it('records each worklist query of the machine: AE title, how many answers, outcome', async () => {
    const before = await f.t.db.select().from(dicomEventos).where(eq(dicomEventos.equipamentoId, f.rx1.id))
    const result = await findWorklist(f.port, 'RX1', keys(dicomDay(f.today)))
    const after = await f.t.db.select().from(dicomEventos).where(eq(dicomEventos.equipamentoId, f.rx1.id))
    expect(after).toHaveLength(before.length + 1)
    expect(after.at(-1)).toMatchObject({
      aeTitle: 'RX1',
      tipo: 'worklist',
      respostas: result.answers.length,
      resultado: 'ok',
      acesso: null,
    })
  })
})
