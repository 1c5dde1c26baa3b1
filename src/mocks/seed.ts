// What the mock's store starts from: the two seed users (the same credentials in the PWA's tests, the
// contract suite and the demo mode), fixed ids a test can name, and the demo clinic (doctors, patients,
// appointments around today, a little history for 'Saiba mais').
import { addDays, AGENDAMENTO_FIELDS, clinicToday, PACIENTE_FIELDS, type HistoricoAction, type Status } from '@contract'
import { demoCatalogue } from './catalogue-seed'
import { demoLaudoTemplates } from './laudo-templates-seed'
import type {
  StoredAgendamento,
  StoredAuditEntry,
  StoredPaciente,
  StoredStatusMove,
  StoredUser,
  StoreSeed,
} from './store-shapes'

export const SEED_ADMIN = {
  id: '0a7c3c4e-9a1b-4c55-8d2e-000000000001',
  nome: 'Ana Administradora',
  email: 'admin@clinica.local',
  password: 'admin12345',
  role: 'ADMIN',
} as const satisfies StoredUser

export const SEED_STAFF = {
  id: '0a7c3c4e-9a1b-4c55-8d2e-000000000002',
  nome: 'Rita Recepcionista',
  email: 'recepcao@clinica.local',
  password: 'recepcao123',
  role: 'USER',
} as const satisfies StoredUser

/**
 * A doctor's own user (linked to Dr. Carlos Mendes), who opens on 'Minha agenda'. Not in any seed: the
 * demo's users stay the two above; a test adds it to the store when it needs it.
 */
export const SEED_DOCTOR = {
  id: '0a7c3c4e-9a1b-4c55-8d2e-000000000003',
  nome: 'Carlos Mendes',
  email: 'carlos@clinica.local',
  password: 'medico1234',
  role: 'USER',
  medicoId: '1b6f0f7e-2d3a-4b8c-9e1f-000000000001',
} as const satisfies StoredUser

/** Sign-in credentials of the seed users, by role name used in tests. */
export const SEED_CREDENTIALS = {
  admin: { email: SEED_ADMIN.email, password: SEED_ADMIN.password },
  staff: { email: SEED_STAFF.email, password: SEED_STAFF.password },
} as const

/** Fixed ids of the demo data, so a test can name a row. */
export const SEED_IDS = {
  medicos: {
    carlos: '1b6f0f7e-2d3a-4b8c-9e1f-000000000001',
    helena: '1b6f0f7e-2d3a-4b8c-9e1f-000000000002',
    joao: '1b6f0f7e-2d3a-4b8c-9e1f-000000000003',
  },
  pacientes: {
    conceicao: '2c7a1e8f-3e4b-4c9d-8f2a-000000000001',
    joao: '2c7a1e8f-3e4b-4c9d-8f2a-000000000002',
    maria: '2c7a1e8f-3e4b-4c9d-8f2a-000000000003',
    pedro: '2c7a1e8f-3e4b-4c9d-8f2a-000000000004',
    lucia: '2c7a1e8f-3e4b-4c9d-8f2a-000000000005',
    antonio: '2c7a1e8f-3e4b-4c9d-8f2a-000000000006',
    /** Inactive (deleted): only in /paciente/inativos. */
    beatriz: '2c7a1e8f-3e4b-4c9d-8f2a-000000000007',
  },
  agendamentos: {
    today1: '3d8b2f9a-4f5c-4dae-9a3b-000000000001',
    today2: '3d8b2f9a-4f5c-4dae-9a3b-000000000002',
    today3: '3d8b2f9a-4f5c-4dae-9a3b-000000000003',
    today4: '3d8b2f9a-4f5c-4dae-9a3b-000000000004',
    tomorrow: '3d8b2f9a-4f5c-4dae-9a3b-000000000005',
    yesterday: '3d8b2f9a-4f5c-4dae-9a3b-000000000006',
  },
} as const

/** Only the two seed users: what the contract suite starts from (the server's test app has the same). */
export function usersOnlySeed(): StoreSeed {
  return { users: [{ ...SEED_ADMIN }, { ...SEED_STAFF }] }
}

function paciente(
  id: string,
  nome: string,
  cpf: string,
  rg: string,
  rest: Partial<StoredPaciente> = {},
): StoredPaciente {
  return {
    id,
    nome,
    cpf,
    rg,
    datanascimento: '1980-05-17T00:00:00.000Z',
    estadocivil: 'casado',
    sexo: 'feminino',
    cor: 'pardo',
    naturalidade: 'São Paulo',
    profissao: 'Professora',
    email: `${id.slice(-2)}@exemplo.com.br`,
    telefone: 11987654321,
    endereco: 'Rua das Flores',
    numeroendereco: 120,
    bairro: 'Centro',
    cidade: 'São Paulo',
    estado: 'SP',
    cep: '',
    complemento: '',
    nomesocial: '',
    userId: SEED_STAFF.id,
    ativo: true,
    aceitaMensagens: true,
    versao: 1,
    ...rest,
  }
}

/**
 * A living clinic: two users, three doctors, seven patients (one inactive), appointments today at the
 * clinic (floating time), one tomorrow and one yesterday. Evaluated at store creation and on reset.
 */
export function demoSeed(now: Date = new Date()): StoreSeed {
  const today = clinicToday(now)
  const at = (date: string, time: string) => `${date}T${time}:00.000Z`
  // the waiting patients arrived 12 minutes ago
  const arrived = new Date(now.getTime() - 12 * 60_000).toISOString()
  const { medicos: m, pacientes: p, agendamentos: a } = SEED_IDS
  const agendamento = (
    id: string,
    datahora: string,
    pacienteId: string,
    medicoId: string,
    rest: Partial<StoredAgendamento> = {},
  ): StoredAgendamento => ({
    id,
    datahora,
    anotacao: '',
    convenio: 'Particular',
    valorIncents: 25_000,
    estaPago: false,
    exames: ['Raio-X de tórax'],
    userId: SEED_STAFF.id,
    pacienteId,
    medicoId,
    versao: 1,
    ...rest,
  })
  return {
    users: [{ ...SEED_ADMIN }, { ...SEED_STAFF }],
    // the exam catalogue with its convênios and prices (docs/decisions.md, "Exam catalogue")
    ...demoCatalogue(),
    // issue 36 point 2: the laudo's templates and stock phrases
    ...demoLaudoTemplates(),
    medicos: [
      { id: m.carlos, nome: 'Carlos Mendes' },
      { id: m.helena, nome: 'Helena Duarte' },
      { id: m.joao, nome: 'João Batista Lima' },
    ],
    pacientes: [
      paciente(p.conceicao, 'conceição araújo', '52998224725', '123456789', {
        profissao: 'Aposentada',
        estadocivil: 'viúvo',
      }),
      paciente(p.joao, 'joão da silva', '11144477735', '234567890', {
        sexo: 'masculino',
        cor: 'branco',
        profissao: 'Motorista',
      }),
      paciente(p.maria, 'maria das graças souza', '12345678909', '345678901', { cor: 'negro', cidade: 'Guarulhos' }),
      paciente(p.pedro, 'pedro henrique alves', '98765432100', '456789012', {
        sexo: 'masculino',
        estadocivil: 'solteiro',
        datanascimento: '1995-11-02T00:00:00.000Z',
      }),
      paciente(p.lucia, 'lúcia fernandes', '39053344705', '567890123', { estadocivil: 'divorciado', cor: 'amarelo' }),
      paciente(p.antonio, 'antônio carlos ribeiro', '71460238001', '678901234', {
        sexo: 'masculino',
        cor: 'indígena',
        naturalidade: 'Manaus',
      }),
      paciente(p.beatriz, 'beatriz lopes', '85236974119', '789012345', {
        ativo: false,
        versao: 2,
        estadocivil: 'solteiro',
      }),
    ],
    agendamentos: [
      // the front desk's day: one entry per next step (Registrar chegada, Iniciar atendimento, Confirmar, Concluir)
      agendamento(a.today1, at(today, '08:30'), p.conceicao, m.carlos, {
        exames: ['Raio-X de tórax'],
        estaPago: true,
        status: 'confirmado',
      }),
      agendamento(a.today2, at(today, '10:00'), p.joao, m.helena, {
        exames: ['Ultrassonografia abdominal'],
        convenio: 'Unimed',
        valorIncents: 18_000,
        status: 'aguardando',
        chegada: arrived,
      }),
      agendamento(a.today3, at(today, '14:00'), p.maria, m.carlos, {
        exames: ['Mamografia', 'Ultrassonografia mamária'],
        anotacao: 'Trazer exames anteriores.',
      }),
      agendamento(a.today4, at(today, '16:30'), p.lucia, m.joao, {
        exames: ['Tomografia de crânio'],
        convenio: 'Bradesco Saúde',
        valorIncents: 45_000,
        status: 'em_atendimento',
        chegada: arrived,
      }),
      agendamento(a.tomorrow, at(addDays(today, 1), '09:00'), p.pedro, m.helena, {
        exames: ['Ressonância de joelho'],
        valorIncents: 60_000,
      }),
      agendamento(a.yesterday, at(addDays(today, -1), '11:00'), p.antonio, m.joao, {
        exames: ['Densitometria óssea'],
        estaPago: true,
        status: 'realizado',
      }),
    ],
    statusMoves: [
      demoMove(a.today1, 'agendado', 'confirmado', addDays(today, -1)),
      demoMove(a.today2, 'agendado', 'confirmado', addDays(today, -1)),
      { ...demoMove(a.today2, 'confirmado', 'aguardando', today), at: arrived },
      demoMove(a.today4, 'agendado', 'confirmado', addDays(today, -1)),
      { ...demoMove(a.today4, 'confirmado', 'aguardando', today), at: arrived },
      { ...demoMove(a.today4, 'aguardando', 'em_atendimento', today), at: arrived },
      demoMove(a.yesterday, 'agendado', 'confirmado', addDays(today, -2)),
      demoMove(a.yesterday, 'confirmado', 'aguardando', addDays(today, -1)),
      demoMove(a.yesterday, 'aguardando', 'em_atendimento', addDays(today, -1)),
      demoMove(a.yesterday, 'em_atendimento', 'realizado', addDays(today, -1)),
    ],
    // 'Saiba mais' has something to show: who created each record (a week ago), and Beatriz's deletion
    auditLog: [
      ...Object.values(p).map((id) => demoAudit(addDays(today, -7), 'paciente', id, 'create', [...PACIENTE_FIELDS])),
      ...Object.values(a).map((id) =>
        demoAudit(addDays(today, -7), 'agendamento', id, 'create', [...AGENDAMENTO_FIELDS]),
      ),
      demoAudit(addDays(today, -2), 'paciente', p.beatriz, 'delete', ['ativo']),
      demoAudit(addDays(today, -1), 'agendamento', a.yesterday, 'update', ['estapago']),
    ],
  }
}

function demoAudit(
  day: string,
  entity: StoredAuditEntry['entity'],
  entityId: string,
  action: HistoricoAction,
  fields: string[],
): StoredAuditEntry {
  return { at: `${day}T12:00:00.000Z`, action, entity, entityId, userId: SEED_STAFF.id, fields: [...fields] }
}

function demoMove(agendamentoId: string, de: Status, para: Status, day: string): StoredStatusMove {
  return { agendamentoId, tipo: 'mover', de, para, userId: SEED_STAFF.id, at: `${day}T12:00:00.000Z` }
}
