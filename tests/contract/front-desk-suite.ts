// The contract suite's cases for the front desk's day (contract/front-desk.ts): status moves, 'Desfazer',
// the freed time, 'Marcar faltas', the day board's version and the user↔doctor link — the same checks on
// every target, so that the msw mock the PWA's tests run on moves statuses exactly as the server does.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicToday,
  frontDeskCalls,
  messages,
  moveNotAllowedMessage,
  type Agendamento,
  type CallAnswer,
  type CallName,
  type Status,
} from '@contract'
import { agendamentoBody, future, pacienteBody, tag } from './fixtures'
import type { ContractResponse, ContractTarget } from './targets'
import { MOVES } from '../support/status-moves'

type DeskCall = keyof typeof frontDeskCalls
type Role = 'admin' | 'staff'

const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'

/** Bad bodies of each call: the answer is validationErrorBody on the call's schema. */
export const frontDeskBadBodies: Record<Exclude<DeskCall, 'meuUsuario'>, unknown[]> = {
  moverStatus: [
    {},
    { id: someId, versao: 1 },
    { id: someId, versao: 1, status: 'remarcado' },
    { id: someId, versao: '1', status: 'confirmado' },
    { id: someId, versao: 1, status: 'cancelado' },
    { id: someId, versao: 1, status: 'cancelado', motivo: 'acaso' },
    { id: someId, versao: 1, status: 'confirmado', motivo: 'paciente' },
    { id: someId, versao: 1, status: 'cancelado', motivo: 'clinica', texto: 'x'.repeat(201) },
    { id: 'x', versao: 1, status: 'confirmado', extra: true },
    // issue 38: a legal priority only from the list, and only at arrival
    { id: someId, versao: 1, status: 'aguardando', prioridade: 'vip' },
    { id: someId, versao: 1, status: 'confirmado', prioridade: 'gestante' },
  ],
  desfazerStatus: [{}, { id: someId }, { id: someId, versao: -1 }],
  versaoDia: [{}, { dia: '2026-02-30' }, { dia: '24/11/2026' }, { dia: 20261124 }],
  marcarFaltas: [{}, { ids: [] }, { ids: ['x'] }, { ids: someId }],
  listUsuarios: [{}, { page: 0 }],
  vincularMedico: [{}, { id: someId }, { id: someId, medicoId: 'x' }],
}

const PATH_TO: Record<Status, Status[]> = {
  agendado: [],
  confirmado: ['confirmado'],
  aguardando: ['confirmado', 'aguardando'],
  em_atendimento: ['confirmado', 'aguardando', 'em_atendimento'],
  realizado: ['confirmado', 'aguardando', 'em_atendimento', 'realizado'],
  faltou: ['faltou'],
  cancelado: ['cancelado'],
}
const reason = (to: Status) => (to === 'cancelado' ? { motivo: 'clinica' } : {})

/** What the contract suite lends these cases: its target and its helpers (ok() records the coverage). */
export interface SuiteTools {
  t: ContractTarget
  ok<N extends CallName>(name: N, body?: unknown, role?: Role | { token: string }): Promise<CallAnswer<N>>
  send(name: CallName, body?: unknown, role?: Role | { token: string } | null): Promise<ContractResponse>
  expectError(res: ContractResponse, status: number, error: string): void
}

/** The cases, inside defineContractSuite (contract-suite.ts): `tools()` is read once its target exists. */
export function defineFrontDeskCases(tools: () => SuiteTools): void {
  describe("the front desk's day", () => {
    let t: ContractTarget
    let ok: SuiteTools['ok']
    let expectError: SuiteTools['expectError']
    beforeAll(() => {
      ;({ t, ok, expectError } = tools())
    })
    /** A call as `auth` (a role or another user's token); the body as JSON. */
    const desk = (name: DeskCall, body: unknown, auth: Role | { token: string } = 'staff') =>
      t.call(name, body, typeof auth === 'string' ? t.tokens[auth] : auth.token)
    async function deskOk<N extends DeskCall>(
      name: N,
      body: unknown,
      auth: Role | { token: string } = 'staff',
    ): Promise<CallAnswer<N>> {
      if (typeof auth === 'string') return ok(name, body, auth)
      const res = await desk(name, body, auth)
      expect(res.status, `${name} → ${JSON.stringify(res.body)}`).toBe(frontDeskCalls[name].status)
      return frontDeskCalls[name].response.parse(res.body) as CallAnswer<N>
    }

    let medicoId: string
    let pacienteId: string
    let slots = 0
    beforeAll(async () => {
      medicoId = (await ok('registerMedico', { nome: `Doutor ${tag()}` }, 'admin')).medico.id
      pacienteId = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente.id
    })
    /** A fresh appointment `days` ahead at a slot of its own. */
    async function fresh(days = 30, doctor?: string): Promise<Agendamento> {
      slots++
      // 15 minutes apart: an appointment's default duration (the overlap rule, docs/decisions.md "Agenda and equipment")
      const minute = 7 * 60 + (slots % 60) * 15
      days += Math.floor(slots / 60)
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
      return (
        await ok(
          'registerAgendamento',
          agendamentoBody(t.users.staff.id, pacienteId, doctor ?? medicoId, future(days, time)),
        )
      ).agendamento
    }
    async function move(a: Agendamento, status: Status, auth: Role | { token: string } = 'staff') {
      return (await deskOk('moverStatus', { id: a.id, versao: a.versao, status, ...reason(status) }, auth)).agendamento
    }
    async function bringTo(a: Agendamento, status: Status) {
      let current = a
      for (const step of PATH_TO[status]) current = await move(current, step)
      return current
    }
    const read = async (id: string) => (await ok('findAgendamento', { id })).agendamento

    describe('moves', () => {
      it('a booking reads back without status; each move answers the appointment with it', async () => {
        const a = await fresh()
        expect(a).not.toHaveProperty('status')
        const confirmado = await move(a, 'confirmado')
        expect(confirmado).toMatchObject({ id: a.id, status: 'confirmado', versao: a.versao + 1 })
        const aguardando = await move(confirmado, 'aguardando')
        expect(Date.parse(aguardando.chegada!)).not.toBeNaN()
        expect(await read(a.id)).toEqual(aguardando)
      })

      it.each(MOVES)('%s → %s: allowed %s', async (from, to, allowed) => {
        const start = await bringTo(await fresh(), from)
        const res = await desk('moverStatus', { id: start.id, versao: start.versao, status: to, ...reason(to) })
        if (allowed)
          expect(frontDeskCalls.moverStatus.response.parse(res.body).agendamento).toMatchObject({
            status: to,
            versao: start.versao + 1,
          })
        else expectError(res, 409, moveNotAllowedMessage(from, to))
        if (!allowed) expect(await read(start.id)).toEqual(start)
      })

      it("a walk-in arrives from 'Agendado': no confirmation in the history; 'Desfazer' goes back", async () => {
        const a = await fresh()
        const aguardando = await move(a, 'aguardando')
        expect(aguardando).toMatchObject({ status: 'aguardando', versao: a.versao + 1 })
        expect(Date.parse(aguardando.chegada!)).not.toBeNaN()
        const { historico } = await ok('historicoAgendamento', { id: a.id })
        const moves = historico.filter((e) => e.action === 'status')
        expect(moves.map((e) => [e.status?.de, e.status?.para])).toEqual([['agendado', 'aguardando']])
        expect(moves[0]?.fields).toEqual(['status', 'chegada'])
        const back = (await deskOk('desfazerStatus', { id: a.id, versao: aguardando.versao })).agendamento
        expect(back).not.toHaveProperty('status')
        expect(back).not.toHaveProperty('chegada')
      })

      it('a stale versao → 409; an unknown id → 404', async () => {
        const a = await move(await fresh(), 'confirmado')
        expectError(
          await desk('moverStatus', { id: a.id, versao: a.versao - 1, status: 'aguardando' }),
          409,
          messages.statusStale,
        )
        expectError(
          await desk('moverStatus', { id: someId, versao: 1, status: 'confirmado' }),
          404,
          messages.appointmentNotFound,
        )
        expect(await read(a.id)).toEqual(a)
      })

      it('simultaneous moves of one appointment: exactly one wins', async () => {
        const a = await move(await fresh(), 'confirmado')
        const targets: Status[] = ['aguardando', 'cancelado', 'aguardando', 'faltou', 'aguardando', 'cancelado']
        const results = await Promise.all(
          targets.map((status) => desk('moverStatus', { id: a.id, versao: a.versao, status, ...reason(status) })),
        )
        expect(results.filter((r) => r.status === 200)).toHaveLength(1)
        for (const r of results.filter((r) => r.status !== 200)) expectError(r, 409, messages.statusStale)
        expect((await read(a.id)).versao).toBe(a.versao + 1)
      })

      it('the history lists each move with who, from, to and the motivo', async () => {
        const a = await fresh()
        const cancelado = (
          await deskOk('moverStatus', {
            id: a.id,
            versao: a.versao,
            status: 'cancelado',
            motivo: 'paciente',
            texto: 'Remarcou por telefone.',
          })
        ).agendamento
        expect(cancelado.status).toBe('cancelado')
        const { historico } = await ok('historicoAgendamento', { id: a.id })
        expect(historico.map((e) => e.action)).toEqual(['status', 'create'])
        expect(historico[0]).toMatchObject({
          user: { id: t.users.staff.id, nome: t.users.staff.nome },
          fields: ['status'],
          status: { de: 'agendado', para: 'cancelado', motivo: 'paciente', texto: 'Remarcou por telefone.' },
        })
      })
    })

    describe("'Desfazer' and the freed time", () => {
      it('takes back the last move; after 10 minutes only ADMIN', async () => {
        const now = Date.now()
        t.setClock!(new Date(now))
        const aguardando = await bringTo(await fresh(), 'aguardando')
        const confirmado = (await deskOk('desfazerStatus', { id: aguardando.id, versao: aguardando.versao }))
          .agendamento
        expect(confirmado).toMatchObject({ status: 'confirmado', versao: aguardando.versao + 1 })
        expect(confirmado).not.toHaveProperty('chegada')
        t.setClock!(new Date(now + 11 * 60_000))
        expectError(
          await desk('desfazerStatus', { id: confirmado.id, versao: confirmado.versao }),
          403,
          messages.undoExpired,
        )
        const agendado = (await deskOk('desfazerStatus', { id: confirmado.id, versao: confirmado.versao }, 'admin'))
          .agendamento
        expect(agendado).not.toHaveProperty('status')
        expectError(
          await desk('desfazerStatus', { id: agendado.id, versao: agendado.versao }, 'admin'),
          409,
          messages.undoNothing,
        )
        t.setClock!(undefined)
        const { historico } = await ok('historicoAgendamento', { id: agendado.id })
        expect(
          historico.filter((e) => e.action === 'status_desfeito').map((e) => [e.status?.de, e.status?.para]),
        ).toEqual(
          expect.arrayContaining([
            ['aguardando', 'confirmado'],
            ['confirmado', 'agendado'],
          ]),
        )
      })

      it("'Cancelado' and 'Faltou' free the time; taking them back then is refused", async () => {
        for (const status of ['cancelado', 'faltou'] as const) {
          const a = await fresh(31)
          const other = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente
          const again = agendamentoBody(t.users.staff.id, other.id, medicoId, a.datahora)
          expectError(await t.call('registerAgendamento', again, t.tokens.staff), 409, messages.slotTaken)
          const ended = await move(a, status)
          await ok('registerAgendamento', again)
          expectError(
            await desk('desfazerStatus', { id: ended.id, versao: ended.versao }, 'admin'),
            409,
            messages.undoSlotTaken,
          )
        }
      })
    })

    describe("'Marcar faltas', the day's version, the status filter", () => {
      it('marks only today’s appointments more than 30 minutes late without an arrival', async () => {
        // "today" is a Wednesday two weeks ahead, the clock set there: on a day the clinic does not open (the
        // default hours are Monday to Friday) every unarrived appointment is missed at once (missedCutoff),
        // so a run on a weekend tested that instead and failed
        let today = addDays(clinicToday(), 14)
        while (new Date(`${today}T12:00:00.000Z`).getUTCDay() !== 3) today = addDays(today, 1)
        const doctor = (await ok('registerMedico', { nome: `Doutora ${tag()}` }, 'admin')).medico.id
        const at = (time: string) =>
          ok(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, pacienteId, doctor, `${today}T${time}:00.000Z`),
          ).then((r) => r.agendamento)
        const late = await at('10:00')
        const recent = await at('11:45')
        const arrived = await bringTo(await at('09:00'), 'aguardando')
        t.setClock!(new Date(Date.parse(`${today}T12:00:00.000Z`) + 3 * 3_600_000))
        const { agendamentos } = await deskOk('marcarFaltas', { ids: [late.id, recent.id, arrived.id] })
        t.setClock!(undefined)
        expect(agendamentos.map((a) => [a.id, a.status])).toEqual([[late.id, 'faltou']])
        expect(await read(recent.id)).toEqual(recent)
        expect(await read(arrived.id)).toEqual(arrived)
      })

      it('versaoDia changes when an appointment of that day changes', async () => {
        const a = await fresh(33)
        const dia = a.datahora.slice(0, 10)
        const before = (await deskOk('versaoDia', { dia })).versao
        await move(a, 'confirmado')
        const after = await deskOk('versaoDia', { dia })
        expect(after.dia).toBe(dia)
        expect(after.versao).not.toBe(before)
        expect((await deskOk('versaoDia', { dia: addDays(dia, 200) })).versao).toBe(0)
      })

      it('listAll filters by status', async () => {
        const a = await move(await fresh(34), 'confirmado')
        const b = await fresh(34)
        const day = {
          datainicior: `${a.datahora.slice(0, 10)}T00:00:00.000Z`,
          datafimr: `${a.datahora.slice(0, 10)}T23:59:59.999Z`,
        }
        const ids = async (status: Status) =>
          (await ok('listAgendamentos', { page: 1, medicoId, status, ...day })).agendamentos.map((x) => x.id)
        expect(await ids('confirmado')).toEqual([a.id])
        expect(await ids('agendado')).toEqual([b.id])
      })
    })

    describe("a doctor's own user", () => {
      it('ADMIN links a user to a doctor; the user sees it in /users/me and moves only their own patients in and out', async () => {
        const email = `medico.${tag()}@clinica.local`
        const user = (
          await ok('registerUser', { nome: 'Doutor Vinculado', email, password: 'senha-forte-1', medicoId }, 'admin')
        ).user
        expect(Object.keys(user).sort()).toEqual(['email', 'id', 'nome', 'role'])
        const { token } = await ok('login', { email, password: 'senha-forte-1' })
        expect((await deskOk('meuUsuario', undefined, { token })).user).toMatchObject({
          id: user.id,
          medico: { id: medicoId },
        })
        expect((await deskOk('meuUsuario', undefined)).user).toMatchObject({ id: t.users.staff.id, medico: null })
        const listed = (await deskOk('listUsuarios', { page: 1 }, 'admin')).usuarios.find((u) => u.id === user.id)
        expect(listed?.medico?.id).toBe(medicoId)

        const waiting = await bringTo(await fresh(35), 'aguardando')
        expectError(
          await desk(
            'moverStatus',
            { id: waiting.id, versao: waiting.versao, status: 'cancelado', motivo: 'clinica' },
            { token },
          ),
          403,
          messages.statusNotYours,
        )
        const started = await move(waiting, 'em_atendimento', { token })
        expect(started.status).toBe('em_atendimento')
        expectError(await desk('marcarFaltas', { ids: [started.id] }, { token }), 403, messages.missedStaffOnly)

        expect((await deskOk('vincularMedico', { id: user.id, medicoId: null }, 'admin')).user.medico).toBeNull()
        expectError(await desk('vincularMedico', { id: someId, medicoId }, 'admin'), 404, messages.userNotFound)
        expectError(
          await desk('vincularMedico', { id: user.id, medicoId: someId }, 'admin'),
          404,
          messages.doctorNotFound,
        )
      })
    })

    // issue 38 point 4 (docs/decisions.md "Legal priorities at arrival")
    describe('legal priorities at arrival', () => {
      /** A fresh appointment of a new patient born `years` years before this year's 1 January. */
      async function freshBorn(years: number): Promise<Agendamento> {
        const born = `${Number(clinicToday().slice(0, 4)) - years}-01-01T00:00:00.000Z`
        const paciente = (await ok('registerPaciente', pacienteBody(t.users.staff.id, { datanascimento: born })))
          .paciente
        slots++
        const minute = 7 * 60 + (slots % 60) * 15
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
        return (
          await ok(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, paciente.id, medicoId, future(40 + Math.floor(slots / 60), time)),
          )
        ).agendamento
      }
      const arrive = async (a: Agendamento, prioridade?: string) =>
        (await deskOk('moverStatus', { id: a.id, versao: a.versao, status: 'aguardando', prioridade })).agendamento

      it('the declared priority and pessoa idosa are in the answer once arrived; the read gives the same', async () => {
        const older = await freshBorn(90)
        expect(older).not.toHaveProperty('pessoaIdosa')
        const arrived = await arrive(older, 'deficiencia')
        expect(arrived).toMatchObject({ status: 'aguardando', prioridade: 'deficiencia', pessoaIdosa: 80 })
        expect(await read(arrived.id)).toEqual(arrived)
        expect(await arrive(await freshBorn(70))).toMatchObject({ pessoaIdosa: 60 })
        const young = await arrive(await freshBorn(30), 'gestante')
        expect(young.prioridade).toBe('gestante')
        expect(young).not.toHaveProperty('pessoaIdosa')
      })

      it("a priority not in the list, or on another move: 400, nothing changes; 'Desfazer' forgets it", async () => {
        const a = await move(await freshBorn(40), 'confirmado')
        expectError(
          await desk('moverStatus', { id: a.id, versao: a.versao, status: 'aguardando', prioridade: 'vip' }),
          400,
          messages.priorityInvalid,
        )
        expectError(
          await desk('moverStatus', {
            id: a.id,
            versao: a.versao,
            status: 'cancelado',
            motivo: 'clinica',
            prioridade: 'obeso',
          }),
          400,
          messages.priorityOnlyAtArrival,
        )
        expect(await read(a.id)).toEqual(a)
        const arrived = await arrive(a, 'lactante')
        const back = (await deskOk('desfazerStatus', { id: a.id, versao: arrived.versao })).agendamento
        expect(back).not.toHaveProperty('prioridade')
        expect(back).not.toHaveProperty('chegada')
      })
    })
  })
}
