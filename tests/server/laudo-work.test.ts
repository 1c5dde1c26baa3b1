// The laudo's worklist and editor against the real server (issue 36 points 3 and 4): the draft is created
// from the exam's template with its placeholders filled, two saves from one revisao give one 200 and one
// 409, 'Atrasado' follows the clinic's business days, and the audit trail names fields, never text.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, messages, type Agendamento, type Laudo, type LaudoPendente } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { call, clinicDateTime, createPaciente, expectError, expectStatus, openClinicAllWeek } from './helpers'

let t: TestApp
let doctor: { token: string }
let medicoId: string
let clock = new Date()

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  await openClinicAllWeek(t)
  medicoId = expectStatus<{ medico: { id: string } }>(
    await call(t, 'registerMedico', 'admin', { nome: 'Helena Prado' }),
    201,
  ).medico.id
  await t.db.execute(sql`update medicos set tratamento = 'Dra.', crm = '123456', crm_uf = 'SP' where id = ${medicoId}`)
  const email = 'helena.laudos@clinica.test'
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
})
afterAll(async () => {
  await t?.close()
})

let slot = 0
/** An attended appointment of the doctor with one catalogue exam (prazo `prazo`), `days` ahead. */
async function attended(days: number, prazo = 2) {
  const exame = expectStatus<{ exame: { id: string; nome: string } }>(
    await call(t, 'registerExame', 'admin', { nome: `Mamografia ${++slot}`, modalidade: 'MMG', duracao: 20 }),
    201,
  ).exame
  await t.db.execute(sql`update exames set prazo_laudo_dias = ${prazo} where id = ${exame.id}`)
  await t.db.execute(sql`
    insert into modelos_laudo (exame_id, tecnica, relatorio, impressao)
    values (${exame.id}, 'Exame de {paciente}, {idade}.', '{exame} em {data_exame}; {medico} ({crm}).', '')`)
  const paciente = await createPaciente(t, { nome: 'Joana Lima', nomesocial: '' })
  let a = expectStatus<{ agendamento: Agendamento }>(
    await call(t, 'registerAgendamento', 'staff', {
      datahora: clinicDateTime(days, `${String(7 + slot).padStart(2, '0')}:00`),
      anotacao: '',
      convenio: 'Unimed',
      valorIncents: 0,
      estaPago: false,
      userId: t.users.staff.id,
      pacienteId: paciente.id,
      medicoId,
      exames: ['Raio-X de tórax'],
      exameIds: [exame.id],
    }),
    201,
  ).agendamento
  for (const status of ['confirmado', 'aguardando', 'em_atendimento'])
    a = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'moverStatus', 'staff', { id: a.id, versao: a.versao, status }),
      200,
    ).agendamento
  return { agendamento: a, exame, paciente }
}

const open = async (agendamentoId: string, exameId: string) =>
  expectStatus<{ laudo: Laudo; criado: boolean }>(await call(t, 'abrirLaudo', doctor, { agendamentoId, exameId }), 200)
const texto = (relatorio: string) => ({ tecnica: 'T', relatorio, impressao: 'I', birads: 2 })

describe("the laudo's worklist and editor", () => {
  it("fills the first draft from the exam's template; two saves from one revisao: one 200, one 409", async () => {
    const { agendamento, exame, paciente } = await attended(3)
    const { laudo, criado } = await open(agendamento.id, exame.id)
    expect(criado).toBe(true)
    const birth = paciente.datanascimento.slice(0, 10)
    const day = agendamento.datahora.slice(0, 10)
    const age = Number(day.slice(0, 4)) - Number(birth.slice(0, 4)) - (day.slice(5) < birth.slice(5) ? 1 : 0)
    expect(laudo.rascunho).toMatchObject({
      versao: 1,
      revisao: 0,
      tecnica: `Exame de Joana Lima, ${age} anos.`,
      relatorio: `${exame.nome} em ${day.split('-').reverse().join('/')}; Dra. Helena Prado (CRM 123456/SP).`,
    })

    const [first, second] = await Promise.all([
      call(t, 'salvarLaudo', doctor, { id: laudo.id, revisao: 0, ...texto('primeiro') }),
      call(t, 'salvarLaudo', 'admin', { id: laudo.id, revisao: 0, ...texto('segundo') }),
    ])
    const statuses = [first.statusCode, second.statusCode].sort()
    expect(statuses).toEqual([200, 409])
    const loser = first.statusCode === 409 ? first : second
    const winner = first.statusCode === 200 ? first : second
    const kept = expectStatus<{ laudo: Laudo }>(winner, 200).laudo
    expect(loser.json()).toEqual({ error: messages.laudoConflict, laudo: kept })
    expect(kept.rascunho?.revisao).toBe(1)

    const audit = await t.db.execute<{ action: string; fields: string[] }>(
      sql`select action, fields from audit_log where entity = 'laudo' and entity_id = ${laudo.id}::uuid order by id`,
    )
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'view', 'update'])
    expect(audit.rows[2]!.fields).toEqual(['tecnica', 'relatorio', 'impressao', 'birads'])
    const { rows } = await t.db.execute<{ row: string }>(sql`select row_to_json(a)::text as row from audit_log a`)
    expect(rows.map((r) => r.row).join()).not.toMatch(/primeiro|segundo|Joana/)
  })

  it("a released draft is not saved; 'Atrasado' once past the exam's prazo in business days", async () => {
    const { agendamento, exame } = await attended(2, 1)
    const { laudo } = await open(agendamento.id, exame.id)
    const mine = async () =>
      expectStatus<{ laudos: LaudoPendente[] }>(
        await call(t, 'laudosPendentes', doctor, { meus: true, modalidade: 'MMG', equipamentoId: null }),
        200,
      ).laudos.find((l) => l.laudoId === laudo.id)
    expect(await mine()).toMatchObject({ atrasado: false, previsao: addDays(clinicToday(), 3) })
    clock = new Date(Date.now() + 4 * 86_400_000 + 3_600_000)
    expect(await mine()).toMatchObject({ atrasado: true })
    const board = expectStatus<{ atrasados: number }>(
      await call(t, 'laudosDoDia', 'staff', { dia: clinicToday() }),
      200,
    )
    expect(board.atrasados).toBeGreaterThanOrEqual(1)
    clock = new Date()

    await t.db.execute(sql`update laudo_versoes set liberado_em = now() where laudo_id = ${laudo.id}`)
    await t.db.execute(sql`update laudos set estado = 'Liberado' where id = ${laudo.id}`)
    expectError(
      await call(t, 'salvarLaudo', doctor, { id: laudo.id, revisao: 0, ...texto('x') }),
      409,
      messages.laudoReleased,
    )
    expect(await mine()).toBeUndefined()
  })
})
