// Demonstration data: a living clinic for a newcomer. Doctors, patients with valid CPFs and Portuguese
// names, a few inactive patients, the catalogue, the machines, and appointments from two days ago to six
// days ahead at clinic hours (server/demo/appointments.ts; floating time, docs/product.md §12). Deterministic names and documents (a seeded generator); dates relative
// to the clinic's today.
import { inArray, isNotNull } from 'drizzle-orm'
import { clinicToday, isValidCpf, PARTICULAR_ID, type Paciente } from '@contract'
import type { Db } from '../db/client'
import {
  agendamentoCatalogo,
  agendamentoExames,
  agendamentos,
  agendamentoStatus,
  convenios,
  equipamentos,
  exames,
  medicos,
  pacientes,
  pagamentos,
} from '../db/schema'
import { DEMO_EQUIPAMENTOS, demoBookings, demoPrioridades, demoStatus, generator, type Gen } from './appointments'
import { toNomeBusca } from '../repositories/pacientes'
import { seedDemoCatalogue, type CatalogueSeedResult } from './catalogue'
import { seedDemoLaudoTemplates } from './laudo-templates'
import { seedDemoHours } from './hours'
import { seedDemoTiss } from './tiss'
import { seedDemoBilling } from './tiss-billing'
import { seedDemoLaudoReport } from './laudo-report'
import { seedDemoLaudos } from './laudos'

export { DEMO_EQUIPAMENTOS }

export const DEMO_MEDICOS = [
  'Helena Vasconcelos Duarte',
  'Ricardo Antunes Figueiredo',
  'Marília Conceição Brandão',
  'João Paulo Nogueira',
  'Beatriz Lemos Falcão',
] as const
/** Their tratamento: the women are 'Dra.' (issue 34). */
const DEMO_TRATAMENTOS = ['Dra.', 'Dr.', 'Dra.', 'Dr.', 'Dra.'] as const
/** Their CRM in São Paulo: the laudo prints it, and a TISS guia names its executing doctor by it. */
const DEMO_CRMS = ['112358', '98765', '134711', '87421', '150342'] as const

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
      .values(
        DEMO_MEDICOS.map((nome, i) => ({ nome, tratamento: DEMO_TRATAMENTOS[i], crm: DEMO_CRMS[i], crmUf: 'SP' })),
      )
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
    // every appointment is booked from the catalogue: its exams' copies and its convênio (issue 34)
    result.catalogo = await seedDemoCatalogue(tx)
    // issue 36 point 2: a laudo template for every demo exam, and the stock phrases
    await seedDemoLaudoTemplates(tx)
    const exameRows = await tx.select({ id: exames.id, nome: exames.nome }).from(exames)
    const exameId = new Map(exameRows.map((e) => [e.nome, e.id]))
    const convenioRows = await tx.select({ id: convenios.id, nome: convenios.nome }).from(convenios)
    const convenioId = new Map(convenioRows.map((c) => [c.nome, c.id]))
    const active = pacienteData.flatMap((p, i) => (p.ativo && pacienteIds[i] !== undefined ? [i] : []))
    const bookings = demoBookings(today, active).filter((b) => b.exames.every((e) => exameId.has(e.nome)))
    const rows = bookings.map((b) => ({
      datahora: b.datahora,
      fim: b.fim,
      anotacao: b.anotacao,
      convenio: b.convenio,
      valorIncents: b.valorIncents,
      exames: b.exames.map((e) => e.nome),
      userId,
      pacienteId: pacienteIds[b.pacienteIndex]!,
      medicoId: medicoRows[b.medicoIndex]!.id,
      equipamentoId: machineId(b.machineIndex),
    }))
    const statuses = bookings.map((b) => demoStatus(b, now))
    const prioridades = demoPrioridades(statuses)
    if (rows.length > 0) {
      const inserted = await tx
        .insert(agendamentos)
        .values(
          rows.map((row, i) => ({
            ...row,
            status: statuses[i]!.status,
            chegada: statuses[i]!.chegada,
            prioridade: prioridades[i]!,
            estaPago: statuses[i]!.pagamento !== null,
            // booked two weeks ahead (or now, for the days to come): a payment is never before its booking
            createdAt: new Date(Math.min(now.getTime(), row.datahora.getTime() - 14 * 24 * 60 * 60 * 1000)),
          })),
        )
        .returning({ id: agendamentos.id })
      const moves = inserted.flatMap(({ id }, i) =>
        statuses[i]!.moves.map((move) => ({ ...move, agendamentoId: id, tipo: 'mover' as const, userId })),
      )
      if (moves.length > 0) await tx.insert(agendamentoStatus).values(moves)
      await tx.insert(agendamentoCatalogo).values(
        inserted.map(({ id }, i) => ({
          agendamentoId: id,
          convenioId: convenioId.get(bookings[i]!.convenio) ?? PARTICULAR_ID,
          tabelaIncents: bookings[i]!.valorIncents,
        })),
      )
      await tx.insert(agendamentoExames).values(
        inserted.flatMap(({ id }, i) =>
          bookings[i]!.exames.map((e, posicao) => ({
            agendamentoId: id,
            posicao,
            exameId: exameId.get(e.nome)!,
            nome: e.nome,
            valorIncents: bookings[i]!.precos[posicao]!,
            duracao: e.duracao,
            preparo: e.preparo,
          })),
        ),
      )
      const payments = inserted.flatMap(({ id }, i) => {
        const pagamento = statuses[i]!.pagamento
        if (!pagamento) return []
        const data = clinicToday(pagamento.at)
        return [
          {
            agendamentoId: id,
            forma: pagamento.forma,
            valorIncents: rows[i]!.valorIncents,
            data,
            userId,
            at: pagamento.at,
          },
        ]
      })
      if (payments.length > 0) await tx.insert(pagamentos).values(payments)
    }
    // the clinic's and the machines' opening hours (docs/decisions.md "Opening hours")
    await seedDemoHours(tx)
    // issue 37: the TISS data the batch reads (codes, cards, solicitantes, guias)
    await seedDemoTiss(tx, today)
    // issue 37 points 4–5: the clinic's CNPJ and CNES, and one convênio's batch sent and returned
    await seedDemoBilling(tx, today, userId, now)
    // issue 36: the most recent exams done get a released laudo (one delivered); older ones stay late
    await seedDemoLaudos(tx, userId, now)
    // issue 36 point 9: laudos released, delivered and pending for the reports' 'Laudos' (the exams before
    // today the line above left without one)
    await seedDemoLaudoReport(tx, userId, today, now)
    result.medicos = medicoRows.length
    result.agendamentos = rows.length
    result.agendamentosHoje = rows.filter((a) => a.datahora.toISOString().startsWith(today)).length
    return result
  })
}
