// Bulk data for the benchmarks and the EXPLAIN tests: doctors, patients and appointments made by
// PostgreSQL itself (INSERT … SELECT over generate_series), 100,000 patients and 200,000 appointments in
// a few seconds. Names are Portuguese with accents (nome lowercased as the API stores it, nome_busca the
// same without accents, exactly as the API computes it); CPFs have valid check digits and, like RGs, are
// unique; ids are deterministic (md5 of a label), so a bench can name a patient or a doctor without a query.
//
// Appointments: `medicos` doctors × `SLOTS_PER_DAY` half-hour slots a day from 07:00 (floating time,
// docs/product.md §12), consecutive days centred on the clinic's today: 200,000 appointments cover about two
// years, 280 a day. Patients: 1 in 50 inactive (and without appointments, as the API's rules leave them).
import { createHash } from 'node:crypto'
import type pg from 'pg'
import { addDays, clinicToday } from '@contract'
import { normalizeSearchText } from '../server/repositories/executor'

export const SLOTS_PER_DAY = 14
export const FIRST_SLOT_MINUTES = 7 * 60
export const SLOT_MINUTES = 30
/** Every INACTIVE_EVERY-th patient (by number) is inactive. */
export const INACTIVE_EVERY = 50

const FIRST_NAMES = [
  'Ana',
  'Antônio',
  'Beatriz',
  'Benedito',
  'Caio',
  'Célia',
  'Cláudia',
  'Conceição',
  'Daniel',
  'Débora',
  'Eduardo',
  'Elisângela',
  'Fábio',
  'Fernanda',
  'Francisca',
  'Gabriel',
  'Gustavo',
  'Helena',
  'Heitor',
  'Inês',
  'Isabela',
  'Jéssica',
  'João',
  'Joaquim',
  'José',
  'Júlia',
  'Juliana',
  'Letícia',
  'Lúcia',
  'Luís',
  'Luíza',
  'Márcia',
  'Márcio',
  'Maria',
  'Mariana',
  'Marília',
  'Mateus',
  'Mônica',
  'Otávio',
  'Patrícia',
  'Paulo',
  'Pedro',
  'Rafael',
  'Raimundo',
  'Renata',
  'Ricardo',
  'Rosângela',
  'Sebastião',
  'Sérgio',
  'Severino',
  'Simone',
  'Sônia',
  'Tânia',
  'Thiago',
  'Valéria',
  'Vinícius',
  'Vitória',
  'Yasmin',
  'Zélia',
  'Ângela',
]
const SURNAMES = [
  'Almeida',
  'Alves',
  'Amâncio',
  'Andrade',
  'Araújo',
  'Assunção',
  'Barbosa',
  'Batista',
  'Brandão',
  'Bragança',
  'Brito',
  'Câmara',
  'Campos',
  'Cardoso',
  'Carvalho',
  'Castro',
  'Conceição',
  'Correia',
  'Costa',
  'Cunha',
  'Damasceno',
  'Dias',
  'Duarte',
  'Estêvão',
  'Falcão',
  'Farias',
  'Fernandes',
  'Ferreira',
  'Figueiredo',
  'Freitas',
  'Frota',
  'Gomes',
  'Gonçalves',
  'Guimarães',
  'Lacerda',
  'Leite',
  'Lemos',
  'Lima',
  'Lins',
  'Lopes',
  'Magalhães',
  'Marques',
  'Martins',
  'Melo',
  'Mendes',
  'Mendonça',
  'Monteiro',
  'Moraes',
  'Moura',
  'Nascimento',
  'Nogueira',
  'Oliveira',
  'Patrício',
  'Peixoto',
  'Pereira',
  'Pinto',
  'Prado',
  'Queiroz',
  'Ramos',
  'Reis',
  'Ribeiro',
  'Rocha',
  'Rodrigues',
  'Sá',
  'Santana',
  'Santos',
  'Siqueira',
  'Silva',
  'Simões',
  'Soares',
  'Sousa',
  'Souza',
  'Tavares',
  'Teixeira',
  'Torres',
  'Vasconcelos',
  'Veloso',
  'Vieira',
  'Xavier',
  'Zanetti',
]
const DOCTOR_NAMES = [
  'Helena Vasconcelos Duarte',
  'Ricardo Antunes Figueiredo',
  'Marília Conceição Brandão',
  'João Paulo Nogueira',
  'Beatriz Lemos Falcão',
  'Otávio Bragança Leite',
  'Célia Patrício Moura',
  'Sérgio Damasceno Prado',
  'Inês Carvalho Rocha',
  'Vinícius Simões Teixeira',
  'Renata Queiroz Lins',
  'Fábio Assunção Câmara',
  'Lúcia Helena Guimarães',
  'Thiago Estêvão Cunha',
  'Mônica Belém Siqueira',
  'André Luís Tavares',
  'Valéria Cristina Sá',
  'Gustavo Henrique Veloso',
  'Débora Frota Amâncio',
  'Raimundo Nonato Mendonça',
]

export const pacienteId = (n: number) => md5Uuid(`paciente-${n}`)
export const medicoId = (n: number) => md5Uuid(`medico-${n}`)
/** Appointment g (0-based): doctor 1 + g % medicos, on day ⌊g / perDay⌋ of the seeded range. */
export const agendamentoId = (g: number) => md5Uuid(`agendamento-${g}`)

/** A version-4-shaped uuid from md5(label), as pg_temp.bench_uuid computes it (zod's uuid checks version and variant). */
function md5Uuid(label: string): string {
  const md5 = createHash('md5').update(label).digest('hex')
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A patient number that is active (its id is pacienteId(n)). */
export function activePatientNumber(n: number, total: number): number {
  const k = ((n - 1) % total) + 1
  return k % INACTIVE_EVERY === 0 ? k - 1 : k
}

export interface SeedOptions {
  pacientes: number
  agendamentos: number
  medicos: number
  /** The creator recorded on every row (an existing user). */
  userId: string
  /** The clinic's today (YYYY-MM-DD); the appointments are centred on it. */
  today?: string
  log?: (message: string) => void
}

export interface SeedResult {
  today: string
  /** First and last day with appointments. */
  firstDay: string
  lastDay: string
  /** Appointments on each full day (every doctor, every slot). */
  perDay: number
  /** The number g of today's first appointment (agendamentoId(g)); the seed's last is agendamentos - 1. */
  todayFirst: number
  agendamentos: number
  activePacientes: number
  seconds: { medicos: number; pacientes: number; agendamentos: number; vacuum: number }
}

/**
 * Fills an empty, migrated database. Runs on one connection (it creates a pg_temp function), then
 * VACUUM ANALYZE: the statistics and the visibility map a database has once autovacuum has passed.
 */
export async function seedBulk(client: pg.ClientBase, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {})
  const today = options.today ?? clinicToday()
  const perDay = options.medicos * SLOTS_PER_DAY
  const days = Math.ceil(options.agendamentos / perDay)
  const firstDay = addDays(today, -Math.floor(days / 2))
  const lastDay = addDays(firstDay, days - 1)
  const time = async (what: () => Promise<unknown>) => {
    const started = performance.now()
    await what()
    return (performance.now() - started) / 1000
  }

  // CPF check digits (módulo 11), as contract/'s isValidCpf checks them.
  await client.query(`
    CREATE OR REPLACE FUNCTION pg_temp.bench_cpf(base bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE t text := lpad(base::text, 9, '0'); d int[] := '{}'; s int; r int; i int;
    BEGIN
      FOR i IN 1..9 LOOP d := d || substr(t, i, 1)::int; END LOOP;
      s := 0; FOR i IN 1..9 LOOP s := s + d[i] * (11 - i); END LOOP;
      r := (s * 10) % 11; IF r = 10 THEN r := 0; END IF;
      d := d || r;
      s := 0; FOR i IN 1..10 LOOP s := s + d[i] * (12 - i); END LOOP;
      r := (s * 10) % 11; IF r = 10 THEN r := 0; END IF;
      RETURN t || d[10]::text || r::text;
    END $$`)

  await client.query(`
    CREATE OR REPLACE FUNCTION pg_temp.bench_uuid(label text) RETURNS uuid LANGUAGE sql IMMUTABLE AS
    $$ SELECT overlay(overlay(md5(label) placing '4' from 13) placing '8' from 17)::uuid $$`)

  const doctors = Array.from(
    { length: options.medicos },
    (_, i) =>
      DOCTOR_NAMES[i % DOCTOR_NAMES.length]! +
      (i >= DOCTOR_NAMES.length ? ` ${FIRST_NAMES[i % FIRST_NAMES.length]}` : ''),
  )
  const medicosSeconds = await time(() =>
    client.query(
      `INSERT INTO medicos (id, nome) SELECT pg_temp.bench_uuid('medico-' || i), ($1::text[])[i] FROM generate_series(1, $2::int) i`,
      [doctors, options.medicos],
    ),
  )

  const lower = (names: string[]) => names.map((n) => n.toLowerCase())
  const plain = (names: string[]) => names.map((n) => normalizeSearchText(n))
  // h(g, k): a well-mixed non-negative integer per row and purpose
  const pacientesSeconds = await time(() =>
    client.query(
      `INSERT INTO pacientes (id, nome, nome_busca, cpf, rg, datanascimento, estadocivil, sexo, cor, naturalidade,
         profissao, email, telefone, endereco, numeroendereco, bairro, cidade, estado, user_id, ativo)
       SELECT pg_temp.bench_uuid('paciente-' || g),
         f.nome || ' ' || s1.nome || ' ' || s2.nome,
         f.busca || ' ' || s1.busca || ' ' || s2.busca,
         pg_temp.bench_cpf(100000000 + g::bigint * 7),
         (10000000 + g)::text,
         (date '1940-01-01' + (h.a % 29000)::int)::timestamp AT TIME ZONE 'UTC',
         (ARRAY['solteiro','casado','casado','divorciado','viúvo'])[1 + h.b % 5],
         (ARRAY['feminino','masculino'])[1 + h.c % 2],
         (ARRAY['branco','pardo','negro','pardo','amarelo','indígena'])[1 + h.b % 6],
         (ARRAY['São Paulo','Recife','Salvador','Belo Horizonte','Fortaleza','Curitiba','João Pessoa','Campinas'])[1 + h.c % 8],
         (ARRAY['professora','motorista','engenheiro civil','aposentado','comerciante','enfermeira','advogado','estudante'])[1 + h.a % 8],
         replace(f.busca, ' ', '') || '.' || replace(s2.busca, ' ', '') || g || '@example.com',
         11900000000 + h.a % 99999999,
         (ARRAY['Rua das Acácias','Avenida Paulista','Rua Vergueiro','Rua Tabapuã','Avenida São João','Rua da Consolação'])[1 + h.c % 6],
         1 + h.b % 2400,
         (ARRAY['Vila Mariana','Moema','Tatuapé','Santana','Pinheiros','Mooca'])[1 + h.a % 6],
         'São Paulo', 'SP', $7::uuid, g % ${INACTIVE_EVERY} <> 0
       FROM generate_series(1, $8::int) g
       CROSS JOIN LATERAL (SELECT
         (hashint4(g)::bigint + 2147483648) AS a,
         (hashint4(g + 1000003)::bigint + 2147483648) AS b,
         (hashint4(g + 2000003)::bigint + 2147483648) AS c) h
       CROSS JOIN LATERAL (SELECT ($1::text[])[1 + h.a % array_length($1::text[], 1)] AS nome,
                                  ($2::text[])[1 + h.a % array_length($2::text[], 1)] AS busca) f
       CROSS JOIN LATERAL (SELECT ($3::text[])[1 + h.b % array_length($3::text[], 1)] AS nome,
                                  ($4::text[])[1 + h.b % array_length($4::text[], 1)] AS busca) s1
       CROSS JOIN LATERAL (SELECT ($5::text[])[1 + (h.c / 7) % array_length($5::text[], 1)] AS nome,
                                  ($6::text[])[1 + (h.c / 7) % array_length($6::text[], 1)] AS busca) s2`,
      [
        lower(FIRST_NAMES),
        plain(FIRST_NAMES),
        lower(SURNAMES),
        plain(SURNAMES),
        lower(SURNAMES),
        plain(SURNAMES),
        options.userId,
        options.pacientes,
      ],
    ),
  )
  log(`  ${options.pacientes.toLocaleString('en')} pacientes em ${pacientesSeconds.toFixed(1)} s`)

  // Appointment g: doctor 1 + g % medicos; its k-th appointment (k = g / medicos) on day k / SLOTS_PER_DAY,
  // slot k % SLOTS_PER_DAY — one per doctor and slot (the unique index holds). Only active patients.
  const agendamentosSeconds = await time(() =>
    client.query(
      `INSERT INTO agendamentos (id, datahora, fim, anotacao, convenio, valor_in_cents, esta_pago, exames, user_id,
         paciente_id, medico_id)
       SELECT pg_temp.bench_uuid('agendamento-' || g),
         ($1::date + (k / ${SLOTS_PER_DAY}))::timestamp AT TIME ZONE 'UTC'
           + make_interval(mins => ${FIRST_SLOT_MINUTES} + (k % ${SLOTS_PER_DAY}) * ${SLOT_MINUTES}),
         -- the end: one free-text exam's default duration (docs/decisions.md "Agenda and equipment")
         ($1::date + (k / ${SLOTS_PER_DAY}))::timestamp AT TIME ZONE 'UTC'
           + make_interval(mins => ${FIRST_SLOT_MINUTES} + (k % ${SLOTS_PER_DAY}) * ${SLOT_MINUTES} + 15),
         (ARRAY['', 'Trazer exames anteriores.', '', 'Jejum de 8 horas.', '', 'Acompanhante necessário.'])[1 + g % 6],
         (ARRAY['Particular','Unimed','Bradesco Saúde','SulAmérica','Amil','Cassi'])[1 + h % 6],
         (ARRAY[12000, 13500, 9800, 45000, 68000, 85000, 18000, 16000])[1 + h % 8],
         ($1::date + (k / ${SLOTS_PER_DAY})) < $6::date,
         ARRAY[(ARRAY['Raio-X de tórax (PA e perfil)', 'Mamografia bilateral', 'Ultrassonografia de abdome total',
                      'Tomografia de abdome total', 'Densitometria óssea'])[1 + h % 5]],
         $2::uuid,
         pg_temp.bench_uuid('paciente-' || (CASE WHEN p % ${INACTIVE_EVERY} = 0 THEN p - 1 ELSE p END)),
         pg_temp.bench_uuid('medico-' || (1 + g % $3::int))
       FROM generate_series(0, $4::int - 1) g
       CROSS JOIN LATERAL (SELECT g / $3::int AS k, hashint4(g + 7)::bigint + 2147483648 AS h) x
       CROSS JOIN LATERAL (SELECT 1 + (hashint4(g + 3000017)::bigint + 2147483648) % $5::int AS p) y`,
      [firstDay, options.userId, options.medicos, options.agendamentos, options.pacientes, today],
    ),
  )
  log(`  ${options.agendamentos.toLocaleString('en')} agendamentos em ${agendamentosSeconds.toFixed(1)} s`)

  // one machine for the agenda's scenarios (bench/api.ts 'free-time'): every modality, no hours kept
  await client.query(
    `INSERT INTO equipamentos (nome, modalidades, horarios)
     VALUES ('US-bench', '{RX,US,TC,RM,MMG,DO,Outros}', '[]') ON CONFLICT DO NOTHING`,
  )
  const vacuumSeconds = await time(() =>
    client.query('VACUUM (ANALYZE) medicos, pacientes, agendamentos, equipamentos'),
  )
  log(`  VACUUM ANALYZE em ${vacuumSeconds.toFixed(1)} s`)

  return {
    today,
    firstDay,
    lastDay,
    perDay,
    todayFirst: Math.floor(days / 2) * perDay,
    agendamentos: options.agendamentos,
    activePacientes: options.pacientes - Math.floor(options.pacientes / INACTIVE_EVERY),
    seconds: {
      medicos: medicosSeconds,
      pacientes: pacientesSeconds,
      agendamentos: agendamentosSeconds,
      vacuum: vacuumSeconds,
    },
  }
}
