// The rest of the front desk's day: 'Marcar faltas', the day board's version, the status filter of the
// appointments list, the audit trail of moves, and a doctor's own user (link, 'Minha agenda', what they may move).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicToday,
  messages,
  type Agendamento,
  type Medico,
  type Paciente,
  type UsuarioComMedico,
} from '@contract'
import { auditLog } from '../../server/db/schema'
import { createTestApp, type TestApp } from '../support/api-app'
import { bringTo, callDesk, moveOk, TestClock } from './front-desk-helpers'
import { call, createAgendamento, createMedico, createPaciente, expectError, expectStatus, UNKNOWN_ID } from './helpers'

const clock = new TestClock()
let t: TestApp
let paciente: Paciente
let medico: Medico
let outro: Medico
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
  paciente = await createPaciente(t, { nome: 'Conceição Araújo' })
  medico = await createMedico(t, 'Carlos Souza')
  outro = await createMedico(t, 'Helena Duarte')
})
afterAll(async () => {
  await t?.close()
})
beforeEach(() => clock.reset())

const book = (datahora: string, doctor: Medico = medico) =>
  createAgendamento(t, { pacienteId: paciente.id, medicoId: doctor.id }, { datahora })

async function signIn(email: string, password: string): Promise<string> {
  return expectStatus<{ token: string }>(await call(t, 'login', 'anonymous', { email, password }), 200).token
}

describe("'Marcar faltas'", () => {
  it('marks today’s appointments more than 30 minutes past their time with no arrival, and only those', async () => {
    const today = clinicToday()
    const atTen = await book(`${today}T10:00:00.000Z`)
    const confirmed = await bringTo(t, await book(`${today}T11:29:00.000Z`), 'confirmado')
    // another doctor: 11:29 holds this one until 11:44 (the overlap rule, docs/decisions.md "Agenda and equipment")
    const recent = await book(`${today}T11:31:00.000Z`, outro)
    const arrived = await bringTo(t, await book(`${today}T09:00:00.000Z`, outro), 'aguardando')
    const tomorrow = await book(`${addDays(today, 1)}T08:00:00.000Z`)
    clock.setClinicTime(today, '12:00')
    const ids = [atTen, confirmed, recent, arrived, tomorrow].map((a) => a.id).concat(UNKNOWN_ID)
    const { agendamentos } = expectStatus<{ agendamentos: Agendamento[] }>(
      await callDesk(t, 'marcarFaltas', 'staff', { ids }),
      200,
    )
    expect(agendamentos.map((a) => [a.id, a.status])).toEqual([
      [atTen.id, 'faltou'],
      [confirmed.id, 'faltou'],
    ])
    const day = expectStatus<{ agendamentos: Agendamento[] }>(
      await call(t, 'listAgendamentosBetweenDate', 'staff', {
        datainicior: `${today}T00:00:00.000Z`,
        datafimr: `${today}T23:59:59.999Z`,
      }),
      200,
    ).agendamentos
    expect(day.find((a) => a.id === recent.id)).not.toHaveProperty('status')
    expect(day.find((a) => a.id === arrived.id)?.status).toBe('aguardando')
    // their time is free again; marking again changes nothing
    await book(atTen.datahora)
    expect(
      expectStatus<{ agendamentos: Agendamento[] }>(await callDesk(t, 'marcarFaltas', 'staff', { ids }), 200)
        .agendamentos,
    ).toEqual([])
    const history = expectStatus<{ historico: { action: string; status?: unknown }[] }>(
      await call(t, 'historicoAgendamento', 'staff', { id: confirmed.id }),
      200,
    ).historico
    expect(history).toContainEqual(
      expect.objectContaining({ action: 'status', status: { de: 'confirmado', para: 'faltou' } }),
    )
  })

  it('needs at least one id', async () => {
    expectError(await callDesk(t, 'marcarFaltas', 'staff', { ids: [] }), 400, messages.missedNoneSelected)
    expectError(await callDesk(t, 'marcarFaltas', 'staff', {}), 400, messages.required)
  })
})

describe('POST /agendamento/versaoDia', () => {
  const version = async (dia: string) =>
    expectStatus<{ dia: string; versao: number }>(await callDesk(t, 'versaoDia', 'staff', { dia }), 200)

  it('changes with every booking, change, move and deletion of that day, and only of that day', async () => {
    const dia = addDays(clinicToday(), 40)
    const other = addDays(dia, 1)
    expect(await version(dia)).toEqual({ dia, versao: 0 })
    const seen = [(await version(dia)).versao]
    const expectChanged = async () => {
      const now = (await version(dia)).versao
      expect(now).not.toBe(seen.at(-1))
      seen.push(now)
    }
    const a = await book(`${dia}T08:00:00.000Z`)
    await expectChanged()
    const confirmado = await moveOk(t, a, 'confirmado')
    await expectChanged()
    await book(`${other}T08:00:00.000Z`)
    expect((await version(dia)).versao).toBe(seen.at(-1))
    const moved = {
      datahora: `${other}T09:00:00.000Z`,
      anotacao: '',
      convenio: '',
      valorIncents: 100,
      estaPago: false,
      userId: t.users.staff.id,
      pacienteId: paciente.id,
      medicoId: medico.id,
      exames: ['Raio-X'],
    }
    const otherBefore = (await version(other)).versao
    expectStatus(await call(t, 'updateAgendamento', 'staff', { ...moved, id: a.id, versao: confirmado.versao }), 200)
    await expectChanged()
    expect((await version(other)).versao).toBeGreaterThan(otherBefore)
    const b = await book(`${dia}T10:00:00.000Z`)
    await expectChanged()
    expectStatus(await call(t, 'deleteAgendamento', 'staff', { id: b.id }), 200)
    await expectChanged()
  })

  it('takes a real day', async () => {
    expectError(await callDesk(t, 'versaoDia', 'staff', { dia: '2026-02-30' }), 400, messages.dayInvalid)
    expectError(await callDesk(t, 'versaoDia', 'staff', {}), 400, messages.required)
    expectError(await callDesk(t, 'versaoDia', 'anonymous', { dia: '2026-02-20' }), 401, messages.unauthenticated)
  })
})

describe('the appointments list filters by status; moves are in the audit trail', () => {
  it('listAll with status', async () => {
    const dia = addDays(clinicToday(), 50)
    const a = await book(`${dia}T08:00:00.000Z`, outro)
    const b = await bringTo(t, await book(`${dia}T09:00:00.000Z`, outro), 'confirmado')
    const list = async (status?: string) =>
      expectStatus<{ agendamentos: Agendamento[] }>(
        await call(t, 'listAgendamentos', 'staff', {
          page: 1,
          medicoId: outro.id,
          ...(status ? { status } : {}),
          datainicior: `${dia}T00:00:00.000Z`,
          datafimr: `${dia}T23:59:59.999Z`,
        }),
        200,
      ).agendamentos.map((x) => x.id)
    expect(await list()).toEqual([a.id, b.id])
    expect(await list('agendado')).toEqual([a.id])
    expect(await list('confirmado')).toEqual([b.id])
    expect(await list('faltou')).toEqual([])
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, 'status')))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ userId: t.users.staff.id, entity: 'agendamento', fields: ['status'] })
  })
})

describe("a doctor's own user", () => {
  it('ADMIN links a user when creating it and later; /users/me says which doctor; the register answer keeps its shape', async () => {
    const created = expectStatus<{ user: Record<string, unknown> }>(
      await call(t, 'registerUser', 'admin', {
        nome: 'Carlos Souza',
        email: 'carlos@clinica.test',
        password: 'senha-do-medico',
        medicoId: medico.id,
      }),
      201,
    ).user
    expect(Object.keys(created).sort()).toEqual(['email', 'id', 'nome', 'role'])
    const token = await signIn('carlos@clinica.test', 'senha-do-medico')
    const me = async (who: { token: string } | 'staff') =>
      expectStatus<{ user: UsuarioComMedico }>(await callDesk(t, 'meuUsuario', who), 200).user
    expect((await me({ token })).medico).toEqual(medico)
    expect((await me('staff')).medico).toBeNull()

    const link = (medicoId: string | null, id = created.id) => callDesk(t, 'vincularMedico', 'admin', { id, medicoId })
    expect(expectStatus<{ user: UsuarioComMedico }>(await link(outro.id), 200).user.medico).toEqual(outro)
    expect((await me({ token })).medico).toEqual(outro)
    expect(expectStatus<{ user: UsuarioComMedico }>(await link(null), 200).user.medico).toBeNull()
    expectError(await link(UNKNOWN_ID), 404, messages.doctorNotFound)
    expectError(await link(medico.id, UNKNOWN_ID), 404, messages.userNotFound)
    expectError(
      await callDesk(t, 'vincularMedico', 'staff', { id: created.id, medicoId: medico.id }),
      403,
      messages.forbidden,
    )
    expectError(
      await call(t, 'registerUser', 'admin', {
        nome: 'Outro Nome',
        email: 'x@clinica.test',
        password: '12345678',
        medicoId: UNKNOWN_ID,
      }),
      404,
      messages.doctorNotFound,
    )

    const usuarios = expectStatus<{ usuarios: UsuarioComMedico[] }>(
      await callDesk(t, 'listUsuarios', 'admin', { page: 1 }),
      200,
    ).usuarios
    expect(usuarios.map((u) => u.nome)).toEqual(['Ana Administradora', 'Bruno Recepção', 'Carlos Souza'])
    expectError(await callDesk(t, 'listUsuarios', 'staff', { page: 1 }), 403, messages.forbidden)
  })

  it('a linked user starts and finishes their own appointments only, and does not mark missed ones', async () => {
    const user = expectStatus<{ user: { id: string } }>(
      await call(t, 'registerUser', 'admin', {
        nome: 'Helena Duarte',
        email: 'helena@clinica.test',
        password: 'senha-da-medica',
        medicoId: outro.id,
      }),
      201,
    ).user
    const doctor = { token: await signIn('helena@clinica.test', 'senha-da-medica') }
    const dia = addDays(clinicToday(), 60)
    const own = await book(`${dia}T08:00:00.000Z`, outro)
    expectError(
      await callDesk(t, 'moverStatus', doctor, { id: own.id, versao: own.versao, status: 'confirmado' }),
      403,
      messages.statusNotYours,
    )
    const waiting = await bringTo(t, own, 'aguardando')
    const started = await moveOk(t, waiting, 'em_atendimento', doctor)
    const done = await moveOk(t, started, 'realizado', doctor)
    expect(done.status).toBe('realizado')
    expect(
      expectStatus<{ agendamento: Agendamento }>(
        await callDesk(t, 'desfazerStatus', doctor, { id: done.id, versao: done.versao }),
        200,
      ).agendamento.status,
    ).toBe('em_atendimento')

    const notOwn = await bringTo(t, await book(`${dia}T08:00:00.000Z`, medico), 'aguardando')
    expectError(
      await callDesk(t, 'moverStatus', doctor, { id: notOwn.id, versao: notOwn.versao, status: 'em_atendimento' }),
      403,
      messages.statusNotYours,
    )
    expectError(await callDesk(t, 'marcarFaltas', doctor, { ids: [notOwn.id] }), 403, messages.missedStaffOnly)
    const history = expectStatus<{ historico: { user: { id: string } | null }[] }>(
      await call(t, 'historicoAgendamento', 'staff', { id: own.id }),
      200,
    ).historico
    expect(history[0]!.user?.id).toBe(user.id)
  })
})
