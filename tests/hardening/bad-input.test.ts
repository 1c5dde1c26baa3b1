// Bad input, property-based (fast-check): bodies generated from and around the contract's schemas for
// every call — valid values, valid-ish variants, wrong types, missing and unknown keys, huge strings,
// unicode, SQL and HTML payloads — sent through inject. Never a 5xx; every error is `{ error }` in
// Portuguese; a body the schema refuses (unknown keys included) is a 400; text with SQL or HTML in it is
// plain data, stored and read back unchanged.
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, type Agendamento, type ApiCall, type CallName, type Paciente } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { isPortugueseError } from '../support/portuguese-errors'
import {
  agendamentoBody,
  call,
  clinicDateTime,
  createAgendamento,
  createMedico,
  createPaciente,
  expectStatus,
  freshToken,
  makeCpf,
  nextSerial,
  pacienteBody,
  type Who,
  ALL_WEEK,
  openClinicAllWeek,
} from '../server/helpers'

let t: TestApp
let valid: Record<CallName, () => Record<string, unknown> | undefined>
let paciente: Paciente
let medicoId: string
/** A user linked to a doctor: the calls of a doctor's own certificate answer only them (issue 36). */
let doctorToken: string
const DOCTOR_ONLY = new Set<CallName>(['meuCertificado', 'enviarCertificado', 'removerCertificado'])

const RUNS = 60

beforeAll(async () => {
  t = await createTestApp()
  await openClinicAllWeek(t)
  paciente = await createPaciente(t)
  medicoId = (await createMedico(t)).id
  const agendamento = await createAgendamento(t, { pacienteId: paciente.id, medicoId })
  const doctorEmail = `fuzz.medica.${nextSerial()}@clinica.test`
  expectStatus(
    await call(t, 'registerUser', 'admin', {
      nome: 'Fuzz Médica',
      email: doctorEmail,
      password: 'senha-da-medica-1',
      medicoId,
    }),
    201,
  )
  doctorToken = expectStatus<{ token: string }>(
    await call(t, 'login', 'anonymous', { email: doctorEmail, password: 'senha-da-medica-1' }),
    200,
  ).token
  const ids = { pacienteId: paciente.id, medicoId }
  const { userId: _u, ...pacienteFields } = pacienteBody(t)
  let slot = 0
  valid = {
    health: () => undefined,
    login: () => ({ email: t.users.staff.email, password: 'senha-errada' }),
    logout: () => ({}),
    registerUser: () => ({
      nome: 'Fuzz Usuaria',
      email: `fuzz.${nextSerial()}@clinica.test`,
      password: 'senha-forte-1',
    }),
    listAgendamentosBetweenDate: () => ({
      datainicior: clinicDateTime(0, '00:00'),
      datafimr: clinicDateTime(1, '00:00'),
      page: 1,
    }),
    listAgendamentos: () => ({
      page: 1,
      pacienteNome: 'maria',
      medicoId,
      datainicior: clinicDateTime(0, '00:00'),
      datafimr: clinicDateTime(1, '00:00'),
    }),
    listAgendamentosByPaciente: () => ({ pacienteId: paciente.id, page: 1 }),
    listAgendamentosByMedico: () => ({ medicoId, page: 1 }),
    findAgendamento: () => ({ id: agendamento.id }),
    historicoAgendamento: () => ({ id: agendamento.id }),
    registerAgendamento: () =>
      agendamentoBody(t, ids, {
        datahora: clinicDateTime(
          // 15 minutes apart: the default duration (the overlap rule, docs/decisions.md "Agenda and equipment")
          40 + Math.floor(++slot / 48),
          `${String(7 + Math.floor((slot % 48) / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`,
        ),
      }),
    updateAgendamento: () => ({ ...agendamentoBody(t, ids, { datahora: agendamento.datahora }), id: agendamento.id }),
    deleteAgendamento: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    listPacientes: () => ({ page: 1 }),
    findPacientesByNome: () => ({ nomer: 'maria', page: 1 }),
    findPacienteByCpf: () => ({ cpf: paciente.cpf }),
    verificarCpf: () => ({ cpf: paciente.cpf }),
    findPacienteByRg: () => ({ rg: paciente.rg }),
    findPaciente: () => ({ id: paciente.id }),
    historicoPaciente: () => ({ id: paciente.id }),
    exportarPaciente: () => ({ id: paciente.id }),
    openapi: () => undefined,
    listPacientesInativos: () => ({ page: 1 }),
    registerPaciente: () => pacienteBody(t),
    updatePaciente: () => ({ ...pacienteFields, cpf: paciente.cpf, rg: paciente.rg, id: paciente.id }),
    deletePaciente: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    ativarPaciente: () => ({ id: paciente.id }),
    listMedicos: () => undefined,
    findMedico: () => ({ id: medicoId }),
    listMedicosDetalhes: () => undefined,
    listMedicosTratamentos: () => undefined,
    updateMedico: () => ({ id: medicoId, tratamento: 'Dra.', crm: '123456', crmUf: 'PE', especialidade: 'Radiologia' }),
    registerMedico: () => ({ nome: 'Fuzz Medico' }),
    moverStatus: () => ({ id: agendamento.id, versao: 1, status: 'cancelado', motivo: 'clinica', texto: 'Fuzz.' }),
    desfazerStatus: () => ({ id: agendamento.id, versao: 1 }),
    versaoDia: () => ({ dia: clinicDateTime(0).slice(0, 10) }),
    marcarFaltas: () => ({ ids: [agendamento.id] }),
    meuUsuario: () => undefined,
    listUsuarios: () => ({ page: 1 }),
    vincularMedico: () => ({ id: t.users.staff.id, medicoId }),
    // the admin's own account: refused (409) without changing anything, however often it is sent
    changePassword: () => ({ senhaAtual: 'senha-errada', novaSenha: 'outra-senha-longa-1' }),
    deactivateUser: () => ({ id: t.users.admin.id }),
    resetUserPassword: () => ({ id: t.users.admin.id }),
    // the agenda (docs/decisions.md "Agenda and equipment")
    listEquipamentos: () => undefined,
    dicomEventos: () => undefined,
    registerEquipamento: () => ({ nome: `US-${nextSerial()}`, modalidades: ['US'], horarios: [] }),
    updateEquipamento: () => ({
      id: '00000000-0000-4000-8000-000000000000',
      nome: 'US',
      modalidades: ['US'],
      horarios: [],
    }),
    registerBloqueio: () => ({
      equipamentoId: '00000000-0000-4000-8000-000000000000',
      inicio: clinicDateTime(2, '08:00'),
      fim: clinicDateTime(2, '12:00'),
      motivo: 'Manutenção',
    }),
    bloqueioAgendamentos: () => ({
      equipamentoId: '00000000-0000-4000-8000-000000000000',
      inicio: clinicDateTime(2, '08:00'),
      fim: clinicDateTime(2, '12:00'),
      motivo: 'Manutenção',
    }),
    deleteBloqueio: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    medicoHorarios: () => ({ medicoId, horarios: null }),
    agendar: () => ({
      ...agendamentoBody(t, ids, {
        datahora: clinicDateTime(
          400 + Math.floor(++slot / 48),
          `${String(7 + Math.floor((slot % 48) / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`,
        ),
      }),
      duracaoMinutos: 15,
    }),
    reagendar: () => ({
      ...agendamentoBody(t, ids, { datahora: agendamento.datahora }),
      id: agendamento.id,
      equipamentoId: null,
    }),
    agenda: () => ({ de: clinicDateTime(0).slice(0, 10), dias: 1 }),
    horariosLivres: () => ({ modalidade: 'US', duracaoMinutos: 30, desde: clinicDateTime(1, '07:00') }),
    reactivateUser: () => ({ id: t.users.staff.id }),
    changeUserRole: () => ({ id: t.users.admin.id, role: 'ADMIN' }),
    relatorio: () => ({ de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(30).slice(0, 10) }),
    relatorioAgendamentos: () => ({ de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(30).slice(0, 10) }),
    configuracoesClinica: () => undefined,
    salvarConfiguracoesClinica: () => ({
      nome: 'Clínica Fuzz',
      endereco: 'Rua A, 1',
      telefone: '(11) 3333-4444',
      cnpj: '11.222.333/0001-81',
      logo: null,
      modeloMensagem: 'Olá, {nome}!',
    }),
    // the laudo (issue 36, contract/laudos.ts)
    configuracoesLaudo: () => undefined,
    salvarConfiguracoesLaudo: () => ({
      rtNome: 'Ana Souza',
      rtCrm: '123456',
      rtCrmUf: 'SP',
      cnes: '1234567',
      pacsUrl: 'https://pacs.local/viewer?study={StudyInstanceUID}',
      assinaturaManual: false,
    }),
    salvarHorariosClinica: () => ({ horarios: ALL_WEEK }),
    listConfirmacoes: () => ({ dia: clinicDateTime(1).slice(0, 10) }),
    registrarWhatsappAberto: () => ({ id: agendamento.id }),
    comprovanteAgendamento: () => ({ id: agendamento.id }),
    // the catalogue (contract/catalogue.ts)
    catalogo: () => undefined,
    registerExame: () => ({ nome: 'US fuzz', modalidade: 'US', duracao: 20 }),
    updateExame: () => ({ id: agendamento.id, nome: 'US fuzz', modalidade: 'US', duracao: 20 }),
    deleteExame: () => ({ id: agendamento.id }),
    registerConvenio: () => ({ nome: 'Convênio fuzz' }),
    updateConvenio: () => ({ id: '00000000-0000-4000-8000-000000000001', nome: 'Particular', ativo: true }),
    deleteConvenio: () => ({ id: agendamento.id }),
    definirPreco: () => ({
      exameId: agendamento.id,
      convenioId: '00000000-0000-4000-8000-000000000001',
      valorIncents: 100,
    }),
    consultarPrecos: () => ({ convenioId: '00000000-0000-4000-8000-000000000001', exameIds: [agendamento.id] }),
    detalhesAgendamento: () => ({ id: agendamento.id }),
    registrarPagamento: () => ({
      agendamentoId: agendamento.id,
      forma: 'pix',
      valorIncents: 100,
      data: clinicDateTime(0).slice(0, 10),
    }),
    chamarPaciente: () => ({ id: agendamento.id, sala: 'Consultório 1' }),
    chamadasDia: () => ({ dia: clinicDateTime(0).slice(0, 10) }),
    // the doctor's certificate (issue 36)
    meuCertificado: () => undefined,
    enviarCertificado: () => ({ arquivo: 'medica.pfx', conteudo: 'AAAA', senha: 'senha' }),
    removerCertificado: () => undefined,
    // TISS billing (issue 37)
    faturamentoPendentes: () => ({ convenioId: '00000000-0000-4000-8000-000000000001', competencia: '2026-11' }),
    gerarLoteTiss: () => ({ convenioId: '00000000-0000-4000-8000-000000000001', competencia: '2026-11' }),
    lotesTiss: () => ({ convenioId: '00000000-0000-4000-8000-000000000001' }),
    xmlLoteTiss: () => ({ id: agendamento.id }),
    enviarLoteTiss: () => ({ id: agendamento.id, data: '2026-11-27', protocolo: 'P123' }),
    retornoGuiaTiss: () => ({ id: agendamento.id, situacao: 'glosado', valorIncents: 0, glosaCodigo: '1801' }),
    recursoGuiaTiss: () => ({ id: agendamento.id, data: '2026-11-27', texto: 'Guia dentro do prazo.' }),
    // TISS data entry (issue 37, contract/tiss.ts)
    tissConvenios: () => undefined,
    definirConvenioTiss: () => ({
      convenioId: '00000000-0000-4000-8000-000000000001',
      codigoPrestador: '123',
      guiasPorLote: 100,
    }),
    carteirinhasPaciente: () => ({ pacienteId: paciente.id }),
    definirCarteirinha: () => ({
      pacienteId: paciente.id,
      convenioId: '00000000-0000-4000-8000-000000000001',
      numero: '123',
      plano: 'Ouro',
    }),
    removerCarteirinha: () => ({ id: agendamento.id }),
    solicitantes: () => undefined,
    registerSolicitante: () => ({ nome: 'Ana Lima', conselho: 'CRM', numero: String(++slot), uf: 'SP', cbo: '225125' }),
    updateSolicitante: () => ({
      id: agendamento.id,
      nome: 'Ana Lima',
      conselho: 'CRM',
      numero: '1',
      uf: 'SP',
      cbo: '225125',
    }),
    guiaTiss: () => ({ agendamentoId: agendamento.id }),
    definirGuiaTiss: () => ({ agendamentoId: agendamento.id, senhaAutorizacao: '123', carater: '1' }),
    // the laudo's worklist and editor (issue 36)
    laudosPendentes: () => ({ meus: false, modalidade: null, equipamentoId: null }),
    abrirLaudo: () => ({ agendamentoId: crypto.randomUUID(), exameId: crypto.randomUUID() }),
    laudo: () => ({ id: crypto.randomUUID() }),
    salvarLaudo: () => ({
      id: crypto.randomUUID(),
      revisao: 0,
      tecnica: '',
      relatorio: '',
      impressao: '',
      birads: null,
    }),
    laudosDoDia: () => ({ dia: clinicDateTime(0).slice(0, 10) }),
    // the waiting room's TV panels (issue 38)
    paineis: () => undefined,
    criarPainel: () => ({ nome: 'Painel Fuzz' }),
    codigoPainel: () => ({ id: agendamento.id }),
    revogarPainel: () => ({ id: agendamento.id }),
    salvarExibicaoPainel: () => ({ exibicao: 'nome_inicial' }),
    parearPainel: () => ({ codigo: '1234 5678' }),
    painelChamadas: () => undefined,
    // the laudo's templates and stock phrases (issue 36 point 2)
    modeloLaudo: () => ({ exameId: agendamento.id }),
    salvarModeloLaudo: () => ({ exameId: agendamento.id, tecnica: '{exame}', relatorio: 'Normal.', impressao: '' }),
    frasesProntas: () => undefined,
    registerFrase: () => ({ modalidade: 'US', codigo: 'fuzz', texto: 'Sem alterações.' }),
    updateFrase: () => ({ id: agendamento.id, modalidade: 'US', codigo: 'fuzz', texto: 'Sem alterações.' }),
    deleteFrase: () => ({ id: agendamento.id }),
    // the laudo's release, delivery and verification (issue 36): a laudo no one has
    liberarLaudo: () => ({ laudoId: NO_LAUDO, senha: 'senha', lembrarSenha: false }),
    versoesLaudo: () => ({ laudoId: NO_LAUDO }),
    pdfLaudo: () => ({ laudoId: NO_LAUDO, versao: 1 }),
    retificarLaudo: () => ({ laudoId: NO_LAUDO, motivo: 'Lateralidade' }),
    entregarLaudo: () => ({ laudoId: NO_LAUDO, recebedor: 'terceiro', nome: 'Maria', cpf: makeCpf(nextSerial()) }),
    verificarLaudo: () => ({ codigo: 'ABCD-EFGH-JKMN' }),
    // issue 36 point 9: the laudos in the reports
    relatorioLaudos: () => ({ de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(30).slice(0, 10) }),
    protocoloRetirada: () => ({ agendamentoId: NO_LAUDO }),
    laudosEntregues: () => ({ de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(0).slice(0, 10) }),
    // issue 37 point 5: TISS in the reports
    relatorioFaturamento: () => ({ de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(30).slice(0, 10) }),
  }
})
const NO_LAUDO = '00000000-0000-4000-8000-000000000000'
afterAll(async () => {
  await t?.close()
})

const SQL_AND_HTML = [
  "'); DROP TABLE pacientes;--",
  "' OR '1'='1",
  "1; DELETE FROM users WHERE ''='",
  '"; TRUNCATE audit_log; --',
  "Robert'); DROP TABLE agendamentos;--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '%s%s%s%n',
  '\\x00\\u0000',
  '$1',
  '%_\\',
]

const HUGE = ['x'.repeat(30_000), 'ç'.repeat(20_000), '🙂'.repeat(8_000), `${"'; DROP TABLE x;--".repeat(2_000)}`]

/** Wrong types, edge numbers, huge and odd strings, SQL and HTML. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...SQL_AND_HTML),
  fc.constantFrom(...HUGE),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.1),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
)

/** Near a valid value: padded, cased, cut, doubled, off by one, of the other kind. */
function validIsh(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'string')
    return fc.constantFrom(
      value,
      ` ${value} `,
      value.toUpperCase(),
      value.slice(0, -1),
      value + value,
      '',
      `${value}\u0000`,
      `${value}'`,
      `<b>${value}</b>`,
    )
  if (typeof value === 'number') return fc.constantFrom(value, value + 1, value - 1, -value, value / 3, String(value))
  if (typeof value === 'boolean') return fc.constantFrom(value, !value, String(value), value ? 1 : 0)
  if (Array.isArray(value)) return fc.constantFrom(value, [], [...value, ...value], value.map(String), [value])
  return fc.constant(value)
}

interface Mutation {
  replaced: Record<string, unknown>
  removed: string[]
  extra: Record<string, unknown>
}

function mutations(base: Record<string, unknown>): fc.Arbitrary<Mutation> {
  const keys = Object.keys(base)
  const replacement = (key: string) =>
    fc.oneof({ weight: 2, arbitrary: validIsh(base[key]) }, { weight: 3, arbitrary: junk })
  const unknownKey = fc
    .oneof(
      fc.constantFrom('ativo', 'role', 'isAdmin', 'versao2', '$where', 'userid', 'id ', 'constructor'),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .filter((k) => !keys.includes(k) && k !== '__proto__')
  return fc.record({
    replaced: keys.length
      ? fc.subarray(keys).chain((picked) => fc.record(Object.fromEntries(picked.map((k) => [k, replacement(k)]))))
      : fc.constant({}),
    removed: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
    extra: fc.oneof(
      { weight: 3, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.dictionary(unknownKey, junk, { minKeys: 1, maxKeys: 2 }) },
    ),
  })
}

function apply(base: Record<string, unknown>, m: Mutation): Record<string, unknown> {
  const body: Record<string, unknown> = { ...base, ...m.replaced }
  for (const key of m.removed) delete body[key]
  for (const [key, value] of Object.entries(m.extra))
    Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true })
  return body
}

function checkAnswer(name: CallName, response: LightMyRequestResponse, sent: string) {
  const context = `${name} ← ${sent.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`
  expect(response.statusCode, context).toBeLessThan(500)
  expect(response.headers['content-type'], context).toMatch(/^application\/json/)
  if (response.statusCode >= 400) {
    const body = response.json() as Record<string, unknown>
    expect(typeof body.error, context).toBe('string')
    expect(
      Object.keys(body).filter((k) => k !== 'error' && k !== 'issues'),
      context,
    ).toEqual([])
    const error = body.error as string
    expect(isPortugueseError(error), context).toBe(true)
    expect(error, context).not.toMatch(/^(Invalid|Expected|Unrecognized|Bad Request|Internal|Unsupported|Body|Too)/)
  }
}

async function send(name: CallName, body: unknown): Promise<LightMyRequestResponse> {
  const spec: ApiCall = api[name]
  // a sign-out that succeeds revokes its token: each one gets a session of its own
  const who: Who =
    name === 'logout'
      ? { token: await freshToken(t, 'admin') }
      : DOCTOR_ONLY.has(name)
        ? { token: doctorToken }
        : spec.access === 'public'
          ? 'anonymous'
          : 'admin'
  const raw = body === undefined ? undefined : JSON.stringify(body)
  const response = await call(t, name, who, raw, {
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  })
  checkAnswer(name, response, raw ?? '')
  return response
}

const names = Object.keys(api) as CallName[]
const withBody = names.filter((name) => 'body' in api[name])

describe('every call, bodies from and around its schema', () => {
  it.each(withBody)(
    '%s: never a 5xx, Portuguese errors, a body the schema refuses → 400, unknown keys refused',
    async (name) => {
      const spec: ApiCall = api[name]
      await fc.assert(
        fc.asyncProperty(
          fc.constant(null).chain(() => mutations(valid[name]()!).map((m) => ({ base: valid[name]()!, m }))),
          async ({ base, m }) => {
            const body = apply(base, m)
            const response = await send(name, body)
            // what the server receives, as JSON
            const received = JSON.parse(JSON.stringify(body)) as unknown
            const verdict = spec.body!.safeParse(received)
            if (!verdict.success) expect(response.statusCode, response.body).toBe(400)
            if (Object.keys(m.extra).length > 0) expect(response.statusCode, response.body).toBe(400)
          },
        ),
        { numRuns: RUNS, seed: 4242 },
      )
    },
  )

  it.each(withBody)(
    '%s: one field at a time, the others valid — nasty strings reach the database, never a 5xx',
    async (name) => {
      const keys = Object.keys(valid[name]()!)
      if (keys.length === 0) return
      // strings PostgreSQL or the JSON layer can choke on: NUL, lone surrogates, huge, SQL, HTML, RTL, emoji
      const nasty = fc.oneof(
        fc.constantFrom(
          'a\u0000b',
          '\u0000',
          'maria\u0000',
          '\ud800',
          'x\udfffy',
          '\u202eabc',
          '\ufeffmaria',
          'ﬀ',
          'İ',
          '%',
          '_',
          '\\',
          "'",
          '"',
        ),
        fc.constantFrom(...SQL_AND_HTML),
        fc.constantFrom(...HUGE),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
      )
      await fc.assert(
        fc.asyncProperty(fc.nat(), nasty, async (pick, value) => {
          const body = valid[name]()!
          await send(name, { ...body, [keys[pick % keys.length]!]: value })
        }),
        { numRuns: Math.max(RUNS, keys.length * 6), seed: 31_337 },
      )
    },
  )

  it.each(withBody)('%s: whole bodies of any JSON value', async (name) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), junk), async (value) => {
        await send(name, value)
      }),
      { numRuns: 30, seed: 777 },
    )
  })

  it('GET calls ignore junk query strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.webQueryParameters(), async (query) => {
        // a panel's feed answers a paired TV only (tests/server/paineis.test.ts asks it with junk too)
        for (const name of names.filter((n) => api[n].method === 'GET' && api[n].access !== 'painel')) {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api${api[name].path}?${query}`,
            // an ADMIN call (GET /medico/detalhes) is asked by an ADMIN
            headers: {
              authorization: `Bearer ${DOCTOR_ONLY.has(name) ? doctorToken : api[name].access === 'admin' ? t.tokens.admin : t.tokens.staff}`,
            },
          })
          checkAnswer(name, response, query)
          expect(response.statusCode).toBe(200)
        }
      }),
      { numRuns: 50, seed: 99 },
    )
  })
})

describe('SQL and HTML are plain data', () => {
  const text = fc
    .oneof(
      fc.constantFrom(...SQL_AND_HTML),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
      fc
        .tuple(fc.constantFrom(...SQL_AND_HTML), fc.string({ unit: 'grapheme', maxLength: 20 }))
        .map(([a, b]) => `${a}${b}`),
    )
    // the contract trims text; NUL cannot be stored in PostgreSQL text (refused with 400, checked above)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= 120 && !s.includes('\u0000'))

  it('patient text fields: stored and read back unchanged, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          naturalidade: text,
          profissao: text,
          endereco: text,
          bairro: text,
          cidade: text,
          estado: text.filter((s) => s.length <= 50),
        }),
        async (fields) => {
          const response = await send('registerPaciente', pacienteBody(t, { ...fields, cpf: makeCpf(nextSerial()) }))
          const created = expectStatus<{ paciente: Paciente }>(response, 201).paciente
          const read = expectStatus<{ paciente: Paciente }>(
            await send('findPaciente', { id: created.id }),
            200,
          ).paciente
          for (const [key, value] of Object.entries(fields)) {
            expect(read[key as keyof Paciente]).toBe(value)
            expect(Buffer.from(String(read[key as keyof Paciente]), 'utf8').equals(Buffer.from(value, 'utf8'))).toBe(
              true,
            )
          }
        },
      ),
      { numRuns: 50, seed: 1313 },
    )
  })

  it('appointment convênio, anotação and exames: stored and read back unchanged', async () => {
    let minute = 0
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          convenio: text,
          anotacao: text,
          exames: fc.array(
            text.filter((s) => s.length <= 100),
            { minLength: 1, maxLength: 3 },
          ),
        }),
        async (fields) => {
          // 45 minutes apart: up to 3 exams at 15 minutes each (the overlap rule, docs/decisions.md "Agenda and equipment")
          minute++
          const datahora = clinicDateTime(
            60 + Math.floor(minute / 20),
            `${String(7 + Math.floor(((minute % 20) * 45) / 60)).padStart(2, '0')}:${String(((minute % 20) * 45) % 60).padStart(2, '0')}`,
          )
          const body = agendamentoBody(t, { pacienteId: paciente.id, medicoId }, { ...fields, datahora })
          const created = expectStatus<{ agendamento: Agendamento }>(
            await send('registerAgendamento', body),
            201,
          ).agendamento
          const read = expectStatus<{ agendamento: Agendamento }>(
            await send('findAgendamento', { id: created.id }),
            200,
          ).agendamento
          expect(read.convenio).toBe(fields.convenio)
          expect(read.anotacao).toBe(fields.anotacao)
          expect(read.exames).toEqual(fields.exames)
        },
      ),
      { numRuns: 50, seed: 2718 },
    )
  })

  it("a convênio of `'); DROP TABLE pacientes;--` and a note of `<script>alert(1)</script>`: as sent, and nothing dropped", async () => {
    const convenio = "'); DROP TABLE pacientes;--"
    const anotacao = '<script>alert(1)</script>'
    const body = agendamentoBody(
      t,
      { pacienteId: paciente.id, medicoId },
      { convenio, anotacao, datahora: clinicDateTime(90, '10:00') },
    )
    const created = expectStatus<{ agendamento: Agendamento }>(await send('registerAgendamento', body), 201).agendamento
    const response = await send('findAgendamento', { id: created.id })
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    const read = expectStatus<{ agendamento: Agendamento }>(response, 200).agendamento
    expect(read.convenio).toBe(convenio)
    expect(read.anotacao).toBe(anotacao)
    // the tables are all there
    expectStatus(await send('listPacientes', { page: 1 }), 200)
    expectStatus(await send('findPaciente', { id: paciente.id }), 200)
    // and a search with SQL in it is a search for that text
    const found = expectStatus<{ pacientes: Paciente[] }>(
      await send('findPacientesByNome', { nomer: "' OR 1=1 --", page: 1 }),
      200,
    )
    expect(found.pacientes).toEqual([])
    const percent = expectStatus<{ pacientes: Paciente[] }>(
      await send('findPacientesByNome', { nomer: '%', page: 1 }),
      200,
    )
    expect(percent.pacientes).toEqual([])
  })
})
