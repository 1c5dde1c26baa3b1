// Every /agendamento call.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicDayRange,
  clinicToday,
  messages,
  PAGE_SIZE,
  type Agendamento,
  type Medico,
  type Paciente,
} from '@contract'
import { agendamentos } from '../../server/db/schema'
import { createTestApp, type TestApp } from '../support/api-app'
import {
  agendamentoBody,
  call,
  clinicDateTime,
  createAgendamento,
  createMedico,
  createPaciente,
  expectError,
  expectStatus,
  UNKNOWN_ID,
} from './helpers'

let t: TestApp
let paciente: Paciente
let medico: Medico
beforeAll(async () => {
  t = await createTestApp()
  paciente = await createPaciente(t, { nome: 'Conceição Araújo' })
  medico = await createMedico(t, 'Carlos Souza')
})
afterAll(async () => {
  await t?.close()
})

type List = { agendamentos: Agendamento[] }
const ids = () => ({ pacienteId: paciente.id, medicoId: medico.id })
let minute = 0
/** A free slot: a new minute, `days` clinic days ahead. */
const slot = (days = 1) => {
  // 15 minutes apart, the default duration: one doctor's bookings may not overlap (docs/decisions.md "Agenda and equipment")
  minute += 15
  const inDay = minute % (15 * 60)
  const hh = String(8 + Math.floor(inDay / 60)).padStart(2, '0')
  const mm = String(inDay % 60).padStart(2, '0')
  return clinicDateTime(days + Math.floor(minute / (15 * 60)), `${hh}:${mm}`)
}

describe('POST /agendamento/register', () => {
  it('books: 201 { agendamento } with estapago, names of patient and doctor, the signed-in user', async () => {
    const datahora = slot()
    const response = await call(
      t,
      'registerAgendamento',
      'staff',
      agendamentoBody(t, ids(), {
        datahora,
        estaPago: true,
        userId: t.users.admin.id,
        exames: ['Raio-X', 'Ultrassom'],
      }),
    )
    const { agendamento } = expectStatus<{ agendamento: Agendamento }>(response, 201)
    expect(agendamento).toEqual({
      id: expect.any(String),
      datahora,
      anotacao: 'Trazer exames anteriores',
      convenio: 'Unimed',
      valorIncents: 15_000,
      estapago: true,
      userId: t.users.staff.id,
      pacienteId: paciente.id,
      medicoId: medico.id,
      paciente: { id: paciente.id, nome: 'conceição araújo' },
      doutor: { id: medico.id, nome: 'Carlos Souza' },
      exames: ['Raio-X', 'Ultrassom'],
      versao: 1,
    })
    expect(response.json()).not.toHaveProperty('agendamento.estaPago')
  })

  it('anotacao and convenio default to empty; today is allowed', async () => {
    const {
      anotacao: _a,
      convenio: _c,
      ...body
    } = agendamentoBody(t, ids(), { datahora: `${clinicToday()}T23:59:00.000Z` })
    const { agendamento } = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'registerAgendamento', 'staff', body),
      201,
    )
    expect(agendamento).toMatchObject({ anotacao: '', convenio: '' })
  })

  it('unknown or inactive patient → 404 patientNotFound; unknown doctor → 404 doctorNotFound', async () => {
    expectError(
      await call(
        t,
        'registerAgendamento',
        'staff',
        agendamentoBody(t, { ...ids(), pacienteId: UNKNOWN_ID }, { datahora: slot() }),
      ),
      404,
      messages.patientNotFound,
    )
    expectError(
      await call(
        t,
        'registerAgendamento',
        'staff',
        agendamentoBody(t, { ...ids(), medicoId: UNKNOWN_ID }, { datahora: slot() }),
      ),
      404,
      messages.doctorNotFound,
    )
    const inactive = await createPaciente(t)
    expectStatus(await call(t, 'deletePaciente', 'staff', { id: inactive.id }), 200)
    expectError(
      await call(
        t,
        'registerAgendamento',
        'staff',
        agendamentoBody(t, { ...ids(), pacienteId: inactive.id }, { datahora: slot() }),
      ),
      404,
      messages.patientNotFound,
    )
  })

  it('one appointment per doctor and date-time (409); another doctor may take it', async () => {
    const datahora = slot()
    await createAgendamento(t, ids(), { datahora })
    expectError(
      await call(t, 'registerAgendamento', 'staff', agendamentoBody(t, ids(), { datahora })),
      409,
      messages.slotTaken,
    )
    // the same instant written with another precision is the same slot
    expectError(
      await call(
        t,
        'registerAgendamento',
        'staff',
        agendamentoBody(t, ids(), { datahora: datahora.replace('.000Z', 'Z') }),
      ),
      409,
      messages.slotTaken,
    )
    const other = await createMedico(t, 'Beatriz Lima')
    await createAgendamento(t, { ...ids(), medicoId: other.id }, { datahora })
  })

  it('30 simultaneous bookings of one slot: exactly one 201, 29 × 409', async () => {
    const datahora = slot(2)
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(t, 'registerAgendamento', 'staff', agendamentoBody(t, ids(), { datahora })),
      ),
    )
    const statuses = responses.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(29)
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual({ error: messages.slotTaken })
    const rows = await t.db
      .select()
      .from(agendamentos)
      .where(eq(agendamentos.datahora, new Date(datahora)))
    expect(rows).toHaveLength(1)
  })

  it.each([
    ['a date before today', { datahora: clinicDateTime(-1) }, 'datahora', messages.dateBeforeToday],
    ['an invalid date-time', { datahora: '2030-02-30T10:00:00Z' }, 'datahora', messages.invalidDateTime],
    ['a date without time', { datahora: '2030-01-01' }, 'datahora', messages.invalidDateTime],
    ['a note over 200 characters', { anotacao: 'a'.repeat(201) }, 'anotacao', messages.noteTooLong],
    ['an empty exam', { exames: ['Raio-X', '  '] }, 'exames', messages.emptyExam],
    ['no exams', { exames: [] }, 'exames', messages.appointmentMissingFields],
    ['exams that are not strings', { exames: [1, null] }, 'exames', messages.emptyExam],
    ['a negative value', { valorIncents: -1 }, 'valorIncents', messages.valueInvalid],
    ['a fractional value', { valorIncents: 10.5 }, 'valorIncents', messages.valueInvalid],
    ['a value as text', { valorIncents: '150,00' }, 'valorIncents', undefined],
    ['a huge value', { valorIncents: 1e20 }, 'valorIncents', messages.valueInvalid],
    ['estaPago as text', { estaPago: 'sim' }, 'estaPago', undefined],
    ['a non-uuid patient', { pacienteId: '1' }, 'pacienteId', messages.idInvalid],
    ['a non-uuid doctor', { medicoId: "1' or '1'='1" }, 'medicoId', messages.idInvalid],
  ])('refuses %s (400)', async (_label, overrides, field, message) => {
    const body = expectError(
      await call(t, 'registerAgendamento', 'staff', agendamentoBody(t, ids(), { datahora: slot(), ...overrides })),
      400,
    )
    const issues = body.issues as Record<string, { _errors: string[] } & Record<string, { _errors: string[] }>>
    expect(issues[field]).toBeDefined()
    if (message) expect(JSON.stringify(issues[field])).toContain(message)
  })

  it('missing fields → "Preencha todos os dados!"', async () => {
    const { estaPago: _e, medicoId: _m, ...rest } = agendamentoBody(t, ids(), { datahora: slot() })
    const body = expectError(
      await call(t, 'registerAgendamento', 'staff', rest),
      400,
      messages.appointmentMissingFields,
    )
    expect(body.issues).toMatchObject({
      estaPago: { _errors: [messages.required] },
      medicoId: { _errors: [messages.required] },
    })
    expectError(await call(t, 'registerAgendamento', 'staff', {}), 400, messages.appointmentMissingFields)
  })

  it('refuses unknown keys (estapago is the read name, not the write one)', async () => {
    const body = agendamentoBody(t, ids(), { datahora: slot(), estapago: true })
    expectError(await call(t, 'registerAgendamento', 'staff', body), 400)
  })
})

describe('lists', () => {
  let app: TestApp
  let ana: Paciente
  let joao: Paciente
  let m1: Medico
  let m2: Medico
  const day = (n: number) => addDays(clinicToday(), n)
  beforeAll(async () => {
    app = await createTestApp()
    ana = await createPaciente(app, { nome: 'Ana Conceição' })
    joao = await createPaciente(app, { nome: 'João Pereira' })
    m1 = await createMedico(app, 'Doutor Um')
    m2 = await createMedico(app, 'Doutora Dois')
    // 25 appointments for Ana with m1 over days 1..3, created out of order
    for (let i = 24; i >= 0; i--) {
      const d = 1 + (i % 3)
      await createAgendamento(
        app,
        { pacienteId: ana.id, medicoId: m1.id },
        { datahora: `${day(d)}T${String(7 + Math.floor(i / 3)).padStart(2, '0')}:00:00.000Z` },
      )
    }
    await createAgendamento(app, { pacienteId: joao.id, medicoId: m2.id }, { datahora: `${day(1)}T10:30:00.000Z` })
    await createAgendamento(app, { pacienteId: joao.id, medicoId: m1.id }, { datahora: `${day(5)}T00:00:00.000Z` })
    // today: one at the first and one at the last minute of the clinic day
    await createAgendamento(app, { pacienteId: joao.id, medicoId: m2.id }, { datahora: `${day(0)}T23:59:00.000Z` })
    // 23:44, not 23:58: m2's booking holds 15 minutes (the overlap rule, docs/decisions.md "Agenda and equipment")
    await createAgendamento(app, { pacienteId: ana.id, medicoId: m2.id }, { datahora: `${day(0)}T23:44:00.000Z` })
  })
  afterAll(async () => {
    await app?.close()
  })

  const isAscending = (rows: Agendamento[]) =>
    rows.every(
      (row, i) =>
        i === 0 ||
        rows[i - 1]!.datahora < row.datahora ||
        (rows[i - 1]!.datahora === row.datahora && rows[i - 1]!.id < row.id),
    )

  it('listAll pages of 20 ascending by date-time: 29 → 20, 9, []', async () => {
    const p1 = expectStatus<List>(await call(app, 'listAgendamentos', 'staff', { page: 1 }), 200).agendamentos
    const p2 = expectStatus<List>(await call(app, 'listAgendamentos', 'staff', { page: 2 }), 200).agendamentos
    const p3 = expectStatus<List>(await call(app, 'listAgendamentos', 'staff', { page: 3 }), 200).agendamentos
    expect(p1).toHaveLength(PAGE_SIZE)
    expect(p2).toHaveLength(9)
    expect(p3).toEqual([])
    expect(isAscending([...p1, ...p2])).toBe(true)
    expect(p1[0]).toMatchObject({ paciente: { nome: 'ana conceição' }, doutor: { nome: 'Doutora Dois' } })
  })

  it('listAll filters combine: patient name (accent-insensitive), doctor, date range (inclusive)', async () => {
    const list = async (filters: Record<string, unknown>) =>
      expectStatus<List>(await call(app, 'listAgendamentos', 'staff', { page: 1, ...filters }), 200).agendamentos
    expect((await list({ pacienteNome: 'JOAO' })).map((a) => a.pacienteId)).toEqual([joao.id, joao.id, joao.id])
    expect((await list({ pacienteNome: 'conceicao', medicoId: m2.id })).map((a) => a.datahora)).toEqual([
      `${day(0)}T23:44:00.000Z`,
    ])
    expect(await list({ medicoId: m2.id })).toHaveLength(3)
    const range = await list({
      medicoId: m1.id,
      datainicior: `${day(5)}T00:00:00.000Z`,
      datafimr: `${day(5)}T00:00:00.000Z`,
    })
    expect(range.map((a) => a.pacienteId)).toEqual([joao.id])
    expect(
      await list({ pacienteNome: 'joao', datainicior: `${day(2)}T00:00:00.000Z`, datafimr: `${day(4)}T23:59:59.999Z` }),
    ).toEqual([])
    expect(await list({ pacienteNome: '%' })).toEqual([])
    // an empty name filter is no filter
    expect(await list({ pacienteNome: '' })).toHaveLength(PAGE_SIZE)
  })

  it('listAll refuses a one-sided or inverted range', async () => {
    expectError(
      await call(app, 'listAgendamentos', 'staff', { page: 1, datainicior: `${day(1)}T00:00:00.000Z` }),
      400,
      messages.dateRangeNeedsBoth,
    )
    expectError(
      await call(app, 'listAgendamentos', 'staff', { page: 1, datafimr: `${day(1)}T00:00:00.000Z` }),
      400,
      messages.dateRangeNeedsBoth,
    )
    expectError(
      await call(app, 'listAgendamentos', 'staff', {
        page: 1,
        datainicior: `${day(2)}T00:00:00.000Z`,
        datafimr: `${day(1)}T00:00:00.000Z`,
      }),
      400,
      messages.dateRangeOrder,
    )
    expectError(await call(app, 'listAgendamentos', 'staff', { page: 1, medicoId: 'x' }), 400, messages.idInvalid)
  })

  it("listBetweenDate without page: every appointment of today's clinic day", async () => {
    const today = expectStatus<List>(
      await call(app, 'listAgendamentosBetweenDate', 'staff', clinicDayRange(clinicToday())),
      200,
    ).agendamentos
    expect(today.map((a) => a.datahora)).toEqual([`${day(0)}T23:44:00.000Z`, `${day(0)}T23:59:00.000Z`])
    const threeDays = expectStatus<List>(
      await call(app, 'listAgendamentosBetweenDate', 'staff', {
        datainicior: `${day(1)}T00:00:00.000Z`,
        datafimr: `${day(3)}T23:59:59.999Z`,
      }),
      200,
    ).agendamentos
    expect(threeDays).toHaveLength(26)
    expect(isAscending(threeDays)).toBe(true)
  })

  it('listBetweenDate with page: pages of 20', async () => {
    const range = { datainicior: `${day(1)}T00:00:00.000Z`, datafimr: `${day(3)}T23:59:59.999Z` }
    expect(
      expectStatus<List>(await call(app, 'listAgendamentosBetweenDate', 'staff', { ...range, page: 1 }), 200)
        .agendamentos,
    ).toHaveLength(20)
    expect(
      expectStatus<List>(await call(app, 'listAgendamentosBetweenDate', 'staff', { ...range, page: 2 }), 200)
        .agendamentos,
    ).toHaveLength(6)
  })

  it('listBetweenDate needs both dates, in order, at most 31 days', async () => {
    expectError(
      await call(app, 'listAgendamentosBetweenDate', 'staff', { datainicior: `${day(1)}T00:00:00.000Z` }),
      400,
      messages.dateRangeNeedsBoth,
    )
    expectError(await call(app, 'listAgendamentosBetweenDate', 'staff', {}), 400, messages.dateRangeNeedsBoth)
    expectError(
      await call(app, 'listAgendamentosBetweenDate', 'staff', {
        datainicior: `${day(3)}T00:00:00.000Z`,
        datafimr: `${day(1)}T00:00:00.000Z`,
      }),
      400,
      messages.dateRangeOrder,
    )
    expectError(
      await call(app, 'listAgendamentosBetweenDate', 'staff', {
        datainicior: `${day(0)}T00:00:00.000Z`,
        datafimr: `${day(40)}T00:00:00.000Z`,
      }),
      400,
      messages.dateRangeTooLong,
    )
    expectError(
      await call(app, 'listAgendamentosBetweenDate', 'staff', { datainicior: 'ontem', datafimr: 'hoje' }),
      400,
      messages.invalidDateTime,
    )
  })

  it('listByPaciente and listByMedico: paged, ascending', async () => {
    const byAna1 = expectStatus<List>(
      await call(app, 'listAgendamentosByPaciente', 'staff', { pacienteId: ana.id, page: 1 }),
      200,
    ).agendamentos
    const byAna2 = expectStatus<List>(
      await call(app, 'listAgendamentosByPaciente', 'staff', { pacienteId: ana.id, page: 2 }),
      200,
    ).agendamentos
    expect(byAna1).toHaveLength(20)
    expect(byAna2).toHaveLength(6)
    expect([...byAna1, ...byAna2].every((a) => a.pacienteId === ana.id)).toBe(true)
    expect(isAscending([...byAna1, ...byAna2])).toBe(true)
    const byM2 = expectStatus<List>(
      await call(app, 'listAgendamentosByMedico', 'staff', { medicoId: m2.id, page: 1 }),
      200,
    ).agendamentos
    expect(byM2.map((a) => a.datahora)).toEqual([
      `${day(0)}T23:44:00.000Z`,
      `${day(0)}T23:59:00.000Z`,
      `${day(1)}T10:30:00.000Z`,
    ])
    expect(
      expectStatus<List>(await call(app, 'listAgendamentosByMedico', 'staff', { medicoId: UNKNOWN_ID, page: 1 }), 200)
        .agendamentos,
    ).toEqual([])
    expectError(await call(app, 'listAgendamentosByPaciente', 'staff', { pacienteId: ana.id }), 400)
  })
})

describe('POST /agendamento/findbyid', () => {
  it('answers the appointment, 404 unknown, 400 malformed', async () => {
    const a = await createAgendamento(t, ids(), { datahora: slot() })
    expect(
      expectStatus<{ agendamento: Agendamento }>(await call(t, 'findAgendamento', 'staff', { id: a.id }), 200)
        .agendamento,
    ).toEqual(a)
    expectError(await call(t, 'findAgendamento', 'staff', { id: UNKNOWN_ID }), 404, messages.appointmentNotFound)
    expectError(await call(t, 'findAgendamento', 'staff', { id: '' }), 400)
  })
})

describe('PUT /agendamento/update', () => {
  const updateBody = (a: Agendamento, overrides: Record<string, unknown> = {}) => ({
    ...agendamentoBody(t, { pacienteId: a.pacienteId, medicoId: a.medicoId }, { datahora: a.datahora }),
    id: a.id,
    ...overrides,
  })

  it('rewrites, bumps versao, 200 { agendamento }', async () => {
    const a = await createAgendamento(t, ids(), { datahora: slot() })
    const moved = slot(3)
    const { agendamento } = expectStatus<{ agendamento: Agendamento }>(
      await call(
        t,
        'updateAgendamento',
        'staff',
        updateBody(a, { datahora: moved, estaPago: true, valorIncents: 999, exames: ['Tomografia'], versao: 1 }),
      ),
      200,
    )
    expect(agendamento).toMatchObject({
      id: a.id,
      datahora: moved,
      estapago: true,
      valorIncents: 999,
      exames: ['Tomografia'],
      versao: 2,
    })
  })

  it('keeps a past date-time (mark a past appointment paid), refuses moving to a past day', async () => {
    const a = await createAgendamento(t, ids(), { datahora: slot() })
    const past = clinicDateTime(-2, '09:00')
    await t.db
      .update(agendamentos)
      .set({ datahora: new Date(past), fim: new Date(Date.parse(past) + 15 * 60_000) })
      .where(eq(agendamentos.id, a.id))
    const kept = { ...a, datahora: past }
    const paid = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'updateAgendamento', 'staff', updateBody(kept, { estaPago: true })),
      200,
    )
    expect(paid.agendamento).toMatchObject({ datahora: past, estapago: true })
    expectError(
      await call(t, 'updateAgendamento', 'staff', updateBody(kept, { datahora: clinicDateTime(-1, '09:00') })),
      400,
      messages.dateBeforeToday,
    )
    expectError(
      await call(t, 'updateAgendamento', 'staff', updateBody(kept, { datahora: clinicDateTime(-2, '10:00') })),
      400,
      messages.dateBeforeToday,
    )
    // moving it to the future is fine
    expectStatus(await call(t, 'updateAgendamento', 'staff', updateBody(kept, { datahora: slot() })), 200)
  })

  it('unknown → 404; stale versao → 409; taken slot → 409; inactive/unknown patient or unknown doctor → 404', async () => {
    const a = await createAgendamento(t, ids(), { datahora: slot() })
    const b = await createAgendamento(t, ids(), { datahora: slot() })
    expectError(
      await call(t, 'updateAgendamento', 'staff', updateBody(a, { id: UNKNOWN_ID })),
      404,
      messages.appointmentNotFound,
    )
    expectStatus(await call(t, 'updateAgendamento', 'staff', updateBody(a, { versao: 1 })), 200)
    expectError(await call(t, 'updateAgendamento', 'staff', updateBody(a, { versao: 1 })), 409, messages.staleWrite)
    expectError(
      await call(t, 'updateAgendamento', 'staff', updateBody(a, { datahora: b.datahora })),
      409,
      messages.slotTaken,
    )
    expectError(
      await call(t, 'updateAgendamento', 'staff', updateBody(a, { pacienteId: UNKNOWN_ID })),
      404,
      messages.patientNotFound,
    )
    expectError(
      await call(t, 'updateAgendamento', 'staff', updateBody(a, { medicoId: UNKNOWN_ID })),
      404,
      messages.doctorNotFound,
    )
    const inactive = await createPaciente(t)
    expectStatus(await call(t, 'deletePaciente', 'staff', { id: inactive.id }), 200)
    expectError(
      await call(t, 'updateAgendamento', 'staff', updateBody(a, { pacienteId: inactive.id })),
      404,
      messages.patientNotFound,
    )
    const [row] = await t.db.select({ versao: agendamentos.versao }).from(agendamentos).where(eq(agendamentos.id, a.id))
    expect(row!.versao).toBe(2)
  })

  it('validates like register (missing fields, note, exams)', async () => {
    const a = await createAgendamento(t, ids(), { datahora: slot() })
    const { exames: _x, ...rest } = updateBody(a)
    expectError(await call(t, 'updateAgendamento', 'staff', rest), 400, messages.appointmentMissingFields)
    expectError(
      await call(t, 'updateAgendamento', 'staff', updateBody(a, { anotacao: 'x'.repeat(201) })),
      400,
      messages.noteTooLong,
    )
    expectError(await call(t, 'updateAgendamento', 'staff', updateBody(a, { id: 'abc' })), 400, messages.idInvalid)
  })
})

describe('DELETE /agendamento/delete', () => {
  it('deletes for good (200 { ok: true }); again → 404; the patient can then be deleted', async () => {
    const p = await createPaciente(t)
    const a = await createAgendamento(t, { pacienteId: p.id, medicoId: medico.id }, { datahora: slot() })
    expectError(await call(t, 'deletePaciente', 'staff', { id: p.id }), 409, messages.patientHasAppointments)
    expect(expectStatus(await call(t, 'deleteAgendamento', 'staff', { id: a.id }), 200)).toEqual({ ok: true })
    const [{ n }] = (await t.db.execute(sql`select count(*)::int as n from agendamentos where id = ${a.id}`)).rows as [
      { n: number },
    ]
    expect(n).toBe(0)
    expectError(await call(t, 'deleteAgendamento', 'staff', { id: a.id }), 404, messages.appointmentNotFound)
    expectStatus(await call(t, 'deletePaciente', 'staff', { id: p.id }), 200)
  })
})
