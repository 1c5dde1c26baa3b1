// The laudo at the front desk against the real server (issue 36 point 7): the protocolo de retirada is given
// once per appointment — two first calls at once give one number, never two — only after the arrival, its
// previsão the latest of the exams' prazos in the clinic's business days; the deliveries' list answers who
// took the laudo (never the CPF) by the delivery's clinic day and marks 'Retificado após a entrega'.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicToday,
  laudoDueDate,
  messages,
  type Agendamento,
  type LaudoEntregue,
  type ProtocoloRetirada,
} from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { call, clinicDateTime, createPaciente, expectError, expectStatus, openClinicAllWeek } from './helpers'

let t: TestApp
let medicoId: string
let clock = new Date()

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  await openClinicAllWeek(t)
  medicoId = expectStatus<{ medico: { id: string } }>(
    await call(t, 'registerMedico', 'admin', { nome: 'Paulo Balcão' }),
    201,
  ).medico.id
})
afterAll(async () => {
  await t?.close()
})

let slot = 0
/** An appointment `days` ahead with one exam per prazo, moved through `statuses`. */
async function appointment(days: number, prazos: number[], statuses: string[]) {
  const exameIds: string[] = []
  for (const prazo of prazos) {
    const exame = expectStatus<{ exame: { id: string } }>(
      await call(t, 'registerExame', 'admin', { nome: `Exame ${++slot}`, modalidade: 'US', duracao: 20 }),
      201,
    ).exame
    await t.db.execute(sql`update exames set prazo_laudo_dias = ${prazo} where id = ${exame.id}`)
    exameIds.push(exame.id)
  }
  const paciente = await createPaciente(t, { nome: 'Rita Souza', nomesocial: '' })
  let a = expectStatus<{ agendamento: Agendamento }>(
    await call(t, 'registerAgendamento', 'staff', {
      datahora: clinicDateTime(days, `${String(7 + (slot % 10)).padStart(2, '0')}:00`),
      anotacao: '',
      convenio: '',
      valorIncents: 0,
      estaPago: false,
      userId: t.users.staff.id,
      pacienteId: paciente.id,
      medicoId,
      exames: exameIds.map((_, i) => `Exame ${i}`),
      exameIds,
    }),
    201,
  ).agendamento
  for (const status of statuses)
    a = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'moverStatus', 'staff', { id: a.id, versao: a.versao, status }),
      200,
    ).agendamento
  return a
}

const protocolo = async (agendamentoId: string) =>
  expectStatus<{ protocolo: ProtocoloRetirada }>(await call(t, 'protocoloRetirada', 'staff', { agendamentoId }), 200)
    .protocolo

describe("the 'protocolo de retirada'", () => {
  it('is refused before the arrival and given once after it; two first calls at once share one number', async () => {
    const waiting = await appointment(30, [1, 4, 2], ['confirmado'])
    expectError(
      await call(t, 'protocoloRetirada', 'staff', { agendamentoId: waiting.id }),
      409,
      messages.laudoProtocoloNotArrived,
    )
    await call(t, 'moverStatus', 'staff', { id: waiting.id, versao: waiting.versao, status: 'aguardando' })
    const [first, second] = await Promise.all([protocolo(waiting.id), protocolo(waiting.id)])
    expect(first).toEqual(second)
    expect(first.numero).toMatch(new RegExp(`^${clinicToday(clock).slice(0, 4)}-\\d{6}$`))
    // the latest exam's prazo (4 business days; the clinic opens every day here)
    expect(first.previsao).toBe(laudoDueDate(addDays(clinicToday(), 30), 4, []))
    expect(first.previsao).toBe(addDays(clinicToday(), 34))
    const { rows } = await t.db.execute(sql`select 1 from laudo_protocolos where agendamento_id = ${waiting.id}`)
    expect(rows).toHaveLength(1)

    const other = await protocolo((await appointment(31, [2], ['aguardando'])).id)
    expect(other.numero).not.toBe(first.numero)
    // the database refuses a second appointment with the same number
    const third = await appointment(32, [2], ['aguardando'])
    await expect(
      t.db.execute(sql`insert into laudo_protocolos (agendamento_id, numero) values (${third.id}, ${first.numero})`),
    ).rejects.toThrow()
    // kept through later moves: 'Realizado' reads the same protocolo
    const moved = await appointment(33, [2], ['aguardando'])
    const given = await protocolo(moved.id)
    await call(t, 'moverStatus', 'staff', { id: moved.id, versao: moved.versao, status: 'em_atendimento' })
    expect(await protocolo(moved.id)).toEqual(given)
    expectError(
      await call(t, 'protocoloRetirada', 'staff', { agendamentoId: '00000000-0000-4000-8000-000000000000' }),
      404,
      messages.appointmentNotFound,
    )
  })
})

describe('the delivered laudos', () => {
  it("lists a delivery by its clinic day with who took it, never the CPF; 'Retificado após a entrega' after a new version", async () => {
    const a = await appointment(5, [2], ['confirmado', 'aguardando', 'em_atendimento', 'realizado'])
    const exame = await t.db.execute<{ exame_id: string }>(
      sql`select exame_id from agendamento_exames where agendamento_id = ${a.id} limit 1`,
    )
    const exameId = exame.rows[0]!.exame_id
    const { rows } = await t.db.execute<{ id: string }>(sql`
      insert into laudos (agendamento_id, exame_id, medico_id, estado) values (${a.id}, ${exameId}, ${medicoId}, 'Liberado')
      returning id`)
    const laudoId = rows[0]!.id
    await t.db.execute(sql`
      insert into laudo_versoes (laudo_id, versao, tecnica, relatorio, impressao, revisao, liberado_em, pdf, sha256, codigo_verificacao)
      values (${laudoId}, 1, 'T', 'R', 'I', 1, now(), '\\x25504446', 'x', null)`)
    // 23:30 in São Paulo is the next UTC day: the list reads the clinic's day
    clock = new Date(`${clinicToday()}T02:30:00.000Z`)
    const cpf = '52998224725'
    expectStatus(
      await call(t, 'entregarLaudo', 'staff', { laudoId, recebedor: 'terceiro', nome: 'Maria Souza', cpf }),
      200,
    )
    clock = new Date()
    const day = addDays(clinicToday(), -1)
    const list = async (de: string, ate: string) =>
      expectStatus<{ entregas: LaudoEntregue[] }>(await call(t, 'laudosEntregues', 'staff', { de, ate }), 200).entregas
    const [delivered] = (await list(day, day)).filter((e) => e.laudoId === laudoId)
    expect(delivered).toMatchObject({
      versao: 1,
      recebedor: 'terceiro',
      nome: 'Maria Souza',
      paciente: 'Rita Souza',
      dataExame: addDays(clinicToday(), 5),
      retificadoAposEntrega: false,
    })
    expect(JSON.stringify(await list(day, day))).not.toContain(cpf)
    expect((await list(clinicToday(), clinicToday())).some((e) => e.laudoId === laudoId)).toBe(false)

    await t.db.execute(sql`
      insert into laudo_versoes (laudo_id, versao, tecnica, relatorio, impressao, revisao, motivo_retificacao)
      values (${laudoId}, 2, 'T', 'R2', 'I', 0, 'Lateralidade')`)
    const [after] = (await list(day, day)).filter((e) => e.laudoId === laudoId)
    expect(after!.retificadoAposEntrega).toBe(true)
  })
})
