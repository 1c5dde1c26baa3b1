// Malformed input thrown at every call: no answer may be a 5xx, and every error answer is
// `{ error: <Portuguese sentence> }`.
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, type CallName } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { isPortugueseError } from '../support/portuguese-errors'
import {
  agendamentoBody,
  call,
  clinicDateTime,
  createAgendamento,
  createMedico,
  createPaciente,
  freshToken,
  pacienteBody,
  ALL_WEEK,
  openClinicAllWeek,
} from './helpers'

let t: TestApp
let valid: Record<CallName, Record<string, unknown> | undefined>

beforeAll(async () => {
  t = await createTestApp()
  await openClinicAllWeek(t)
  const paciente = await createPaciente(t)
  const medico = await createMedico(t)
  const agendamento = await createAgendamento(t, { pacienteId: paciente.id, medicoId: medico.id })
  const { userId: _u, ...pacienteFields } = pacienteBody(t)
  valid = {
    login: { email: t.users.staff.email, password: 'wrong-password' },
    registerUser: { nome: 'Fuzz Usuario', email: 'fuzz@clinica.test', password: '12345678' },
    listAgendamentosBetweenDate: {
      datainicior: clinicDateTime(0, '00:00'),
      datafimr: clinicDateTime(1, '00:00'),
      page: 1,
    },
    listAgendamentos: {
      page: 1,
      pacienteNome: 'maria',
      medicoId: medico.id,
      datainicior: clinicDateTime(0, '00:00'),
      datafimr: clinicDateTime(1, '00:00'),
    },
    listAgendamentosByPaciente: { pacienteId: paciente.id, page: 1 },
    listAgendamentosByMedico: { medicoId: medico.id, page: 1 },
    findAgendamento: { id: agendamento.id },
    registerAgendamento: agendamentoBody(
      t,
      { pacienteId: paciente.id, medicoId: medico.id },
      { datahora: clinicDateTime(30) },
    ),
    updateAgendamento: {
      ...agendamentoBody(t, { pacienteId: paciente.id, medicoId: medico.id }, { datahora: agendamento.datahora }),
      id: agendamento.id,
      versao: 1,
    },
    deleteAgendamento: { id: agendamento.id },
    listPacientes: { page: 1 },
    findPacientesByNome: { nomer: 'maria', page: 1 },
    findPacienteByCpf: { cpf: paciente.cpf },
    verificarCpf: { cpf: paciente.cpf },
    findPacienteByRg: { rg: paciente.rg },
    findPaciente: { id: paciente.id },
    listPacientesInativos: { page: 1 },
    registerPaciente: pacienteBody(t),
    updatePaciente: { ...pacienteFields, cpf: paciente.cpf, rg: paciente.rg, id: paciente.id, versao: 1 },
    deletePaciente: { id: paciente.id },
    ativarPaciente: { id: paciente.id },
    listMedicos: undefined,
    health: undefined,
    findMedico: { id: medico.id },
    listMedicosDetalhes: undefined,
    listMedicosTratamentos: undefined,
    updateMedico: { id: medico.id, tratamento: 'Dra.', crm: '123456', crmUf: 'PE', especialidade: 'Radiologia' },
    registerMedico: { nome: 'Fuzz Medico' },
    logout: {},
    historicoPaciente: { id: paciente.id },
    historicoAgendamento: { id: agendamento.id },
    exportarPaciente: { id: paciente.id },
    openapi: undefined,
    moverStatus: { id: agendamento.id, versao: 1, status: 'cancelado', motivo: 'paciente', texto: 'Remarcou.' },
    desfazerStatus: { id: agendamento.id, versao: 1 },
    versaoDia: { dia: clinicDateTime(0).slice(0, 10) },
    marcarFaltas: { ids: [agendamento.id] },
    meuUsuario: undefined,
    listUsuarios: { page: 1 },
    vincularMedico: { id: t.users.staff.id, medicoId: medico.id },
    changePassword: { senhaAtual: 'senha-errada', novaSenha: 'outra-senha-longa-1' },
    deactivateUser: { id: t.users.admin.id },
    resetUserPassword: { id: t.users.admin.id },
    reactivateUser: { id: t.users.staff.id },
    changeUserRole: { id: t.users.admin.id, role: 'ADMIN' },
    relatorio: { de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(30).slice(0, 10) },
    relatorioAgendamentos: { de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(30).slice(0, 10) },
    configuracoesClinica: undefined,
    salvarConfiguracoesClinica: {
      nome: 'Clínica Fuzz',
      endereco: 'Rua A, 1',
      telefone: '(11) 3333-4444',
      cnpj: '11.222.333/0001-81',
      logo: null,
      modeloMensagem: 'Olá, {nome}!',
    },
    // the laudo (issue 36, contract/laudos.ts)
    configuracoesLaudo: undefined,
    salvarConfiguracoesLaudo: {
      rtNome: 'Ana Souza',
      rtCrm: '123456',
      rtCrmUf: 'SP',
      cnes: '1234567',
      pacsUrl: 'https://pacs.local/viewer?study={StudyInstanceUID}',
      assinaturaManual: false,
    },
    salvarHorariosClinica: { horarios: ALL_WEEK },
    listConfirmacoes: { dia: clinicDateTime(1).slice(0, 10) },
    registrarWhatsappAberto: { id: agendamento.id },
    comprovanteAgendamento: { id: agendamento.id },
    // the catalogue (contract/catalogue.ts)
    catalogo: undefined,
    registerExame: { nome: 'US fuzz', modalidade: 'US', duracao: 20, preparo: 'Jejum.', tuss: '40901122' },
    updateExame: { id: agendamento.id, nome: 'US fuzz', modalidade: 'US', duracao: 20 },
    deleteExame: { id: agendamento.id },
    registerConvenio: { nome: 'Convênio fuzz', ans: '123456' },
    updateConvenio: { id: '00000000-0000-4000-8000-000000000001', nome: 'Particular', ativo: true },
    deleteConvenio: { id: agendamento.id },
    definirPreco: { exameId: agendamento.id, convenioId: '00000000-0000-4000-8000-000000000001', valorIncents: 100 },
    consultarPrecos: { convenioId: '00000000-0000-4000-8000-000000000001', exameIds: [agendamento.id] },
    detalhesAgendamento: { id: agendamento.id },
    registrarPagamento: {
      agendamentoId: agendamento.id,
      forma: 'pix',
      valorIncents: 100,
      data: clinicDateTime(0).slice(0, 10),
    },
    // the agenda (docs/decisions.md "Agenda and equipment")
    listEquipamentos: undefined,
    dicomEventos: undefined,
    registerEquipamento: { nome: 'US-1', modalidades: ['US'], horarios: [{ dia: 1, inicio: '07:00', fim: '19:00' }] },
    updateEquipamento: { id: '00000000-0000-4000-8000-000000000000', nome: 'US-2', modalidades: ['US'], horarios: [] },
    registerBloqueio: {
      equipamentoId: '00000000-0000-4000-8000-000000000000',
      inicio: clinicDateTime(2, '08:00'),
      fim: clinicDateTime(2, '12:00'),
      motivo: 'Manutenção',
    },
    bloqueioAgendamentos: {
      equipamentoId: '00000000-0000-4000-8000-000000000000',
      inicio: clinicDateTime(2, '08:00'),
      fim: clinicDateTime(2, '12:00'),
      motivo: 'Manutenção',
    },
    deleteBloqueio: { id: '00000000-0000-4000-8000-000000000000' },
    medicoHorarios: { medicoId: medico.id, horarios: [{ dia: 2, inicio: '08:00', fim: '12:00' }] },
    agendar: {
      ...agendamentoBody(t, { pacienteId: paciente.id, medicoId: medico.id }, { datahora: clinicDateTime(3, '09:00') }),
      duracaoMinutos: 30,
    },
    reagendar: {
      ...agendamentoBody(t, { pacienteId: paciente.id, medicoId: medico.id }, { datahora: agendamento.datahora }),
      id: agendamento.id,
      versao: 1,
      equipamentoId: null,
      duracaoMinutos: 30,
    },
    agenda: { de: clinicDateTime(0).slice(0, 10), dias: 1 },
    horariosLivres: { modalidade: 'US', duracaoMinutos: 30, desde: clinicDateTime(1, '07:00') },
    chamarPaciente: { id: agendamento.id, sala: 'Consultório 1' },
    chamadasDia: { dia: clinicDateTime(0).slice(0, 10) },
    // the doctor's certificate (issue 36): the upload's body; the reads have none
    meuCertificado: undefined,
    enviarCertificado: { arquivo: 'medica.pfx', conteudo: 'AAAA', senha: 'senha' },
    removerCertificado: {},
    // TISS billing (issue 37)
    faturamentoPendentes: { convenioId: '00000000-0000-4000-8000-000000000001', competencia: '2026-11' },
    gerarLoteTiss: { convenioId: '00000000-0000-4000-8000-000000000001', competencia: '2026-11' },
    lotesTiss: { convenioId: '00000000-0000-4000-8000-000000000001' },
    xmlLoteTiss: { id: agendamento.id },
    enviarLoteTiss: { id: agendamento.id, data: '2026-11-27', protocolo: 'P123' },
    retornoGuiaTiss: { id: agendamento.id, situacao: 'glosado', valorIncents: 0, glosaCodigo: '1801' },
    recursoGuiaTiss: { id: agendamento.id, data: '2026-11-27', texto: 'Guia dentro do prazo.' },
    // TISS data entry (issue 37, contract/tiss.ts)
    tissConvenios: undefined,
    solicitantes: undefined,
    definirConvenioTiss: {
      convenioId: '00000000-0000-4000-8000-000000000001',
      codigoPrestador: '123',
      guiasPorLote: 100,
    },
    carteirinhasPaciente: { pacienteId: paciente.id },
    definirCarteirinha: {
      pacienteId: paciente.id,
      convenioId: '00000000-0000-4000-8000-000000000001',
      numero: '123',
      plano: 'Ouro',
    },
    removerCarteirinha: { id: agendamento.id },
    registerSolicitante: { nome: 'Ana Lima', conselho: 'CRM', numero: '123', uf: 'SP', cbo: '225125' },
    updateSolicitante: { id: agendamento.id, nome: 'Ana Lima', conselho: 'CRM', numero: '1', uf: 'SP', cbo: '225125' },
    guiaTiss: { agendamentoId: agendamento.id },
    definirGuiaTiss: { agendamentoId: agendamento.id, senhaAutorizacao: '123', carater: '1' },
    // the laudo's worklist and editor (issue 36)
    laudosPendentes: { meus: false, modalidade: null, equipamentoId: null },
    abrirLaudo: {
      agendamentoId: '00000000-0000-4000-8000-000000000001',
      exameId: '00000000-0000-4000-8000-000000000002',
    },
    laudo: { id: '00000000-0000-4000-8000-000000000003' },
    salvarLaudo: {
      id: '00000000-0000-4000-8000-000000000003',
      revisao: 0,
      tecnica: '',
      relatorio: '',
      impressao: '',
      birads: null,
    },
    laudosDoDia: { dia: clinicDateTime(0).slice(0, 10) },
    // the waiting room's TV panels (issue 38)
    paineis: undefined,
    criarPainel: { nome: 'Painel Fuzz' },
    codigoPainel: { id: agendamento.id },
    revogarPainel: { id: agendamento.id },
    salvarExibicaoPainel: { exibicao: 'nome_inicial' },
    parearPainel: { codigo: '1234 5678' },
    painelChamadas: undefined,
    // the laudo's templates and stock phrases (issue 36 point 2)
    modeloLaudo: { exameId: agendamento.id },
    salvarModeloLaudo: { exameId: agendamento.id, tecnica: '{exame}', relatorio: 'Normal.', impressao: '' },
    frasesProntas: undefined,
    registerFrase: { modalidade: 'US', codigo: 'fuzz', texto: 'Sem alterações.' },
    updateFrase: { id: agendamento.id, modalidade: 'US', codigo: 'fuzz', texto: 'Sem alterações.' },
    deleteFrase: { id: agendamento.id },
    // the laudo's release, delivery and verification (issue 36): a laudo no one has
    liberarLaudo: { laudoId: NO_LAUDO, senha: 'senha', lembrarSenha: false },
    versoesLaudo: { laudoId: NO_LAUDO },
    pdfLaudo: { laudoId: NO_LAUDO, versao: 1 },
    retificarLaudo: { laudoId: NO_LAUDO, motivo: 'Lateralidade' },
    entregarLaudo: { laudoId: NO_LAUDO, recebedor: 'terceiro', nome: 'Maria', cpf: '52998224725' },
    verificarLaudo: { codigo: 'ABCD-EFGH-JKMN' },
    // issue 36 point 9: the laudos in the reports
    relatorioLaudos: { de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(30).slice(0, 10) },
    protocoloRetirada: { agendamentoId: NO_LAUDO },
    laudosEntregues: { de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(0).slice(0, 10) },
    // issue 37 point 5: TISS in the reports
    relatorioFaturamento: { de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(30).slice(0, 10) },
  }
})
const NO_LAUDO = '00000000-0000-4000-8000-000000000000'
afterAll(async () => {
  await t?.close()
})

const names = Object.keys(api) as CallName[]
const JUNK: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'a',
  '1',
  'null',
  "'; drop table pacientes; --",
  '<script>alert(1)</script>',
  '%_\\',
  '\u0000',
  '\ud800',
  '🙂'.repeat(50),
  'ç'.repeat(5000),
  '2030-01-01T00:00:00Z',
  '00000000-0000-4000-8000-000000000000',
  [],
  [null],
  ['a', 1, {}],
  {},
  { $gt: '' },
  { nested: { deep: [[[[{}]]]] } },
]

const WHOLE_BODIES: string[] = [
  'null',
  '[]',
  '0',
  '"texto"',
  'true',
  '{}',
  '[{}]',
  '{"a":1}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{',
  '}',
  '{"page":}',
  '1e999',
  '{"page":1e999}',
  `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  '"\\ud800"',
  '\ufeff{"page":1}',
]

const seenErrors = new Set<string>()

function checkAnswer(name: CallName, response: LightMyRequestResponse, sent: string) {
  const context = `${name} ← ${sent.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`
  expect(response.statusCode, context).toBeLessThan(500)
  expect(response.headers['content-type'], context).toMatch(/^application\/json/)
  if (response.statusCode >= 400) {
    const body = response.json() as { error?: unknown }
    expect(typeof body.error, context).toBe('string')
    const error = body.error as string
    seenErrors.add(error)
    expect(isPortugueseError(error), context).toBe(true)
  }
}

async function send(name: CallName, raw: string, contentType = 'application/json') {
  // a sign-out that succeeds revokes its token: it gets a session of its own
  const who = name === 'logout' ? { token: await freshToken(t, 'admin') } : 'admin'
  const response = await call(t, name, who, raw, { headers: { 'content-type': contentType } })
  checkAnswer(name, response, raw)
}

describe('fuzz: malformed bodies at every call', () => {
  it.each(names)('%s: whole-body junk and unreadable bodies', async (name) => {
    for (const raw of WHOLE_BODIES) await send(name, raw)
    for (const value of JUNK) await send(name, JSON.stringify(value))
    await send(name, '{"x":1}', 'text/plain')
    await send(name, 'a=1', 'application/x-www-form-urlencoded')
    await send(name, JSON.stringify({ junk: 'x'.repeat(120_000) }))
  })

  it.each(names.filter((name) => api[name].method !== 'GET'))(
    '%s: each field replaced by junk, removed, or joined by an unknown key',
    async (name) => {
      const body = valid[name]!
      for (const field of Object.keys(body)) {
        for (const value of JUNK) await send(name, JSON.stringify({ ...body, [field]: value }))
        const { [field]: _removed, ...rest } = body
        await send(name, JSON.stringify(rest))
      }
      await send(name, JSON.stringify({ ...body, intruso: 1 }))
      await send(name, JSON.stringify(body).replace(/^\{/, '{"__proto__":{"admin":true},'))
    },
  )

  // 900 requests, each through the whole pipeline: bounded work, given the time a busy machine needs for it
  it('random JSON values and random field values (fast-check)', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.jsonValue({ maxDepth: 4 }), async (name, value) => {
        await send(name, JSON.stringify(value))
      }),
      { numRuns: 300, seed: 20_261_122 },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names.filter((name) => api[name].method !== 'GET')),
        fc.nat(),
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.double(),
          fc.bigInt().map(String),
        ),
        async (name, pick, value) => {
          const body = valid[name]!
          const keys = Object.keys(body)
          const field = keys[pick % keys.length]!
          await send(name, JSON.stringify({ ...body, [field]: value }))
        },
      ),
      { numRuns: 600, seed: 42 },
    )
  })

  it('GET /medico/listAll ignores junk query strings and bodies', async () => {
    for (const url of [
      '/api/medico/listAll?page=-1',
      '/api/medico/listAll?x[y]=1&x[y]=2',
      `/api/medico/listAll?${'a'.repeat(5000)}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${t.tokens.staff}` },
      })
      checkAnswer('listMedicos', response, url)
    }
  })

  it('saw Portuguese errors only', () => {
    expect(seenErrors.size).toBeGreaterThan(5)
    if (process.env.SHOW_ERRORS) console.log([...seenErrors].join('\n'))
    for (const error of seenErrors)
      expect(error).not.toMatch(/^(Invalid|Expected|Unrecognized|Bad Request|Internal Server|Unsupported|Body)/)
  })
})
