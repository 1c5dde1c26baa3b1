// The laudo's worklist in pages against the real server (issue 36 point 11, docs/decisions.md "The laudo's
// worklist"): oldest exam first, LAUDO_WORKLIST_PAGE_SIZE rows and the next page's cursor, the filters
// applied past a cursor, a bad cursor refused in Portuguese — and the day board's late count still the
// whole clinic's, not a page's.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicToday,
  LAUDO_WORKLIST_PAGE_SIZE,
  laudoWorklistCursor,
  messages,
  type Agendamento,
  type LaudoPendente,
  type LaudosDoDia,
} from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { call, clinicDateTime, createPaciente, expectError, expectStatus, openClinicAllWeek } from './helpers'

type Page = { laudos: LaudoPendente[]; proximo: string | null }

let t: TestApp
let doctor: { token: string }
let medicoId: string
let otherMedicoId: string
let equipamentoId: string
let clock = new Date()
/** Every pending exam made here, in the list's order: (exam instant, appointment, exam). */
const made: { datahora: string; agendamentoId: string; exameId: string; medicoId: string; modalidade: string }[] = []
const DAYS = 30

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  await openClinicAllWeek(t)
  const medico = async (nome: string) =>
    expectStatus<{ medico: { id: string } }>(await call(t, 'registerMedico', 'admin', { nome }), 201).medico.id
  medicoId = await medico('Helena Prado')
  otherMedicoId = await medico('Rui Campos')
  const email = 'helena.paginas@clinica.test'
  expectStatus(
    await call(t, 'registerUser', 'admin', { nome: 'Helena', email, password: 'senha-da-medica-1', medicoId }),
    201,
  )
  doctor = {
    token: expectStatus<{ token: string }>(
      await call(t, 'login', 'anonymous', { email, password: 'senha-da-medica-1' }),
      200,
    ).token,
  }
  const exame = async (nome: string, modalidade: string) =>
    expectStatus<{ exame: { id: string } }>(
      await call(t, 'registerExame', 'admin', { nome, modalidade, duracao: 20 }),
      201,
    ).exame.id
  // two exams per appointment: a page may end between an appointment's exams
  const mamografia = await exame('Mamografia paginada', 'MMG')
  const ultrassom = await exame('Ultrassom paginado', 'US')
  await t.db.execute(sql`update exames set prazo_laudo_dias = 1 where id in (${mamografia}, ${ultrassom})`)
  equipamentoId = expectStatus<{ equipamento: { id: string } }>(
    await call(t, 'registerEquipamento', 'admin', { nome: 'Mamógrafo 1', modalidades: ['MMG'], horarios: [] }),
    201,
  ).equipamento.id
  const paciente = await createPaciente(t, { nome: 'Joana Lima', nomesocial: '' })
  // two appointments a day, one each doctor's, 30 days ahead: 60 appointments, 120 pending exams
  for (let day = 1; day <= DAYS; day++)
    for (const [who, time] of [
      [medicoId, '09:00'],
      [otherMedicoId, '10:30'],
    ] as const) {
      let a = expectStatus<{ agendamento: Agendamento }>(
        await call(t, 'registerAgendamento', 'staff', {
          datahora: clinicDateTime(day, time),
          anotacao: '',
          convenio: 'Unimed',
          valorIncents: 0,
          estaPago: false,
          userId: t.users.staff.id,
          pacienteId: paciente.id,
          medicoId: who,
          exames: ['Mamografia paginada', 'Ultrassom paginado'],
          exameIds: [mamografia, ultrassom],
        }),
        201,
      ).agendamento
      for (const status of ['confirmado', 'aguardando', 'em_atendimento'])
        a = expectStatus<{ agendamento: Agendamento }>(
          await call(t, 'moverStatus', 'staff', { id: a.id, versao: a.versao, status }),
          200,
        ).agendamento
      for (const [exameId, modalidade] of [
        [mamografia, 'MMG'],
        [ultrassom, 'US'],
      ] as const)
        made.push({ datahora: a.datahora, agendamentoId: a.id, exameId, medicoId: who, modalidade })
    }
  // every third appointment on the machine
  const onMachine = [...new Set(made.map((m) => m.agendamentoId))].filter((_, i) => i % 3 === 0)
  for (const id of onMachine)
    await t.db.execute(sql`update agendamentos set equipamento_id = ${equipamentoId} where id = ${id}`)
  made.sort((x, y) =>
    x.datahora !== y.datahora
      ? x.datahora < y.datahora
        ? -1
        : 1
      : x.agendamentoId !== y.agendamentoId
        ? x.agendamentoId < y.agendamentoId
          ? -1
          : 1
        : x.exameId < y.exameId
          ? -1
          : 1,
  )
  for (const m of made) Object.assign(m, { equipamento: onMachine.includes(m.agendamentoId) })
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const keyOf = (l: { agendamentoId: string; exameId: string }) => `${l.agendamentoId} ${l.exameId}`

async function page(body: Record<string, unknown>, who: { token: string } | 'admin' = 'admin'): Promise<Page> {
  return expectStatus<Page>(
    await call(t, 'laudosPendentes', who, { meus: false, modalidade: null, equipamentoId: null, ...body }),
    200,
  )
}

/** Every page from the first, following `proximo`. */
async function allPages(body: Record<string, unknown>, who: { token: string } | 'admin' = 'admin'): Promise<Page[]> {
  const pages = [await page(body, who)]
  while (pages.at(-1)!.proximo) pages.push(await page({ ...body, depois: pages.at(-1)!.proximo }, who))
  return pages
}

describe("the laudo's worklist in pages", () => {
  it('pages oldest exam first, 50 at a time, each row once, the last page with proximo null', async () => {
    const pages = await allPages({})
    expect(pages.map((p) => p.laudos.length)).toEqual([LAUDO_WORKLIST_PAGE_SIZE, LAUDO_WORKLIST_PAGE_SIZE, 20])
    expect(pages.map((p) => p.proximo === null)).toEqual([false, false, true])
    expect(pages.flatMap((p) => p.laudos).map(keyOf)).toEqual(made.map(keyOf))
    // an answer without a cursor is the first page, as before paging
    expect(await page({ depois: null })).toEqual(pages[0])
  })

  it("applies 'Meus', the modality and the machine past a cursor", async () => {
    // the cursor of the unfiltered list's 50th row, then each filter from there
    const cut = made[LAUDO_WORKLIST_PAGE_SIZE - 1]!
    const depois = laudoWorklistCursor({ ...cut, datahora: cut.datahora })
    const rest = made.slice(LAUDO_WORKLIST_PAGE_SIZE)
    const us = await allPages({ modalidade: 'US', depois })
    expect(us.flatMap((p) => p.laudos).map(keyOf)).toEqual(rest.filter((m) => m.modalidade === 'US').map(keyOf))
    const mine = await allPages({ meus: true, depois }, doctor)
    expect(mine.flatMap((p) => p.laudos).map(keyOf)).toEqual(rest.filter((m) => m.medicoId === medicoId).map(keyOf))
    const machine = await allPages({ equipamentoId, depois })
    expect(machine.flatMap((p) => p.laudos).map(keyOf)).toEqual(
      rest.filter((m) => (m as { equipamento?: boolean }).equipamento).map(keyOf),
    )
    // 'Meus' alone: the doctor's 60 exams, a page of 50 and one of 10
    const all = await allPages({ meus: true }, doctor)
    expect(all.map((p) => p.laudos.length)).toEqual([LAUDO_WORKLIST_PAGE_SIZE, 10])
    expect(all.flatMap((p) => p.laudos).every((l) => l.medico.id === medicoId)).toBe(true)
  })

  it('refuses a cursor that is not one: 400 in Portuguese, never a 500', async () => {
    const id = made[0]!.agendamentoId
    for (const depois of [
      'x',
      '',
      `2026-02-30T10:00:00.000Z_${id}_${id}`,
      `0000-01-01T00:00:00.000Z_${id}_${id}`,
      `2026-11-27T10:00:00.000Z_${id}`,
      `2026-11-27T25:00:00.000Z_${id}_${id}`,
      12,
    ])
      expectError(
        await call(t, 'laudosPendentes', 'admin', { meus: false, modalidade: null, equipamentoId: null, depois }),
        400,
        messages.laudoWorklistCursorInvalid,
      )
  })

  it("the board's late count is the whole clinic's, past one page; the day's laudos flagged as the worklist", async () => {
    const lastDay = addDays(clinicToday(), DAYS)
    const opened = made.find((m) => m.datahora.startsWith(lastDay))!
    const { laudo } = expectStatus<{ laudo: { id: string } }>(
      await call(t, 'abrirLaudo', doctor, { agendamentoId: opened.agendamentoId, exameId: opened.exameId }),
      200,
    )
    const board = async (dia: string) => expectStatus<LaudosDoDia>(await call(t, 'laudosDoDia', 'staff', { dia }), 200)
    expect((await board(lastDay)).laudos).toEqual([expect.objectContaining({ laudoId: laudo.id, atrasado: false })])
    expect((await board(lastDay)).atrasados).toBe(0)

    // past every exam's prazo (1 business day, the clinic open every day)
    clock = new Date(Date.parse(`${addDays(lastDay, 3)}T12:00:00.000Z`) + 3 * 3_600_000)
    try {
      const late = await board(lastDay)
      expect(late.atrasados).toBe(made.length)
      expect(late.laudos).toEqual([expect.objectContaining({ laudoId: laudo.id, atrasado: true })])
      // as the worklist says
      const rows = (await allPages({})).flatMap((p) => p.laudos)
      expect(rows.filter((l) => l.atrasado)).toHaveLength(late.atrasados)

      // released: neither late nor counted
      await t.db.execute(sql`update laudos set estado = 'Liberado' where id = ${laudo.id}`)
      const released = await board(lastDay)
      expect(released.atrasados).toBe(made.length - 1)
      expect(released.laudos).toEqual([expect.objectContaining({ laudoId: laudo.id, atrasado: false })])
    } finally {
      clock = new Date()
    }
  })
})
