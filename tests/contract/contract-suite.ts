// The contract suite: the same checks against every target (the msw handlers, the real server), so that
// the mock the PWA's tests run on cannot drift from the API. Each target starts with the two users only;
// every test makes its own data (random CPFs, RGs and name tags) so that tests do not depend on each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  api,
  API_REFERENCE_CACHE_CONTROL,
  clinicToday,
  ErrorBody,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  messages,
  openApiDocument,
  PAGE_SIZE,
  validationErrorBody,
  type ApiCall,
  type CallAnswer,
  type CallName,
} from '@contract'
import { defineDeskPaperCases, deskPaperBadBodies } from './desk-paper-suite'
import { defineFormsCases, formsBadBodies } from './forms-suite'
import { catalogueBadBodies, defineCatalogueCases } from './catalogue-suite'
import { agendaBadBodies, defineAgendaCases } from './agenda-suite'
import { agendaScheduleBadBodies, defineAgendaScheduleCases } from './agenda-schedule-suite'
import { defineFrontDeskCases, frontDeskBadBodies } from './front-desk-suite'
import { defineReportCases, reportBadBodies } from './reports-suite'
import { defineClosedDoorsCases } from './closed-doors-suite'
import { defineWaitingRoomCases, waitingRoomBadBodies } from './waiting-room-suite'
import { defineLaudoCases, laudoBadBodies } from './laudos-suite'
import { defineLaudoTemplateCases, laudoTemplateBadBodies } from './laudo-templates-suite'
import { certificateBadBodies, defineCertificateCases } from './certificates-suite'
import { defineTissBillingCases, tissBillingBadBodies } from './tiss-billing-suite'
import { defineTissCases, tissBadBodies } from './tiss-suite'
import { defineLaudoWorkCases, laudoWorkBadBodies } from './laudo-work-suite'
import { definePainelCases, painelBadBodies } from './paineis-suite'
import { defineLaudoReleaseCases, laudoReleaseBadBodies } from './laudo-release-suite'
import { defineLaudoReportCases, laudoReportBadBodies } from './laudo-report-suite'
import { defineLaudoDeskCases, laudoDeskBadBodies } from './laudo-desk-suite'
import { defineDayFeedCases } from './day-feed-suite'
import { defineTissReportCases, tissReportBadBodies } from './tiss-report-suite'
import { callRequest, type ContractResponse, type ContractTarget } from './targets'
import { agendamentoBody, breakCpf, future, makeCpf, makeRg, pacienteBody, tag } from './fixtures'

type Role = 'admin' | 'staff'
/** Who calls: a role's user, or any signed-in user by their token (a doctor-linked user). */
type Caller = Role | { token: string }

const CALLS = Object.keys(api) as CallName[]
const PROTECTED = CALLS.filter((name) => api[name].access !== 'public')
const ADMIN_ONLY = CALLS.filter((name) => api[name].access === 'admin')
const WITH_BODY = CALLS.filter((name) => 'body' in api[name])

// ---- fixtures ----

const randomUuid = () => crypto.randomUUID()

const unaccentLower = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
/** Patient order: unaccented lowercase name, then the name itself, then id (C collation = code units). */
const patientOrder = (a: { nome: string; id: string }, b: { nome: string; id: string }) =>
  codeUnitOrder(unaccentLower(a.nome), unaccentLower(b.nome)) ||
  codeUnitOrder(a.nome, b.nome) ||
  codeUnitOrder(a.id, b.id)

// ---- the suite ----

export function defineContractSuite(label: string, makeTarget: () => Promise<ContractTarget>): void {
  describe(`contract — ${label}`, () => {
    let t: ContractTarget
    const covered = new Set<CallName>()

    beforeAll(async () => {
      t = await makeTarget()
    })
    afterAll(async () => {
      await t?.close()
    })

    const send = (name: CallName, body?: unknown, role: Caller | null = 'staff') =>
      t.call(name, body, role === null ? undefined : typeof role === 'string' ? t.tokens[role] : role.token)

    /** A call that must succeed: its table status, a body its response schema accepts. */
    async function ok<N extends CallName>(name: N, body?: unknown, role: Caller = 'staff'): Promise<CallAnswer<N>> {
      const res = await send(name, body, role)
      expect(res.status, `${name} → ${JSON.stringify(res.body)}`).toBe(api[name].status)
      const parsed = api[name].response.safeParse(res.body)
      expect(parsed.success, `${name} answer ${JSON.stringify(res.body)}`).toBe(true)
      covered.add(name)
      return parsed.data as CallAnswer<N>
    }

    function expectError(res: ContractResponse, status: number, error: string) {
      expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { error } })
      expect(ErrorBody.safeParse(res.body).success).toBe(true)
    }

    async function newMedico(nome = `Doutor ${tag()}`) {
      return (await ok('registerMedico', { nome }, 'admin')).medico
    }
    async function newPaciente(overrides: Record<string, unknown> = {}) {
      return (await ok('registerPaciente', pacienteBody(t.users.staff.id, overrides))).paciente
    }
    async function newAgendamento(
      pacienteId: string,
      medicoId: string,
      datahora: string,
      overrides: Record<string, unknown> = {},
    ) {
      return (
        await ok('registerAgendamento', agendamentoBody(t.users.staff.id, pacienteId, medicoId, datahora, overrides))
      ).agendamento
    }
    /** Every page of a paged call, until an empty one (at most 50). */
    async function allPages<N extends CallName>(name: N, body: Record<string, unknown>, role: Role = 'staff') {
      const rows: unknown[] = []
      for (let page = 1; page <= 50; page++) {
        const answer = (await ok(name, { ...body, page }, role)) as Record<string, unknown[]>
        const list = Object.values(answer)[0]!
        if (list.length === 0) break
        rows.push(...list)
      }
      return rows
    }

    describe('access: token (401) → role (403) → body (400)', () => {
      it.each(PROTECTED)('%s without a token → 401, before looking at the body', async (name) => {
        const res = await t.call(name, 'body' in api[name] ? {} : undefined)
        expectError(res, 401, messages.unauthenticated)
      })

      it.each(PROTECTED)('%s with a bad token → 401', async (name) => {
        const body = 'body' in api[name] ? {} : undefined
        expectError(await t.call(name, body, 'not-a-token'), 401, messages.unauthenticated)
        expectError(await t.call(name, body, `mock.${randomUuid()}`), 401, messages.unauthenticated)
        expectError(
          await t.call(name, body, 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'),
          401,
          messages.unauthenticated,
        )
      })

      it('a malformed Authorization header → 401', async () => {
        for (const authorization of ['', 'Bearer', `Basic ${t.tokens.staff}`, t.tokens.staff]) {
          const res = await t.request({ method: 'GET', path: api.listMedicos.path, headers: { authorization } })
          expectError(res, 401, messages.unauthenticated)
        }
      })

      it.each(ADMIN_ONLY)('%s as staff → 403, before looking at the body', async (name) => {
        expectError(await send(name, {}, 'staff'), 403, messages.forbidden)
      })

      // a GET without a body (GET /medico/detalhes) has no bad body to send
      it.each(ADMIN_ONLY.filter((name) => 'body' in api[name]))('%s as admin with a bad body → 400', async (name) => {
        const res = await send(name, {}, 'admin')
        expect(res.status).toBe(400)
      })

      it('login is public; a token it gives works', async () => {
        const answer = await ok('login', { email: t.users.admin.email, password: t.users.admin.password })
        expect(answer.user).toEqual({ id: t.users.admin.id, nome: t.users.admin.nome, role: 'ADMIN' })
        const res = await t.call('listMedicos', undefined, answer.token)
        expect(res.status).toBe(200)
        const staff = await ok('login', { email: t.users.staff.email, password: t.users.staff.password })
        expect(staff.user).toEqual({ id: t.users.staff.id, nome: t.users.staff.nome, role: 'USER' })
        expectError(await t.call('listPacientesInativos', { page: 1 }, staff.token), 403, messages.forbidden)
      })
    })

    describe('400: the body', () => {
      // Representative bad bodies per call; the expected answer is validationErrorBody on the call's schema.
      const staffId = '0a7c3c4e-9a1b-4c55-8d2e-0000000000ff'
      const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'
      const bad: Partial<Record<CallName, unknown[]>> = {
        login: [
          {},
          { email: 'a@b.com' },
          { email: 1, password: 'x' },
          { email: 'a@b.com', password: 'x', extra: true },
        ],
        registerUser: [
          {},
          { nome: 'Ana', email: 'ana@x.com', password: 'curta' },
          { nome: 'Ana 2', email: 'ana@x.com', password: '12345678' },
          { nome: 'Ana', email: 'não-é-email', password: '12345678' },
        ],
        listAgendamentosBetweenDate: [
          {},
          { datainicior: future(1) },
          { datainicior: future(2), datafimr: future(1) },
          { datainicior: 'ontem', datafimr: future(1) },
          { datainicior: future(0), datafimr: future(40) },
        ],
        listAgendamentos: [
          {},
          { page: 0 },
          { page: 1, medicoId: 'x' },
          { page: 1, datafimr: future(1) },
          { page: 1, outro: 1 },
        ],
        listAgendamentosByPaciente: [{}, { pacienteId: someId }, { pacienteId: 'abc', page: 1 }],
        listAgendamentosByMedico: [{}, { medicoId: someId, page: '1' }],
        findAgendamento: [{}, { id: 'abc' }, { id: 12 }, { id: someId, x: 1 }],
        registerAgendamento: [
          {},
          agendamentoBody(staffId, someId, someId, future(1), { exames: [] }),
          agendamentoBody(staffId, someId, someId, `${addDays(clinicToday(), -1)}T10:00:00.000Z`),
          agendamentoBody(staffId, someId, someId, 'amanhã às 10'),
          agendamentoBody(staffId, someId, someId, future(1), { anotacao: 'x'.repeat(201) }),
          agendamentoBody(staffId, someId, someId, future(1), { exames: ['  '] }),
          agendamentoBody(staffId, someId, someId, future(1), { valorIncents: 10.5 }),
          agendamentoBody(staffId, someId, someId, future(1), { estaPago: 'sim' }),
        ],
        updateAgendamento: [
          {},
          { ...agendamentoBody(staffId, someId, someId, future(1)) },
          { ...agendamentoBody(staffId, someId, someId, future(1)), id: someId, versao: 'um' },
        ],
        deleteAgendamento: [{}, { id: '' }],
        listPacientes: [{}, { page: '1' }, { page: 1.5 }, { page: -1 }, { page: 1, nome: 'x' }],
        findPacientesByNome: [{}, { nomer: '', page: 1 }, { nomer: 'ana' }],
        findPacienteByCpf: [{}, { cpf: '529.982.247-25' }, { cpf: 52998224725 }],
        findPacienteByRg: [{}, { rg: 'MG-12.345' }],
        findPaciente: [{}, { id: 'not-a-uuid' }],
        listPacientesInativos: [{}, { page: 0 }],
        registerPaciente: [
          {},
          { ...pacienteBody(staffId), nome: undefined },
          { ...pacienteBody(staffId), cpf: breakCpf(makeCpf()) },
          { ...pacienteBody(staffId), cpf: '529.982.247-25' },
          { ...pacienteBody(staffId), nome: 'Maria 2' },
          { ...pacienteBody(staffId), telefone: '81912345678' },
          { ...pacienteBody(staffId), estadocivil: 'noivo' },
          { ...pacienteBody(staffId), email: 'maria' },
          { ...pacienteBody(staffId), ativo: false },
          { ...pacienteBody(staffId), datanascimento: '2999-01-01T00:00:00.000Z' },
        ],
        updatePaciente: [
          {},
          { ...pacienteBody(staffId), id: someId },
          (({ userId: _u, ...rest }) => ({ ...rest, id: someId, cpf: '11111111111' }))(pacienteBody(staffId)),
        ],
        deletePaciente: [{}, { id: 'x' }],
        ativarPaciente: [{}, { id: 1 }],
        findMedico: [{}, { id: 'abc' }],
        registerMedico: [
          {},
          { nome: '' },
          { nome: 'Dr. House' },
          { nome: 'Gregory' + ' House'.repeat(30) },
          { nome: 'Ana', crm: '123' },
        ],
        logout: [{ token: 'x' }, null, []],
        historicoPaciente: [{}, { id: 'abc' }, { id: someId, desde: 1 }],
        historicoAgendamento: [{}, { id: 7 }],
        exportarPaciente: [{}, { id: 'x' }, { id: someId, formato: 'csv' }],
        ...frontDeskBadBodies,
        ...waitingRoomBadBodies,
        ...reportBadBodies,
        ...deskPaperBadBodies,
        ...formsBadBodies,
        ...catalogueBadBodies,
        ...agendaBadBodies(),
        ...agendaScheduleBadBodies(),
        ...laudoBadBodies,
        ...certificateBadBodies,
        ...laudoReleaseBadBodies,
        ...tissBillingBadBodies,
        ...tissBadBodies,
        ...laudoWorkBadBodies,
        ...painelBadBodies,
        ...laudoTemplateBadBodies,
        ...laudoReportBadBodies,
        ...laudoDeskBadBodies,
        ...tissReportBadBodies,
        changePassword: [
          {},
          { senhaAtual: 'x' },
          { senhaAtual: 'x', novaSenha: 'curta' },
          { senhaAtual: 'x', novaSenha: 'a'.repeat(12) },
          { senhaAtual: 'x', novaSenha: ' '.repeat(8) },
        ],
        deactivateUser: [{}, { id: 'x' }],
        resetUserPassword: [{}, { id: 'x' }, { id: someId, senha: 'x' }],
        reactivateUser: [{}, { id: someId, ativo: true }],
        changeUserRole: [{}, { id: someId }, { id: someId, role: 'GERENTE' }],
      }

      const cases = WITH_BODY.flatMap((name) =>
        (bad[name] ?? []).map((body, i) => [`${name} #${i + 1}`, name, body] as const),
      )

      it('every call with a body has bad bodies here', () => {
        expect(WITH_BODY.filter((name) => !bad[name]?.length)).toEqual([])
      })

      it.each(cases)('%s → 400 validationErrorBody', async (_label, name, body) => {
        const call: ApiCall = api[name]
        const parsed = call.body!.safeParse(body)
        expect(parsed.success).toBe(false)
        const res = await send(name, body, 'admin')
        expect(res.status).toBe(400)
        expect(res.body).toEqual(validationErrorBody(call, parsed.error!))
      })

      it('missing fields → the form’s own sentence (docs/product.md §5)', async () => {
        expectError(await send('registerPaciente', {}), 400, messages.patientMissingFieldsOnCreate)
        expectError(await send('updatePaciente', {}), 400, messages.patientMissingFieldsOnUpdate)
        expectError(await send('registerAgendamento', {}), 400, messages.appointmentMissingFields)
        expectError(await send('updateAgendamento', {}), 400, messages.appointmentMissingFields)
        expectError(
          await send('listAgendamentosBetweenDate', { datainicior: future(0) }),
          400,
          messages.dateRangeNeedsBoth,
        )
        expectError(await send('login', { email: 'a@b.com' }, null), 400, messages.required)
        const medico = await send('registerMedico', {}, 'admin')
        expectError(medico, 400, messages.required)
        expect(medico.body.issues.nome._errors).toEqual([messages.required])
      })

      it('field checks speak Portuguese', async () => {
        const body = pacienteBody(t.users.staff.id)
        expectError(await send('registerPaciente', { ...body, cpf: breakCpf(body.cpf) }), 400, messages.cpfInvalid)
        expectError(await send('registerPaciente', { ...body, cpf: '529.982.247-25' }), 400, messages.cpfRgDigitsOnly)
        expectError(await send('registerPaciente', { ...body, rg: '12a45' }), 400, messages.cpfRgDigitsOnly)
        expectError(await send('registerPaciente', { ...body, nome: 'Maria 2' }), 400, messages.nameLettersOnly)
        const medico = await send('registerMedico', { nome: 'Dr. House' }, 'admin')
        expectError(medico, 400, messages.lettersOnly)
        expect(medico.body.issues.nome._errors).toEqual([messages.lettersOnly])
        expectError(
          await send('registerUser', { nome: 'Ana', email: 'ana@x.com', password: 'curta' }, 'admin'),
          400,
          messages.passwordMin8,
        )
        expectError(await send('listPacientes', { page: '1' }), 400, messages.pageInvalid)
        const past = `${addDays(clinicToday(), -1)}T23:00:00.000Z`
        expectError(
          await send('registerAgendamento', agendamentoBody(t.users.staff.id, randomUuid(), randomUuid(), past)),
          400,
          messages.dateBeforeToday,
        )
        expectError(
          await send(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, randomUuid(), randomUuid(), '2030-02-30T10:00:00.000Z'),
          ),
          400,
          messages.invalidDateTime,
        )
      })

      it('an unknown key → 400 (strict bodies), in Portuguese', async () => {
        const res = await send('listPacientes', { page: 1, ordem: 'nome' })
        expect(res.status).toBe(400)
        expect(res.body.error).toMatch(/chave/i)
        expect(res.body.error).toContain('ordem')
      })

      it.each(WITH_BODY)('%s with broken JSON → 400 invalidJson', async (name) => {
        const call = api[name]
        const res = await t.request({
          method: call.method,
          path: call.path,
          payload: '{"page": 1,',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${t.tokens.admin}` },
        })
        expectError(res, 400, messages.invalidJson)
      })

      it('bodies are JSON: other content types → 415, an empty JSON body → 400, no body → the schema’s 400', async () => {
        const auth = { authorization: `Bearer ${t.tokens.staff}` }
        const path = api.listPacientes.path
        const send = (payload: string, type: string) =>
          t.request({ method: 'POST', path, payload, headers: { ...auth, 'content-type': type } })
        expectError(await send('{"page":1}', 'text/plain'), 415, messages.unsupportedMediaType)
        expectError(await send('page=1', 'application/x-www-form-urlencoded'), 415, messages.unsupportedMediaType)
        expectError(await send('', 'application/json'), 400, messages.invalidJson)
        const none = await t.request({ method: 'POST', path, headers: auth })
        expect(none.status).toBe(400)
        const listPacientes: ApiCall = api.listPacientes
        expect(none.body).toEqual(validationErrorBody(listPacientes, listPacientes.body!.safeParse(null).error!))
        const charset = await t.request({
          method: 'POST',
          path,
          payload: '{"page":1}',
          headers: { ...auth, 'content-type': 'application/json; charset=utf-8' },
        })
        expect(charset.status).toBe(200)
        const vendor = await t.request({
          method: 'POST',
          path,
          payload: '{"page":1}',
          headers: { ...auth, 'content-type': 'application/vnd.clinica+json' },
        })
        expect(vendor.status).toBe(200)
      })

      it('answers are not cached (Cache-Control: no-store), errors included', async () => {
        expect((await send('listMedicos')).headers['cache-control']).toBe('no-store')
        expect((await send('listMedicos', undefined, null)).headers['cache-control']).toBe('no-store')
        expect((await send('listPacientes', {})).headers['cache-control']).toBe('no-store')
      })

      it('a body over 100 kB → 413', async () => {
        const res = await t.request({
          method: 'POST',
          path: api.findPacientesByNome.path,
          payload: JSON.stringify({ nomer: 'a'.repeat(110 * 1024), page: 1 }),
          headers: { 'content-type': 'application/json', authorization: `Bearer ${t.tokens.staff}` },
        })
        expectError(res, 413, messages.payloadTooLarge)
      })

      it('an unknown route under /api → 404', async () => {
        const res = await t.request({
          method: 'POST',
          path: '/paciente/naoexiste',
          payload: '{}',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${t.tokens.staff}` },
        })
        expectError(res, 404, messages.routeNotFound)
      })
    })

    describe('every call: its success status and answer schema', () => {
      it('walks through every call', async () => {
        const email = `usuario.${tag()}@clinica.local`
        const created = await ok(
          'registerUser',
          { nome: 'Bruno Novo', email: email.toUpperCase(), password: 'senha-forte-1' },
          'admin',
        )
        expect(created.user).toMatchObject({ nome: 'Bruno Novo', email, role: 'USER' })
        const rawUser = (
          await send('registerUser', { nome: 'Bruno Outro', email: `x.${email}`, password: 'senha-forte-1' }, 'admin')
        ).body
        expect(Object.keys(rawUser.user).sort()).toEqual(['email', 'id', 'nome', 'role'])
        const login = await ok('login', { email, password: 'senha-forte-1' })
        expect(login.user).toEqual({ id: created.user.id, nome: 'Bruno Novo', role: 'USER' })

        // the health probe answers without a token, having asked the database (the PWA's connectivity check)
        expect((await send('health', undefined, null)).body).toEqual({ ok: true, database: 'ok' })
        expect(await ok('health')).toEqual({ ok: true, database: 'ok' })

        const medico = await newMedico('Carla Ribeiro')
        expect((await ok('findMedico', { id: medico.id })).medico).toEqual(medico)
        expect((await ok('listMedicos')).medicos).toContainEqual(medico)

        const body = pacienteBody(t.users.admin.id, { nome: 'JOSÉ da Silva' })
        const paciente = (await ok('registerPaciente', body)).paciente
        expect(paciente).toMatchObject({
          nome: 'josé da silva',
          cpf: body.cpf,
          rg: body.rg,
          ativo: true,
          versao: 1,
          telefone: body.telefone,
        })
        // the creator is who signed in, not what the body says
        expect(paciente.userId).toBe(t.users.staff.id)
        expect((await ok('findPaciente', { id: paciente.id })).paciente).toEqual(paciente)
        expect((await ok('findPacienteByCpf', { cpf: body.cpf })).paciente).toEqual(paciente)
        expect((await ok('findPacienteByRg', { rg: body.rg })).paciente).toEqual(paciente)
        expect((await ok('findPacientesByNome', { nomer: 'JOSE DA', page: 1 })).pacientes).toContainEqual(paciente)
        await ok('listPacientes', { page: 1 })
        const { userId: _u, ...updateFields } = body
        const updated = (
          await ok('updatePaciente', { ...updateFields, id: paciente.id, profissao: 'Engenheiro', versao: 1 })
        ).paciente
        expect(updated).toMatchObject({
          id: paciente.id,
          profissao: 'Engenheiro',
          versao: 2,
          ativo: true,
          userId: t.users.staff.id,
        })

        const datahora = future(3, '14:00')
        const agendamento = (
          await ok(
            'registerAgendamento',
            agendamentoBody(t.users.admin.id, paciente.id, medico.id, datahora, {
              estaPago: true,
              exames: ['Mamografia', 'Ultrassom'],
            }),
          )
        ).agendamento
        expect(agendamento).toMatchObject({
          datahora,
          estapago: true,
          exames: ['Mamografia', 'Ultrassom'],
          pacienteId: paciente.id,
          medicoId: medico.id,
          paciente: { id: paciente.id, nome: 'josé da silva' },
          doutor: { id: medico.id, nome: 'Carla Ribeiro' },
          userId: t.users.staff.id,
          versao: 1,
        })
        expect((await ok('findAgendamento', { id: agendamento.id })).agendamento).toEqual(agendamento)
        const day = {
          datainicior: `${datahora.slice(0, 10)}T00:00:00.000Z`,
          datafimr: `${datahora.slice(0, 10)}T23:59:59.999Z`,
        }
        expect((await ok('listAgendamentosBetweenDate', day)).agendamentos).toContainEqual(agendamento)
        expect((await ok('listAgendamentos', { page: 1, medicoId: medico.id })).agendamentos).toEqual([agendamento])
        expect((await ok('listAgendamentosByPaciente', { pacienteId: paciente.id, page: 1 })).agendamentos).toEqual([
          agendamento,
        ])
        expect((await ok('listAgendamentosByMedico', { medicoId: medico.id, page: 1 })).agendamentos).toEqual([
          agendamento,
        ])
        const moved = (
          await ok('updateAgendamento', {
            ...agendamentoBody(t.users.staff.id, paciente.id, medico.id, future(4, '09:30')),
            id: agendamento.id,
            versao: 1,
          })
        ).agendamento
        expect(moved).toMatchObject({ id: agendamento.id, datahora: future(4, '09:30'), versao: 2, estapago: false })
        expect(await ok('deleteAgendamento', { id: agendamento.id })).toEqual({ ok: true })
        expectError(await send('findAgendamento', { id: agendamento.id }), 404, messages.appointmentNotFound)

        expect(await ok('deletePaciente', { id: paciente.id })).toEqual({ ok: true })
        expect((await allPages('listPacientesInativos', {}, 'admin')).map((p) => (p as { id: string }).id)).toContain(
          paciente.id,
        )
        expect(await ok('ativarPaciente', { id: paciente.id }, 'admin')).toEqual({ ok: true })
        expect((await ok('findPaciente', { id: paciente.id })).paciente.ativo).toBe(true)
      })
    })

    describe('404: unknown ids', () => {
      const byId: [CallName, string, Role][] = [
        ['findPaciente', messages.patientNotFound, 'staff'],
        ['deletePaciente', messages.patientNotFound, 'staff'],
        ['ativarPaciente', messages.patientNotFound, 'admin'],
        ['findAgendamento', messages.appointmentNotFound, 'staff'],
        ['deleteAgendamento', messages.appointmentNotFound, 'staff'],
        ['findMedico', messages.doctorNotFound, 'staff'],
      ]
      it.each(byId)('%s → 404', async (name, error, role) => {
        expectError(await send(name, { id: randomUuid() }, role), 404, error)
      })

      it('findbycpf / findbyrg of nobody → 404', async () => {
        expectError(await send('findPacienteByCpf', { cpf: makeCpf() }), 404, messages.patientNotFound)
        expectError(await send('findPacienteByRg', { rg: makeRg() }), 404, messages.patientNotFound)
      })

      it('updates of unknown ids → 404', async () => {
        const { userId: _u, ...fields } = pacienteBody(t.users.staff.id)
        expectError(await send('updatePaciente', { ...fields, id: randomUuid() }), 404, messages.patientNotFound)
        const medico = await newMedico()
        const paciente = await newPaciente()
        const body = agendamentoBody(t.users.staff.id, paciente.id, medico.id, future(5))
        expectError(await send('updateAgendamento', { ...body, id: randomUuid() }), 404, messages.appointmentNotFound)
      })

      it('booking an unknown patient or doctor → 404', async () => {
        const medico = await newMedico()
        const paciente = await newPaciente()
        expectError(
          await send('registerAgendamento', agendamentoBody(t.users.staff.id, randomUuid(), medico.id, future(5))),
          404,
          messages.patientNotFound,
        )
        expectError(
          await send('registerAgendamento', agendamentoBody(t.users.staff.id, paciente.id, randomUuid(), future(5))),
          404,
          messages.doctorNotFound,
        )
        const agendamento = await newAgendamento(paciente.id, medico.id, future(5))
        const update = { ...agendamentoBody(t.users.staff.id, paciente.id, medico.id, future(5)), id: agendamento.id }
        expectError(
          await send('updateAgendamento', { ...update, pacienteId: randomUuid() }),
          404,
          messages.patientNotFound,
        )
        expectError(
          await send('updateAgendamento', { ...update, medicoId: randomUuid() }),
          404,
          messages.doctorNotFound,
        )
      })

      it('lists of an unknown patient or doctor are empty, not errors', async () => {
        expect((await ok('listAgendamentosByPaciente', { pacienteId: randomUuid(), page: 1 })).agendamentos).toEqual([])
        expect((await ok('listAgendamentosByMedico', { medicoId: randomUuid(), page: 1 })).agendamentos).toEqual([])
      })
    })

    describe('409: conflicts', () => {
      it('a CPF or an RG already registered → 409, also when that patient is inactive', async () => {
        const first = await newPaciente()
        const again = (over: Record<string, unknown>) => send('registerPaciente', pacienteBody(t.users.staff.id, over))
        expectError(await again({ cpf: first.cpf }), 409, messages.patientAlreadyExists)
        expectError(await again({ rg: first.rg }), 409, messages.patientAlreadyExists)
        await ok('deletePaciente', { id: first.id })
        expectError(await again({ cpf: first.cpf }), 409, messages.patientAlreadyExists)
        expectError(await again({ rg: first.rg }), 409, messages.patientAlreadyExists)
      })

      it('changing a patient to another one’s CPF or RG → 409', async () => {
        const a = await newPaciente()
        const b = await newPaciente()
        const { userId: _u, ...fields } = pacienteBody(t.users.staff.id, { cpf: b.cpf, rg: b.rg })
        expectError(
          await send('updatePaciente', { ...fields, id: a.id, cpf: b.cpf, rg: a.rg }),
          409,
          messages.patientAlreadyExists,
        )
        expectError(
          await send('updatePaciente', { ...fields, id: a.id, cpf: a.cpf, rg: b.rg }),
          409,
          messages.patientAlreadyExists,
        )
        // keeping its own documents is no conflict
        await ok('updatePaciente', { ...fields, id: a.id, cpf: a.cpf, rg: a.rg })
      })

      it('an e-mail already used, whatever its case → 409', async () => {
        const email = t.users.staff.email.toUpperCase()
        expectError(
          await send('registerUser', { nome: 'Outra Pessoa', email, password: '12345678' }, 'admin'),
          409,
          messages.emailTaken,
        )
      })

      it('a doctor already booked at that datahora → 409', async () => {
        const medico = await newMedico()
        const other = await newMedico()
        const p1 = await newPaciente()
        const p2 = await newPaciente()
        const first = await newAgendamento(p1.id, medico.id, future(6, '09:00'))
        expectError(
          await send('registerAgendamento', agendamentoBody(t.users.staff.id, p2.id, medico.id, future(6, '09:00'))),
          409,
          messages.slotTaken,
        )
        // the same instant written differently is the same slot
        expectError(
          await send(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, p2.id, medico.id, `${future(6, '09:00').slice(0, 19)}Z`),
          ),
          409,
          messages.slotTaken,
        )
        // another doctor at the same time is free
        await newAgendamento(p2.id, other.id, future(6, '09:00'))
        // moving another appointment into the slot
        const second = await newAgendamento(p2.id, medico.id, future(6, '10:00'))
        expectError(
          await send('updateAgendamento', {
            ...agendamentoBody(t.users.staff.id, p2.id, medico.id, first.datahora),
            id: second.id,
          }),
          409,
          messages.slotTaken,
        )
        // an appointment keeps its own slot on update
        await ok('updateAgendamento', {
          ...agendamentoBody(t.users.staff.id, p1.id, medico.id, first.datahora, { estaPago: true }),
          id: first.id,
        })
      })

      it('deleting a patient with appointments → 409', async () => {
        const medico = await newMedico()
        const paciente = await newPaciente()
        const agendamento = await newAgendamento(paciente.id, medico.id, future(7))
        expectError(await send('deletePaciente', { id: paciente.id }), 409, messages.patientHasAppointments)
        expect((await ok('findPaciente', { id: paciente.id })).paciente.ativo).toBe(true)
        await ok('deleteAgendamento', { id: agendamento.id })
        await ok('deletePaciente', { id: paciente.id })
      })

      it('a stale versao → 409; each update adds one', async () => {
        const body = pacienteBody(t.users.staff.id)
        const paciente = (await ok('registerPaciente', body)).paciente
        const { userId: _u, ...fields } = body
        expect(
          (await ok('updatePaciente', { ...fields, id: paciente.id, versao: 1, bairro: 'Derby' })).paciente.versao,
        ).toBe(2)
        expectError(await send('updatePaciente', { ...fields, id: paciente.id, versao: 1 }), 409, messages.staleWrite)
        expectError(await send('updatePaciente', { ...fields, id: paciente.id, versao: 7 }), 409, messages.staleWrite)
        expect((await ok('findPaciente', { id: paciente.id })).paciente).toMatchObject({ versao: 2, bairro: 'Derby' })
        // without versao: no guard
        expect((await ok('updatePaciente', { ...fields, id: paciente.id })).paciente.versao).toBe(3)

        const medico = await newMedico()
        const agendamento = await newAgendamento(paciente.id, medico.id, future(8))
        const update = { ...agendamentoBody(t.users.staff.id, paciente.id, medico.id, future(8)), id: agendamento.id }
        expect(
          (await ok('updateAgendamento', { ...update, versao: 1, convenio: 'SulAmérica' })).agendamento,
        ).toMatchObject({ versao: 2, convenio: 'SulAmérica' })
        expectError(await send('updateAgendamento', { ...update, versao: 1 }), 409, messages.staleWrite)
        expect((await ok('updateAgendamento', update)).agendamento.versao).toBe(3)
      })
    })

    describe('appointments: dates', () => {
      it('moving an appointment to a day before today → 400; keeping its date-time is fine', async () => {
        const medico = await newMedico()
        const paciente = await newPaciente()
        const agendamento = await newAgendamento(paciente.id, medico.id, future(9))
        const update = {
          ...agendamentoBody(t.users.staff.id, paciente.id, medico.id, agendamento.datahora),
          id: agendamento.id,
        }
        const res = await send('updateAgendamento', {
          ...update,
          datahora: `${addDays(clinicToday(), -1)}T10:00:00.000Z`,
        })
        expectError(res, 400, messages.dateBeforeToday)
        expect((await ok('updateAgendamento', { ...update, anotacao: 'Jejum de 8 horas.' })).agendamento).toMatchObject(
          { datahora: agendamento.datahora, anotacao: 'Jejum de 8 horas.' },
        )
        // today (the clinic's date) is not before today
        const today = `${clinicToday()}T23:59:00.000Z`
        expect((await ok('updateAgendamento', { ...update, datahora: today })).agendamento.datahora).toBe(today)
      })
    })

    describe('paging and order', () => {
      it('patients: pages of 20 from 1, by unaccented name, name, id; [] past the end', async () => {
        const prefix = tag(12)
        const words = [
          'Ábaco',
          'abelha',
          'Zebra',
          'Édson',
          'eduardo',
          'Íris',
          'igor',
          'Óscar',
          'otávio',
          'Úrsula',
          'ulisses',
          'Çatarina',
          'carla',
          'Ângela',
          'antonio',
          'joão',
          'Joao',
          'JOÃO',
          'bruna',
          'Bárbara',
          'yara',
          'wagner',
        ]
        const created = []
        for (const word of words) created.push(await newPaciente({ nome: `${prefix} ${word}` }))
        const expected = [...created].sort(patientOrder)
        const page1 = (await ok('findPacientesByNome', { nomer: prefix, page: 1 })).pacientes
        const page2 = (await ok('findPacientesByNome', { nomer: prefix, page: 2 })).pacientes
        const page3 = (await ok('findPacientesByNome', { nomer: prefix, page: 3 })).pacientes
        expect(page1).toHaveLength(PAGE_SIZE)
        expect(page2).toHaveLength(words.length - PAGE_SIZE)
        expect(page3).toEqual([])
        expect([...page1, ...page2].map((p) => p.nome)).toEqual(expected.map((p) => p.nome))
        expect([...page1, ...page2].map((p) => p.id)).toEqual(expected.map((p) => p.id))

        const all = (await allPages('listPacientes', {})) as typeof created
        const sorted = [...all].sort(patientOrder)
        expect(all.map((p) => p.id)).toEqual(sorted.map((p) => p.id))
        expect(new Set(all.map((p) => p.id)).size).toBe(all.length)
        expect(all.every((p) => p.ativo)).toBe(true)
        expect((await ok('listPacientes', { page: 1000 })).pacientes).toEqual([])
      })

      it('appointments: ascending by datahora then id, pages of 20, ranges inclusive', async () => {
        const medico = await newMedico()
        const other = await newMedico()
        const paciente = await newPaciente({ nome: `Pedro ${tag()}` })
        const day = addDays(clinicToday(), 20)
        const times = Array.from(
          { length: 23 },
          (_, i) => `${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        )
        const shuffled = [...times].sort(() => Math.random() - 0.5)
        for (const time of shuffled) await newAgendamento(paciente.id, medico.id, `${day}T${time}:00.000Z`)
        // a second doctor at 07:00 too: same datahora, ordered by id
        await newAgendamento(paciente.id, other.id, `${day}T07:00:00.000Z`)

        const byMedico1 = (await ok('listAgendamentosByMedico', { medicoId: medico.id, page: 1 })).agendamentos
        const byMedico2 = (await ok('listAgendamentosByMedico', { medicoId: medico.id, page: 2 })).agendamentos
        expect(byMedico1).toHaveLength(20)
        expect(byMedico2).toHaveLength(3)
        expect((await ok('listAgendamentosByMedico', { medicoId: medico.id, page: 3 })).agendamentos).toEqual([])
        expect([...byMedico1, ...byMedico2].map((a) => a.datahora)).toEqual(
          times.map((time) => `${day}T${time}:00.000Z`),
        )

        const byPaciente = await allPages('listAgendamentosByPaciente', { pacienteId: paciente.id })
        const rows = byPaciente as typeof byMedico1
        expect(rows).toHaveLength(24)
        const expected = [...rows].sort((a, b) => codeUnitOrder(a.datahora, b.datahora) || codeUnitOrder(a.id, b.id))
        expect(rows.map((a) => a.id)).toEqual(expected.map((a) => a.id))
        expect(rows[0]!.datahora).toBe(rows[1]!.datahora)

        const whole = { datainicior: `${day}T00:00:00.000Z`, datafimr: `${day}T23:59:59.999Z` }
        expect((await ok('listAgendamentosBetweenDate', whole)).agendamentos).toHaveLength(24)
        expect((await ok('listAgendamentosBetweenDate', { ...whole, page: 1 })).agendamentos).toHaveLength(20)
        expect((await ok('listAgendamentosBetweenDate', { ...whole, page: 2 })).agendamentos).toHaveLength(4)
        expect((await ok('listAgendamentosBetweenDate', { ...whole, page: 3 })).agendamentos).toEqual([])
        const inclusive = (
          await ok('listAgendamentosBetweenDate', {
            datainicior: `${day}T07:30:00.000Z`,
            datafimr: `${day}T08:30:00.000Z`,
          })
        ).agendamentos
        expect(inclusive.map((a) => a.datahora.slice(11, 16))).toEqual(['07:30', '08:00', '08:30'])
        const exclusive = (
          await ok('listAgendamentosBetweenDate', {
            datainicior: `${day}T07:30:00.001Z`,
            datafimr: `${day}T08:29:59.999Z`,
          })
        ).agendamentos
        expect(exclusive.map((a) => a.datahora.slice(11, 16))).toEqual(['08:00'])

        const all = (await allPages('listAgendamentos', {})) as typeof byMedico1
        const allSorted = [...all].sort((a, b) => codeUnitOrder(a.datahora, b.datahora) || codeUnitOrder(a.id, b.id))
        expect(all.map((a) => a.id)).toEqual(allSorted.map((a) => a.id))
      })

      it('listAll filters combine: patient name (accents ignored), doctor, date range', async () => {
        const prefix = tag(12)
        const medico = await newMedico()
        const other = await newMedico()
        const conceicao = await newPaciente({ nome: `Conceição ${prefix} Araújo` })
        const outro = await newPaciente({ nome: `Joaquim ${prefix}` })
        const d1 = addDays(clinicToday(), 25)
        const d2 = addDays(clinicToday(), 26)
        const a1 = await newAgendamento(conceicao.id, medico.id, `${d1}T09:00:00.000Z`)
        const a2 = await newAgendamento(conceicao.id, other.id, `${d1}T10:00:00.000Z`)
        const a3 = await newAgendamento(conceicao.id, medico.id, `${d2}T09:00:00.000Z`)
        const a4 = await newAgendamento(outro.id, medico.id, `${d1}T11:00:00.000Z`)
        const ids = async (filters: Record<string, unknown>) =>
          (await ok('listAgendamentos', { page: 1, ...filters })).agendamentos.map((a) => a.id)
        expect(await ids({ pacienteNome: `CONCEICAO ${prefix.toUpperCase()}` })).toEqual([a1.id, a2.id, a3.id])
        expect(await ids({ pacienteNome: `ção ${prefix}` })).toEqual([a1.id, a2.id, a3.id])
        expect(await ids({ pacienteNome: prefix })).toEqual([a1.id, a2.id, a4.id, a3.id])
        expect(await ids({ pacienteNome: prefix, medicoId: medico.id })).toEqual([a1.id, a4.id, a3.id])
        expect(
          await ids({
            pacienteNome: prefix,
            medicoId: medico.id,
            datainicior: `${d1}T00:00:00.000Z`,
            datafimr: `${d1}T23:59:59.999Z`,
          }),
        ).toEqual([a1.id, a4.id])
        expect(await ids({ medicoId: other.id })).toEqual([a2.id])
        expect(await ids({ pacienteNome: `araujo ${prefix}` })).toEqual([])
        expect(await ids({ pacienteNome: `${prefix} araujo`, medicoId: other.id })).toEqual([a2.id])
        expect(await ids({ pacienteNome: prefix, page: 2 })).toEqual([])
      })
    })

    describe('search by name', () => {
      it('matches inside the name, ignoring case and accents', async () => {
        const prefix = tag(12)
        const conceicao = await newPaciente({ nome: `Conceição Araújo ${prefix}` })
        const joao = await newPaciente({ nome: `João ${prefix} Conceicao` })
        const find = async (nomer: string) =>
          (await ok('findPacientesByNome', { nomer, page: 1 })).pacientes.map((p) => p.id)
        expect(conceicao.nome).toBe(`conceição araújo ${prefix}`)
        expect(await find(`conceicao araujo ${prefix}`)).toEqual([conceicao.id])
        expect(await find(`CONCEIÇÃO ARAÚJO ${prefix.toUpperCase()}`)).toEqual([conceicao.id])
        expect(await find(`ção araú`)).toContain(conceicao.id)
        expect(await find(`${prefix} conceição`)).toEqual([joao.id])
        expect(await find(`  ${prefix}  `)).toEqual([conceicao.id, joao.id])
      })

      it('search text is not a pattern', async () => {
        await newPaciente({ nome: `Ana ${tag()}` })
        for (const nomer of ['%', '_', '%a%', '\\', 'a_a', '.*']) {
          expect((await ok('findPacientesByNome', { nomer, page: 1 })).pacientes, nomer).toEqual([])
          expect((await ok('listAgendamentos', { page: 1, pacienteNome: nomer })).agendamentos, nomer).toEqual([])
        }
      })
    })

    describe('soft delete', () => {
      it('a deleted patient leaves every list and search but /paciente/inativos, and comes back with ativar', async () => {
        const prefix = tag(12)
        const paciente = await newPaciente({ nome: `Beatriz ${prefix}` })
        const medico = await newMedico()
        await ok('deletePaciente', { id: paciente.id })

        const found = (await ok('findPaciente', { id: paciente.id })).paciente
        expect(found).toMatchObject({ id: paciente.id, ativo: false })
        expect((await ok('findPacientesByNome', { nomer: prefix, page: 1 })).pacientes).toEqual([])
        expect((await allPages('listPacientes', {})).map((p) => (p as { id: string }).id)).not.toContain(paciente.id)
        expectError(await send('findPacienteByCpf', { cpf: paciente.cpf }), 404, messages.patientNotFound)
        expectError(await send('findPacienteByRg', { rg: paciente.rg }), 404, messages.patientNotFound)
        expectError(
          await send('registerAgendamento', agendamentoBody(t.users.staff.id, paciente.id, medico.id, future(10))),
          404,
          messages.patientNotFound,
        )
        const inativos = (await allPages('listPacientesInativos', {}, 'admin')) as (typeof found)[]
        expect(inativos.map((p) => p.id)).toContain(paciente.id)
        expect(inativos.every((p) => !p.ativo)).toBe(true)
        const sorted = [...inativos].sort(patientOrder)
        expect(inativos.map((p) => p.id)).toEqual(sorted.map((p) => p.id))

        // an inactive patient cannot be changed nor deleted again: it is not found
        const { userId: _u, ...fields } = pacienteBody(t.users.staff.id, { cpf: paciente.cpf, rg: paciente.rg })
        expectError(await send('updatePaciente', { ...fields, id: paciente.id }), 404, messages.patientNotFound)
        expectError(await send('deletePaciente', { id: paciente.id }), 404, messages.patientNotFound)
        expect(found.versao).toBe(paciente.versao + 1)

        expect(await ok('ativarPaciente', { id: paciente.id }, 'admin')).toEqual({ ok: true })
        expect((await ok('findPaciente', { id: paciente.id })).paciente.ativo).toBe(true)
        expect((await ok('findPacientesByNome', { nomer: prefix, page: 1 })).pacientes.map((p) => p.id)).toEqual([
          paciente.id,
        ])
        expect((await ok('findPacienteByCpf', { cpf: paciente.cpf })).paciente.id).toBe(paciente.id)
        // ativar on an active patient is fine and changes nothing
        expect(await ok('ativarPaciente', { id: paciente.id }, 'admin')).toEqual({ ok: true })
        expect((await ok('findPaciente', { id: paciente.id })).paciente.versao).toBe(paciente.versao + 2)

        expect(
          (await allPages('listPacientesInativos', {}, 'admin')).map((p) => (p as { id: string }).id),
        ).not.toContain(paciente.id)
        await newAgendamento(paciente.id, medico.id, future(10))
      })
    })

    describe('login', () => {
      it('an unknown e-mail and a wrong password get the same 401', async () => {
        const unknown = await send(
          'login',
          { email: `ninguem.${tag()}@clinica.local`, password: 'qualquer-coisa' },
          null,
        )
        const wrong = await send('login', { email: t.users.staff.email, password: 'senha-errada' }, null)
        expectError(unknown, 401, messages.loginFailed)
        expect(wrong.status).toBe(401)
        expect(wrong.body).toEqual(unknown.body)
      })

      it('a successful sign-in clears the failures of that e-mail', async () => {
        const email = `limpa.${tag()}@clinica.local`
        await ok('registerUser', { nome: 'Usuario Limpo', email, password: 'senha-certa-1' }, 'admin')
        for (let i = 0; i < 4; i++)
          expectError(await send('login', { email, password: 'errada' }, null), 401, messages.loginFailed)
        await ok('login', { email, password: 'senha-certa-1' })
        for (let i = 0; i < 5; i++)
          expectError(await send('login', { email, password: 'errada' }, null), 401, messages.loginFailed)
        expectError(await send('login', { email, password: 'senha-certa-1' }, null), 429, messages.loginThrottled)
      })

      it('the e-mail is not case-sensitive', async () => {
        const answer = await ok('login', { email: t.users.staff.email.toUpperCase(), password: t.users.staff.password })
        expect(answer.user.id).toBe(t.users.staff.id)
      })

      it('more than 5 failures for one e-mail within 60 s → 429 with Retry-After, even with the right password', async () => {
        const email = `bloqueio.${tag()}@clinica.local`
        await ok('registerUser', { nome: 'Usuario Bloqueado', email, password: 'senha-certa-1' }, 'admin')
        for (let i = 0; i < 5; i++)
          expectError(await send('login', { email, password: `errada-${i}` }, null), 401, messages.loginFailed)
        const blocked = await send('login', { email, password: 'senha-certa-1' }, null)
        expectError(blocked, 429, messages.loginThrottled)
        const retryAfter = Number(blocked.headers['retry-after'])
        // the window (60 s) from the oldest of the 5 failures, just made
        expect(retryAfter).toBeGreaterThanOrEqual(50)
        expect(retryAfter).toBeLessThanOrEqual(60)
        expectError(
          await send('login', { email: email.toUpperCase(), password: 'senha-certa-1' }, null),
          429,
          messages.loginThrottled,
        )
        // other e-mails are not affected
        await ok('login', { email: t.users.staff.email, password: t.users.staff.password })
      })
    })

    describe('hardening: sign-out, historico, LGPD export, Idempotency-Key', () => {
      const keyed = (name: CallName, body: unknown, key: string, role: Role = 'staff') => {
        const request = callRequest(name, body, t.tokens[role])
        return t.request({ ...request, headers: { ...request.headers, [IDEMPOTENCY_HEADER]: key } })
      }

      it('logout revokes the token it is sent with; a new sign-in works', async () => {
        const email = `saida.${tag()}@clinica.local`
        await ok('registerUser', { nome: 'Saulo Saída', email, password: 'senha-forte-1' }, 'admin')
        const { token } = await ok('login', { email, password: 'senha-forte-1' })
        expect((await t.call('listMedicos', undefined, token)).status).toBe(200)
        const res = await t.call('logout', {}, token)
        expect(res.status).toBe(200)
        expect(api.logout.response.parse(res.body)).toEqual({ ok: true })
        covered.add('logout')
        expectError(await t.call('listMedicos', undefined, token), 401, messages.unauthenticated)
        expectError(await t.call('logout', {}, token), 401, messages.unauthenticated)
        const again = await ok('login', { email, password: 'senha-forte-1' })
        expect((await t.call('listMedicos', undefined, again.token)).status).toBe(200)
      })

      it('a patient’s historico: newest first, who, and the names of the fields changed', async () => {
        const paciente = await newPaciente()
        const { userId: _u, ...fields } = pacienteBody(t.users.staff.id)
        await ok('updatePaciente', {
          ...fields,
          nome: paciente.nome,
          cpf: paciente.cpf,
          rg: paciente.rg,
          telefone: 11_955_554_444,
          cidade: 'Olinda',
          id: paciente.id,
          versao: paciente.versao,
        })
        await ok('deletePaciente', { id: paciente.id })
        await ok('ativarPaciente', { id: paciente.id }, 'admin')
        const { historico } = await ok('historicoPaciente', { id: paciente.id })
        expect(historico.map((e) => e.action)).toEqual(['reactivate', 'delete', 'update', 'create'])
        const staff = { id: t.users.staff.id, nome: t.users.staff.nome }
        expect(historico[0]!.user).toEqual({ id: t.users.admin.id, nome: t.users.admin.nome })
        expect(historico.slice(1).map((e) => e.user)).toEqual([staff, staff, staff])
        expect(historico[1]!.fields).toEqual(['ativo'])
        expect([...historico[2]!.fields].sort()).toEqual(
          ['cidade', 'telefone'].concat(fields.email === paciente.email ? [] : ['email']).sort(),
        )
        expect(historico[3]!.fields).toEqual(expect.arrayContaining(['nome', 'cpf', 'rg', 'telefone']))
        for (const entry of historico) expect(Date.parse(entry.at)).not.toBeNaN()
        // names of fields only: never values
        expect(JSON.stringify(historico)).not.toContain(paciente.cpf)
        expect(JSON.stringify(historico)).not.toContain('Olinda')
        expectError(await send('historicoPaciente', { id: randomUuid() }), 404, messages.patientNotFound)
      })

      it('an appointment’s historico outlives it', async () => {
        const medico = await newMedico()
        const paciente = await newPaciente()
        const a = await newAgendamento(paciente.id, medico.id, future(9, '15:30'))
        const { userId: _u, ...rest } = agendamentoBody(t.users.staff.id, paciente.id, medico.id, a.datahora)
        await ok('updateAgendamento', {
          ...rest,
          userId: t.users.staff.id,
          // not paid: an appointment with money received is cancelled, never deleted (issue 35)
          anotacao: 'Outra anotação',
          convenio: 'Particular',
          id: a.id,
          versao: a.versao,
        })
        await ok('deleteAgendamento', { id: a.id })
        const { historico } = await ok('historicoAgendamento', { id: a.id })
        expect(historico.map((e) => e.action)).toEqual(['delete', 'update', 'create'])
        expect([...historico[1]!.fields].sort()).toEqual(['anotacao', 'convenio'])
        expect(historico[2]!.fields).toEqual(expect.arrayContaining(['datahora', 'exames', 'medicoId']))
        expectError(await send('historicoAgendamento', { id: randomUuid() }), 404, messages.appointmentNotFound)
      })

      it('exportar (admin): the patient, all their appointments and their historico, the export included', async () => {
        const medico = await newMedico()
        const paciente = await newPaciente()
        await newAgendamento(paciente.id, medico.id, future(12, '08:00'))
        await newAgendamento(paciente.id, medico.id, future(11, '08:00'))
        const answer = await ok('exportarPaciente', { id: paciente.id }, 'admin')
        expect(answer.paciente).toEqual(paciente)
        expect(answer.agendamentos.map((a) => a.datahora)).toEqual([future(11, '08:00'), future(12, '08:00')])
        expect(answer.historico.map((e) => e.action)).toEqual(['export', 'create'])
        expect(answer.historico[0]!.user).toEqual({ id: t.users.admin.id, nome: t.users.admin.nome })
        expectError(await send('exportarPaciente', { id: randomUuid() }, 'admin'), 404, messages.patientNotFound)
      })

      it('Idempotency-Key: the same key replays the first answer and creates nothing; another body → 422; a bad key → 400', async () => {
        const key = crypto.randomUUID()
        const nome = `Doutora ${tag()}`
        const first = await keyed('registerMedico', { nome }, key, 'admin')
        const second = await keyed('registerMedico', { nome }, key, 'admin')
        expect(first.status).toBe(201)
        expect(second.status).toBe(201)
        expect(second.body).toEqual(first.body)
        expect(second.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true')
        const medicos = (await ok('listMedicos')).medicos.filter((m) => m.nome === nome)
        expect(medicos).toHaveLength(1)
        expectError(
          await keyed('registerMedico', { nome: `${nome} Outra` }, key, 'admin'),
          422,
          messages.idempotencyKeyReused,
        )
        for (const bad of ['', ' ', 'x'.repeat(201), 'chave-com-ç'])
          expectError(await keyed('registerMedico', { nome }, bad, 'admin'), 400, messages.idempotencyKeyInvalid)
        // a key is the sender's own: another user with the same key creates their own record
        const paciente = pacienteBody(t.users.staff.id)
        const byStaff = await keyed('registerPaciente', paciente, key)
        expect(byStaff.status).toBe(201)
        expect((await keyed('registerPaciente', paciente, key)).body).toEqual(byStaff.body)
      })
    })

    describe('the published contract', () => {
      it("GET /openapi.json answers the contract's OpenAPI document, without a token and cacheable", async () => {
        const res = await send('openapi', undefined, null)
        expect(res.status).toBe(200)
        expect(res.headers['content-type']).toMatch(/^application\/json/)
        expect(res.headers['cache-control']).toBe(API_REFERENCE_CACHE_CONTROL)
        expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())))
        expect((await ok('openapi')).openapi).toBe('3.1.0')
      })
    })

    defineFrontDeskCases(() => ({ t, ok, send, expectError }))
    defineReportCases(() => ({ t, ok, send, expectError }))
    defineDeskPaperCases(() => ({ t, ok, send, expectError }))
    defineFormsCases(() => ({ t, ok, send, expectError }))
    defineCatalogueCases(() => ({ t, ok, send, expectError }))
    defineAgendaCases(() => ({ t, ok, send, expectError }))
    defineAgendaScheduleCases(() => ({ t, ok, send, expectError }))
    defineClosedDoorsCases(() => ({ t, ok, send, expectError }))
    defineWaitingRoomCases(() => ({ t, ok, send, expectError }))
    defineLaudoCases(() => ({ t, ok, send, expectError }))
    defineCertificateCases(() => ({ t, ok, send, expectError }))
    defineTissBillingCases(() => ({ t, ok, send, expectError }))
    defineTissCases(() => ({ t, ok, send, expectError }))
    defineLaudoWorkCases(() => ({ t, ok, send, expectError }))
    definePainelCases(() => ({ t, ok, send, expectError }))
    defineLaudoTemplateCases(() => ({ t, ok, send, expectError }))
    defineLaudoReleaseCases(() => ({ t, ok, send, expectError, covered }))
    defineLaudoReportCases(() => ({ t, ok, send, expectError }))
    defineLaudoDeskCases(() => ({ t, ok, send, expectError }))
    // issue 38 point 6: the day boards' live feed
    defineDayFeedCases(() => ({ t, ok, send, expectError }))
    // issue 37 point 5: TISS in the reports
    defineTissReportCases(() => ({ t, ok, send, expectError }))

    describe('reliability: passwords, users, dates', () => {
      /** A new staff user, signed in: its id, e-mail, password and token. */
      async function newUser(password = 'senha-forte-1') {
        const email = `pessoa.${tag()}@clinica.local`
        const { user } = await ok('registerUser', { nome: `Pessoa ${tag()}`, email, password }, 'admin')
        const { token } = await ok('login', { email, password })
        return { id: user.id, email, password, token }
      }

      it('a password of one repeated character is refused, with its own sentence', async () => {
        const email = `repetida.${tag()}@clinica.local`
        expectError(
          await send('registerUser', { nome: 'Ana', email, password: 'a'.repeat(12) }, 'admin'),
          400,
          messages.passwordRepeated,
        )
        expectError(
          await send('registerUser', { nome: 'Ana', email, password: ' '.repeat(8) }, 'admin'),
          400,
          messages.passwordRepeated,
        )
      })

      it('Alterar senha: the current password first, then a new one; the old one stops working', async () => {
        const u = await newUser()
        const change = (body: unknown) => t.call('changePassword', body, u.token)
        expectError(
          await change({ senhaAtual: 'nao-e-esta', novaSenha: 'outra-senha-forte-2' }),
          400,
          messages.currentPasswordWrong,
        )
        expectError(
          await change({ senhaAtual: u.password, novaSenha: u.password }),
          400,
          messages.passwordSameAsCurrent,
        )
        expectError(await change({ senhaAtual: u.password, novaSenha: '7'.repeat(9) }), 400, messages.passwordRepeated)
        const res = await change({ senhaAtual: u.password, novaSenha: 'outra-senha-forte-2' })
        expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { ok: true } })
        covered.add('changePassword')
        expectError(await send('login', { email: u.email, password: u.password }, null), 401, messages.loginFailed)
        await ok('login', { email: u.email, password: 'outra-senha-forte-2' })
        // the session it was changed from goes on
        expect((await t.call('listMedicos', undefined, u.token)).status).toBe(200)
      })

      it('ADMIN lists users, deactivates one (their session ends, sign-in refused) and reactivates them', async () => {
        const u = await newUser()
        const listed = async () => (await ok('listUsuarios', { page: 1 }, 'admin')).usuarios.find((x) => x.id === u.id)
        expect(await listed()).toMatchObject({ id: u.id, email: u.email, role: 'USER', ativo: true })
        expect(await ok('deactivateUser', { id: u.id }, 'admin')).toEqual({ ok: true })
        expectError(await t.call('listMedicos', undefined, u.token), 401, messages.unauthenticated)
        expectError(await send('login', { email: u.email, password: u.password }, null), 403, messages.userInactive)
        expect(await listed()).toMatchObject({ ativo: false })
        expect(await ok('reactivateUser', { id: u.id }, 'admin')).toEqual({ ok: true })
        const again = await ok('login', { email: u.email, password: u.password })
        expect((await t.call('listMedicos', undefined, again.token)).status).toBe(200)
        expect(await listed()).toMatchObject({ ativo: true })
      })

      it('a new role ends the user’s sessions; the next sign-in carries it', async () => {
        const u = await newUser()
        expectError(await t.call('listPacientesInativos', { page: 1 }, u.token), 403, messages.forbidden)
        expect(await ok('changeUserRole', { id: u.id, role: 'ADMIN' }, 'admin')).toEqual({ ok: true })
        expectError(await t.call('listMedicos', undefined, u.token), 401, messages.unauthenticated)
        const promoted = await ok('login', { email: u.email, password: u.password })
        expect(promoted.user.role).toBe('ADMIN')
        expect((await t.call('listPacientesInativos', { page: 1 }, promoted.token)).status).toBe(200)
        await ok('changeUserRole', { id: u.id, role: 'USER' }, 'admin')
        expectError(await t.call('listPacientesInativos', { page: 1 }, promoted.token), 401, messages.unauthenticated)
      })

      it('ADMIN redefines a forgotten password: a temporary one shown once, sessions end (issue 34)', async () => {
        const u = await newUser()
        const { senhaTemporaria } = await ok('resetUserPassword', { id: u.id }, 'admin')
        expect(senhaTemporaria).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/)
        expectError(await t.call('listMedicos', undefined, u.token), 401, messages.unauthenticated)
        expectError(await send('login', { email: u.email, password: u.password }, null), 401, messages.loginFailed)
        const signedIn = await ok('login', { email: u.email, password: senhaTemporaria })
        expect(signedIn.senhaTemporaria).toBe(true)
        // until it is changed: only the change, reading one's own user and 'Sair' (403 before any body check)
        const mustChange = messages.temporaryPasswordMustChange
        expectError(await t.call('listMedicos', undefined, signedIn.token), 403, mustChange)
        expectError(await t.call('listPacientes', { page: 1 }, signedIn.token), 403, mustChange)
        expectError(await t.call('registerMedico', {}, signedIn.token), 403, mustChange)
        expect((await t.call('meuUsuario', undefined, signedIn.token)).status).toBe(200)
        const novaSenha = `Lumen vasto ${tag()} aurora`
        const changed = await t.call('changePassword', { senhaAtual: senhaTemporaria, novaSenha }, signedIn.token)
        expect(changed.status).toBe(200)
        expect((await t.call('listMedicos', undefined, signedIn.token)).status).toBe(200)
        const after = await ok('login', { email: u.email, password: novaSenha })
        expect(after.senhaTemporaria).toBeUndefined()
        // another reset gives another password; staff may not reset anyone's
        expect((await ok('resetUserPassword', { id: u.id }, 'admin')).senhaTemporaria).not.toBe(senhaTemporaria)
        expect((await send('resetUserPassword', { id: u.id }, 'staff')).status).toBe(403)
        expectError(await send('resetUserPassword', { id: t.users.admin.id }, 'admin'), 409, messages.ownAccountLocked)
        expectError(await send('resetUserPassword', { id: randomUuid() }, 'admin'), 404, messages.userNotFound)
      })

      it('not one’s own account; unknown users → 404', async () => {
        for (const name of ['deactivateUser', 'changeUserRole'] as const) {
          const body = name === 'changeUserRole' ? { id: t.users.admin.id, role: 'USER' } : { id: t.users.admin.id }
          expectError(await send(name, body, 'admin'), 409, messages.ownAccountLocked)
        }
        expectError(await send('deactivateUser', { id: randomUuid() }, 'admin'), 404, messages.userNotFound)
        expectError(await send('reactivateUser', { id: randomUuid() }, 'admin'), 404, messages.userNotFound)
        expectError(
          await send('changeUserRole', { id: randomUuid(), role: 'ADMIN' }, 'admin'),
          404,
          messages.userNotFound,
        )
        // the admin is still an admin
        expect((await send('listUsuarios', { page: 1 }, 'admin')).status).toBe(200)
      })

      it('appointments at most 2 years ahead', async () => {
        const paciente = await newPaciente()
        const medico = await newMedico()
        const today = clinicToday()
        const limit = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`
        const beyond = `${addDays(limit, 1)}T10:00:00.000Z`
        expectError(
          await send('registerAgendamento', agendamentoBody(t.users.staff.id, paciente.id, medico.id, beyond)),
          400,
          messages.dateTooFarAhead,
        )
        expectError(
          await send(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, paciente.id, medico.id, '9999-01-01T10:00:00.000Z'),
          ),
          400,
          messages.dateTooFarAhead,
        )
        const booked = (
          await ok(
            'registerAgendamento',
            agendamentoBody(t.users.staff.id, paciente.id, medico.id, `${addDays(limit, -1)}T10:00:00.000Z`),
          )
        ).agendamento
        const moved = await send('updateAgendamento', {
          ...agendamentoBody(t.users.staff.id, paciente.id, medico.id, beyond),
          id: booked.id,
        })
        expectError(moved, 400, messages.dateTooFarAhead)
      })
    })

    describe('coverage', () => {
      it('every call of the api table was answered with success above', () => {
        expect(CALLS.filter((name) => !covered.has(name))).toEqual([])
      })
    })
  })
}
