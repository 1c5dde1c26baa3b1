// Demonstration data: a living clinic for a newcomer. Doctors, patients with valid CPFs and Portuguese
// names, a few inactive patients, and appointments yesterday, today and in the next days at clinic hours
// (floating time, docs/product.md §12). Deterministic names and documents (a seeded generator); dates relative
// to the clinic's today.
import { inArray, isNotNull } from 'drizzle-orm'
import {
  defaultDurationMinutes,
  endOf,
  addDays,
  clinicToday,
  isValidCpf,
  toFloatingDateTime,
  type Modalidade,
  type MotivoCancelamento,
  type Paciente,
  type Status,
} from '@contract'
import type { Db } from './db/client'
import { agendamentos, agendamentoStatus, equipamentos, medicos, pacientes } from './db/schema'
import { toNomeBusca } from './repositories/pacientes'
import { seedDemoCatalogue, type CatalogueSeedResult } from './demo-catalogue'
import { seedDemoHours } from './demo-hours'

export const DEMO_MEDICOS = [
  'Helena Vasconcelos Duarte',
  'Ricardo Antunes Figueiredo',
  'Marília Conceição Brandão',
  'João Paulo Nogueira',
  'Beatriz Lemos Falcão',
] as const

type Sexo = Paciente['sexo']

const DEMO_PACIENTES: [string, Sexo][] = [
  ['Conceição Araújo', 'feminino'],
  ['José Antônio da Silva', 'masculino'],
  ['Maria Aparecida Gonçalves', 'feminino'],
  ['João Vítor Peixoto', 'masculino'],
  ['Ana Luíza Magalhães', 'feminino'],
  ['Luís Fernando Ribeiro', 'masculino'],
  ['Francisca das Graças Souza', 'feminino'],
  ['Antônio Carlos Mendonça', 'masculino'],
  ['Sebastião Lopes Barbosa', 'masculino'],
  ['Lúcia Helena Guimarães', 'feminino'],
  ['Márcio Simões Teixeira', 'masculino'],
  ['Letícia Damasceno Prado', 'feminino'],
  ['Raimundo Nonato Câmara', 'masculino'],
  ['Fábio Júnior Assunção', 'masculino'],
  ['Tânia Regina Lacerda', 'feminino'],
  ['Cláudia Brígida Monteiro', 'feminino'],
  ['Inês Carvalho Rocha', 'feminino'],
  ['Otávio Bragança Leite', 'masculino'],
  ['Valéria Cristina Sá', 'feminino'],
  ['Célia Patrício Moura', 'feminino'],
  ['Benedito Aurélio Campos', 'masculino'],
  ['Rosângela de Fátima Pereira', 'feminino'],
  ['Gustavo Henrique Veloso', 'masculino'],
  ['Débora Queiroz Lins', 'feminino'],
  ['Severino Ângelo Batista', 'masculino'],
  ['Patrícia Estêvão Cunha', 'feminino'],
  ['Joaquim Amâncio Frota', 'masculino'],
  ['Mônica Belém Siqueira', 'feminino'],
  ['André Luís Tavares', 'masculino'],
  ['Jéssica Caetano Brito', 'feminino'],
]
/** Indexes of DEMO_PACIENTES registered and then deleted (inactive). */
const INACTIVE = new Set([8, 19, 26])

const ESTADOS_CIVIS = ['solteiro', 'casado', 'casado', 'divorciado', 'viúvo'] as const
const CORES = ['branco', 'pardo', 'negro', 'pardo', 'amarelo', 'indígena', 'branco'] as const
const PROFISSOES = [
  'professora',
  'motorista',
  'engenheiro civil',
  'aposentado',
  'comerciante',
  'enfermeira',
  'advogado',
  'pedreiro',
  'costureira',
  'estudante',
  'contador',
  'cabeleireira',
  'eletricista',
  'vendedora',
  'agricultor',
  'analista de sistemas',
  'farmacêutica',
  'cozinheiro',
  'técnica de enfermagem',
  'autônomo',
]
const LUGARES: { cidade: string; estado: string; ddd: number; bairros: string[] }[] = [
  {
    cidade: 'São Paulo',
    estado: 'SP',
    ddd: 11,
    bairros: ['Vila Mariana', 'Moema', 'Tatuapé', 'Santana', 'Pinheiros', 'Mooca'],
  },
  { cidade: 'Guarulhos', estado: 'SP', ddd: 11, bairros: ['Centro', 'Vila Galvão', 'Jardim Maia'] },
  { cidade: 'Santo André', estado: 'SP', ddd: 11, bairros: ['Vila Assunção', 'Jardim Bela Vista'] },
  { cidade: 'Campinas', estado: 'SP', ddd: 19, bairros: ['Cambuí', 'Taquaral', 'Barão Geraldo'] },
]
const NATURALIDADES = [
  'São Paulo',
  'Recife',
  'Salvador',
  'Belo Horizonte',
  'Fortaleza',
  'Curitiba',
  'João Pessoa',
  'Maceió',
  'Teresina',
  'São Luís',
  'Campinas',
  'Ribeirão Preto',
  'Goiânia',
  'Belém',
  'Natal',
  'Aracaju',
]
const RUAS = [
  'Rua das Acácias',
  'Avenida Paulista',
  'Rua Barão de Itapetininga',
  'Rua Domingos de Morais',
  'Avenida Brigadeiro Luís Antônio',
  'Rua Vergueiro',
  'Rua Conselheiro Crispiniano',
  'Rua Tabapuã',
  'Rua Teodoro Sampaio',
  'Avenida São João',
  'Rua da Consolação',
  'Rua José Bonifácio',
]

/** Exams of a radiology clinic, with a price in cents. */
const EXAMES: [string, number][] = [
  ['Raio-X de tórax (PA e perfil)', 12_000],
  ['Raio-X da coluna lombar', 13_500],
  ['Raio-X de joelho', 9_800],
  ['Tomografia computadorizada de crânio', 45_000],
  ['Tomografia de abdome total', 68_000],
  ['Ressonância magnética do joelho', 85_000],
  ['Ressonância magnética da coluna cervical', 92_000],
  ['Ultrassonografia de abdome total', 18_000],
  ['Ultrassonografia obstétrica', 16_500],
  ['Ultrassonografia de tireoide', 15_000],
  ['Mamografia bilateral', 16_000],
  ['Densitometria óssea', 14_000],
  ['Doppler de carótidas', 25_000],
]
const CONVENIOS = ['Particular', 'Unimed', 'Bradesco Saúde', 'SulAmérica', 'Amil', 'Particular', 'Porto Saúde', 'Cassi']
const ANOTACOES = [
  'Trazer exames anteriores.',
  'Jejum de 8 horas.',
  'Paciente com claustrofobia: avaliar sedação leve.',
  'Contraste iodado: confirmar alergias antes do exame.',
  'Bexiga cheia: beber 1 litro de água uma hora antes.',
  'Acompanhante necessário.',
  'Retorno para comparação com o exame anterior.',
]
/** Clinic hours: 07:00–11:30 and 13:00–18:00, every 30 minutes. */
const HORARIOS = [
  '07:00',
  '07:30',
  '08:00',
  '08:30',
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '13:00',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
  '17:00',
  '17:30',
  '18:00',
]

/** Small deterministic generator (mulberry32). */
function generator(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!
  return { next, int, pick }
}
type Gen = ReturnType<typeof generator>

/** A valid CPF (11 digits, módulo-11 check digits) from the generator. */
export function generateCpf(gen: Gen): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => gen.int(0, 9))
    const checkDigit = (len: number) => {
      let sum = 0
      for (let i = 0; i < len; i++) sum += digits[i]! * (len + 1 - i)
      const rest = (sum * 10) % 11
      return rest === 10 ? 0 : rest
    }
    digits.push(checkDigit(9))
    digits.push(checkDigit(10))
    const cpf = digits.join('')
    if (isValidCpf(cpf)) return cpf // also rejects 000.000.000-00 and the like
  }
}

export type NewPaciente = typeof pacientes.$inferInsert
export type NewAgendamento = Omit<typeof agendamentos.$inferInsert, 'pacienteId' | 'medicoId'> & {
  pacienteIndex: number
  medicoIndex: number
}

export function demoPacientes(userId: string, gen: Gen = generator(20_240_611)): NewPaciente[] {
  return DEMO_PACIENTES.map(([nome, sexo], i) => {
    const lugar = gen.pick(LUGARES)
    const [first, ...rest] = toNomeBusca(nome).split(' ')
    const year = gen.int(1942, 2012)
    return {
      nome: nome.toLowerCase(),
      nomeBusca: toNomeBusca(nome),
      cpf: generateCpf(gen),
      rg: String(gen.int(10_000_000, 599_999_999)).padStart(9, '0'),
      datanascimento: new Date(Date.UTC(year, gen.int(0, 11), gen.int(1, 28))),
      estadocivil: year > 2002 ? 'solteiro' : gen.pick(ESTADOS_CIVIS),
      sexo,
      cor: gen.pick(CORES),
      naturalidade: gen.pick(NATURALIDADES),
      profissao: year > 2006 ? 'estudante' : gen.pick(PROFISSOES),
      email: `${first}.${rest[rest.length - 1]}${gen.int(1, 99)}@example.com`,
      telefone: lugar.ddd * 1_000_000_000 + 900_000_000 + gen.int(10_000_000, 99_999_999),
      endereco: gen.pick(RUAS),
      numeroendereco: gen.int(12, 2_400),
      bairro: gen.pick(lugar.bairros),
      cidade: lugar.cidade,
      estado: lugar.estado,
      userId,
      ativo: !INACTIVE.has(i),
    }
  })
}

/**
 * Appointments from two days ago to six days ahead (no Sundays but today): the past ones paid, today's
 * partly, the future ones mostly not. At most one per doctor and time.
 */
export function demoAgendamentos(userId: string, today: string, gen: Gen = generator(19_800_503)): NewAgendamento[] {
  const activeIndexes = DEMO_PACIENTES.map((_, i) => i).filter((i) => !INACTIVE.has(i))
  const out: NewAgendamento[] = []
  for (let offset = -2; offset <= 6; offset++) {
    const date = addDays(today, offset)
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
    if (offset !== 0 && weekday === 0) continue
    const perDoctor = offset === 0 ? 3 : offset < 0 ? 1 : 2
    for (let medicoIndex = 0; medicoIndex < DEMO_MEDICOS.length; medicoIndex++) {
      const slots = new Set<string>()
      while (slots.size < perDoctor) slots.add(gen.pick(weekday === 6 ? HORARIOS.slice(0, 10) : HORARIOS))
      for (const time of slots) {
        const exames = new Map<string, number>()
        // at most two free-text exams: 30 minutes, the demo's slot grid (the overlap constraint holds)
        const count = Math.min(2, gen.next() < 0.65 ? 1 : gen.next() < 0.8 ? 2 : 3)
        while (exames.size < count) {
          const [nome, preco] = gen.pick(EXAMES)
          exames.set(nome, preco)
        }
        const convenio = gen.pick(CONVENIOS)
        const total = [...exames.values()].reduce((a, b) => a + b, 0)
        const datahora = toFloatingDateTime(date, time)!
        out.push({
          datahora: new Date(datahora),
          fim: new Date(endOf(datahora, defaultDurationMinutes(exames.size))),
          anotacao: gen.next() < 0.3 ? gen.pick(ANOTACOES) : '',
          convenio,
          valorIncents: convenio === 'Particular' ? total : Math.round(total * 0.6),
          estaPago: offset < 0 || (offset === 0 && gen.next() < 0.5) || gen.next() < 0.1,
          exames: [...exames.keys()],
          userId,
          pacienteIndex: gen.pick(activeIndexes),
          medicoIndex,
        })
      }
    }
  }
  return out
}

/**
 * The demo's machines with their DICOM AE titles (issue 19, docs/dicom.md): one per doctor, so that today's
 * appointments of doctor i go on machine i without overlapping (a doctor's never overlap). Each exam of
 * those appointments is one of the machine's, so `findscu` sees a plausible worklist at once.
 */
export const DEMO_EQUIPAMENTOS: { nome: string; modalidade: Modalidade; aeTitle: string; exames: string[] }[] = [
  {
    nome: 'Sala de Raio-X 1',
    modalidade: 'RX',
    aeTitle: 'RX1',
    exames: ['Raio-X de tórax (PA e perfil)', 'Raio-X da coluna lombar', 'Raio-X de joelho'],
  },
  {
    nome: 'Ultrassom 1',
    modalidade: 'US',
    aeTitle: 'US1',
    exames: ['Ultrassonografia de abdome total', 'Ultrassonografia obstétrica', 'Ultrassonografia de tireoide'],
  },
  {
    nome: 'Tomógrafo 1',
    modalidade: 'TC',
    aeTitle: 'TC1',
    exames: ['Tomografia computadorizada de crânio', 'Tomografia de abdome total'],
  },
  {
    nome: 'Ressonância 1',
    modalidade: 'RM',
    aeTitle: 'RM1',
    exames: ['Ressonância magnética do joelho', 'Ressonância magnética da coluna cervical'],
  },
  { nome: 'Mamógrafo 1', modalidade: 'MMG', aeTitle: 'MMG1', exames: ['Mamografia bilateral'] },
]

/** Today's appointment `row` of doctor `medicoIndex` moved onto its machine, with one of its exams. */
function onDemoMachine<
  T extends { exames: string[]; valorIncents: number; convenio?: string; datahora: Date; fim: Date },
>(row: T, medicoIndex: number, position: number): T & { machineIndex: number } {
  const machineIndex = medicoIndex % DEMO_EQUIPAMENTOS.length
  const machine = DEMO_EQUIPAMENTOS[machineIndex]!
  const nome = machine.exames[position % machine.exames.length]!
  const price = EXAMES.find(([exame]) => exame === nome)?.[1] ?? 10_000
  const datahora = row.datahora.toISOString()
  return {
    ...row,
    exames: [nome],
    valorIncents: row.convenio === 'Particular' ? price : Math.round(price * 0.6),
    fim: new Date(endOf(datahora, defaultDurationMinutes(1))),
    machineIndex,
  }
}

export interface SeedResult {
  skipped: boolean
  medicos: number
  pacientes: number
  inativos: number
  agendamentos: number
  agendamentosHoje: number
  today: string
  /** The exam catalogue loaded (docs/decisions.md, "Exam catalogue"). */
  catalogo: CatalogueSeedResult
}

/**
 * Loads the demonstration data in one transaction. Safe to run twice: when the demo doctors exist it
 * does nothing. Patients whose CPF or RG is already registered are left out (with their appointments).
 */
export async function seedDemoData(
  db: Db,
  userId: string,
  today: string = clinicToday(),
  now: Date = new Date(),
): Promise<SeedResult> {
  const result: SeedResult = {
    skipped: false,
    medicos: 0,
    pacientes: 0,
    inativos: 0,
    agendamentos: 0,
    agendamentosHoje: 0,
    today,
    catalogo: { exames: 0, convenios: 0, precos: 0 },
  }
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: medicos.id })
      .from(medicos)
      .where(inArray(medicos.nome, [...DEMO_MEDICOS]))
      .limit(1)
    if (existing.length > 0) return { ...result, skipped: true }

    const medicoRows = await tx
      .insert(medicos)
      .values(DEMO_MEDICOS.map((nome) => ({ nome })))
      .returning({ id: medicos.id })
    const pacienteData = demoPacientes(userId)
    const pacienteIds: (string | undefined)[] = []
    for (const p of pacienteData) {
      const [row] = await tx.insert(pacientes).values(p).onConflictDoNothing().returning({ id: pacientes.id })
      pacienteIds.push(row?.id)
      if (row) {
        result.pacientes++
        if (!p.ativo) result.inativos++
      }
    }
    // the machines (an ADMIN's machine with the same name or AE title is left as it is)
    await tx
      .insert(equipamentos)
      .values(
        DEMO_EQUIPAMENTOS.map((e) => ({ nome: e.nome, modalidades: [e.modalidade], horarios: [], aeTitle: e.aeTitle })),
      )
      .onConflictDoNothing()
    const machineRows = await tx
      .select({ id: equipamentos.id, aeTitle: equipamentos.aeTitle })
      .from(equipamentos)
      .where(isNotNull(equipamentos.aeTitle))
    const machineId = (i: number) => machineRows.find((m) => m.aeTitle === DEMO_EQUIPAMENTOS[i]!.aeTitle)?.id ?? null
    const rows = demoAgendamentos(userId, today)
      .filter((a) => pacienteIds[a.pacienteIndex] !== undefined)
      .map(({ pacienteIndex, medicoIndex, ...a }, position) => {
        const base = {
          ...a,
          pacienteId: pacienteIds[pacienteIndex]!,
          medicoId: medicoRows[medicoIndex]!.id,
          equipamentoId: null as string | null,
        }
        if (!a.datahora.toISOString().startsWith(today)) return base
        const { machineIndex, ...moved } = onDemoMachine(base, medicoIndex, position)
        return { ...moved, equipamentoId: machineId(machineIndex) }
      })
    const statuses = demoStatuses(rows, today, now)
    if (rows.length > 0) {
      const inserted = await tx
        .insert(agendamentos)
        .values(rows.map((row, i) => ({ ...row, status: statuses[i]!.status, chegada: statuses[i]!.chegada })))
        .returning({ id: agendamentos.id })
      const moves = inserted.flatMap(({ id }, i) =>
        statuses[i]!.moves.map((move) => ({ ...move, agendamentoId: id, tipo: 'mover' as const, userId })),
      )
      if (moves.length > 0) await tx.insert(agendamentoStatus).values(moves)
    }
    result.catalogo = await seedDemoCatalogue(tx)
    // the clinic's and the machines' opening hours (docs/decisions.md "Opening hours")
    await seedDemoHours(tx)
    result.medicos = medicoRows.length
    result.agendamentos = rows.length
    result.agendamentosHoje = rows.filter((a) => a.datahora.toISOString().startsWith(today)).length
    return result
  })
}

/** Today's board in every status, in the order of the day: the earliest done, the latest still booked. */
const TODAY_STATUSES: Status[] = [
  'realizado',
  'realizado',
  'faltou',
  'realizado',
  'em_atendimento',
  'aguardando',
  'aguardando',
  'cancelado',
  'confirmado',
  'confirmado',
]
const PATHS: Record<Status, Status[]> = {
  agendado: [],
  confirmado: ['confirmado'],
  aguardando: ['confirmado', 'aguardando'],
  em_atendimento: ['confirmado', 'aguardando', 'em_atendimento'],
  realizado: ['confirmado', 'aguardando', 'em_atendimento', 'realizado'],
  faltou: ['confirmado', 'faltou'],
  cancelado: ['cancelado'],
}
const MINUTE = 60_000
const HOUR = 60 * MINUTE

interface DemoStatus {
  status: Status
  chegada: Date | null
  moves: { de: Status; para: Status; motivo: MotivoCancelamento | null; at: Date }[]
}

/**
 * Statuses of the demo appointments: today's, by time, go through TODAY_STATUSES (then agendado); past
 * days' are realizado; later days' agendado, one in three confirmado. Arrival times and the moves'
 * history are made up around each appointment's time (waiting patients arrived a few minutes before now).
 */
function demoStatuses(rows: { datahora: Date }[], today: string, now: Date): DemoStatus[] {
  const todayOrder = rows
    .map((row, i) => ({ i, at: row.datahora.getTime() }))
    .filter(({ at }) => new Date(at).toISOString().startsWith(today))
    .sort((a, b) => a.at - b.at)
    .map(({ i }) => i)
  return rows.map((row, i) => {
    const position = todayOrder.indexOf(i)
    const day = row.datahora.toISOString().slice(0, 10)
    const status: Status =
      position >= 0
        ? (TODAY_STATUSES[position] ?? 'agendado')
        : day < today
          ? 'realizado'
          : i % 3 === 0
            ? 'confirmado'
            : 'agendado'
    // the real instant of the appointment's time (floating time is the clinic's wall clock, UTC−3)
    const real = row.datahora.getTime() + 3 * HOUR
    const chegada =
      status === 'aguardando'
        ? new Date(now.getTime() - (5 + position * 4) * MINUTE)
        : PATHS[status].includes('aguardando')
          ? new Date(real - 10 * MINUTE)
          : null
    let previous: Status = 'agendado'
    const moves = PATHS[status].map((para, step) => {
      const at =
        para === 'confirmado'
          ? new Date(real - 26 * HOUR)
          : para === 'aguardando' && chegada
            ? chegada
            : new Date(Math.min(real + step * 15 * MINUTE, now.getTime()))
      const move = { de: previous, para, motivo: para === 'cancelado' ? ('paciente' as const) : null, at }
      previous = para
      return move
    })
    return { status, chegada, moves }
  })
}
