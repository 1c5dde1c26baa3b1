// `npm run bench` — the API under load, on the embedded PostgreSQL and, with DATABASE_URL, on that
// PostgreSQL server, side by side. For each database: a throwaway database with 100,000 patients,
// 200,000 appointments and 20 doctors (bench/seed.ts), the REAL server as a child process
// (node --import tsx server/server.ts), a signed-in token, a warm-up, each scenario one request at a time
// (the receptionist's wait, before any loaded run), then autocannon (32 connections, 20 s per scenario, no
// pipelining) on each scenario and on GET /api/health, the ceiling (no token, one `select 1`), in the same
// server. Then the same load on each scenario's floor (bench/floor-server.ts: the scenario's SQL behind a
// bare node:http + pg server, on the same database): every figure is also given as a ratio to its floor.
// A new scenario is one block in scenarios() below, with its `floor`. Issue 36's (bench/laudo.ts): the worklist's
// first page of 1,000 pending is a scenario ('laudo-worklist'); 'laudo-release' (a laudo signed and released, one after
// another) is a section of its own, run on the same server after the scenarios.
// Prints the figures and writes them into bench/RESULTS.md (docs/performance.md explains them).
//
//   npm run bench                     embedded PostgreSQL
//   DATABASE_URL=postgres://… npm run bench    embedded + that server (a fresh database on it, dropped after)
//   npm run bench -- --quick          smoke run: 10,000 patients, 3 s per scenario; RESULTS.md untouched
//   options: --duration=S --connections=N --only=name,name --no-reference --no-write --log-level=info --attempts=N
//   (a scenario during which other processes took > 10 % of the CPU is run again, up to N times; default 3)
//   --perf=DIR: Linux perf records the server and the floor in each loaded run (bench/perf-record.ts; read
//   with bench/profile-summary.ts); the figures of such a run are not written
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import pg from 'pg'
import { addDays, AGENDAMENTO_FIELDS, LAUDO_WORKLIST_PAGE_SIZE, PAGE_SIZE } from '@contract'
import type { FloorQuery, FloorStep } from './floor-server'
import { PgDialect } from 'drizzle-orm/pg-core'
import { summaryQuery } from '../server/repositories/reports'
import { checkPerf, PERF_NODE_FLAGS, recordProcess } from './perf-record'
import { tissBatchSection } from './tiss-batch'
import { LAUDO_PENDING, releaseBench, releaseSection, seedPendingLaudos, type ReleaseFigures } from './laudo'
import { activePatientNumber, agendamentoId, medicoId, pacienteId, seedBulk, type SeedResult } from './seed'
import {
  benchArgs,
  describeMachine,
  embeddedDatabase,
  externalDatabase,
  loadClientOptions,
  machine,
  repoRoot,
  serverVersion,
  signIn,
  startServer,
  table,
  writeResultsSection,
  type BenchDatabase,
} from './support'

// ---------------------------------------------------------------------------------------------------
// Options

const { flag, option, quick, common } = benchArgs(process.argv.slice(2), { full: 20, quick: 3 })

const config = {
  ...common,
  singleDuration: quick ? 2 : 5,
  attempts: Number(option('attempts') ?? (quick ? 1 : 3)),
  only: option('only')?.split(','),
  /** Without the ceiling and the reference (a profile of one scenario alone: bench/profile-summary.ts). */
  reference: !flag('no-reference'),
  logLevel: option('log-level') ?? 'warn',
  /** Where perf's recordings of the loaded runs go (bench/perf-record.ts). */
  perfDir: option('perf'),
}
// perf slows what it records: its runs give the breakdown, not the figures
if (config.perfDir) {
  checkPerf()
  config.write = false
}
const nodeFlags = config.perfDir ? PERF_NODE_FLAGS : []

/** Other processes' share of the CPU above which a run is considered noisy. */
const NOISY_SHARE = 0.1

/** Targets (docs/performance.md), on 2 cores. */
export const TARGETS = {
  /** Each scenario's req/s under 32 connections, as a share of its floor's (issue #18). */
  shareOfFloor: 0.8,
  /** The server's CPU per request over the floor process's, for the same scenario. */
  cpuOverFloor: 1.3,
  /** One request at a time (the receptionist's wait). */
  singleP99Ms: 15,
}

// ---------------------------------------------------------------------------------------------------
// Scenarios

type Kind = 'ceiling' | 'reference' | 'read' | 'write'

interface Scenario {
  name: string
  title: string
  kind: Kind
  method: 'GET' | 'POST'
  path: string
  /** Extra request headers. */
  headers?: Record<string, string>
  /** A body per request (rotating terms, distinct slots); none for GET. */
  body?: () => unknown
  /** Rows an answer should carry, checked once before the run (sanity, not timing). */
  expectRows?: (n: number) => boolean
  /** A 'reference' that runs only when named in --only (not with every filtered run). */
  noReference?: boolean
  /**
   * The floor: the same SQL as the server's repository runs for this call, with the body's fields as its
   * parameters, run by bench/floor-server.ts (node:http + pg, nothing else). Every scenario has one; a
   * new scenario writes its repository's query here (bench/journal/2026-11-24-issue-18-floor.md, "The floor").
   */
  floor: FloorQuery
}

/** 2- and 3-letter terms as a receptionist types them; the 2-letter ones cannot use the trigram index. */
export const SEARCH_TERMS = [
  'ana',
  'jo',
  'sil',
  'mar',
  'li',
  'sou',
  'pe',
  'cos',
  'ra',
  'fer',
  'lu',
  'oli',
  'ca',
  'men',
  'be',
  'gon',
]

// The repositories' SQL (server/repositories), written out for the floor: same tables, joins, filters,
// order and page window; the floor just skips everything around them.
const AGENDAMENTO_COLUMNS = `a.id, a.datahora, a.anotacao, a.convenio, a.valor_in_cents, a.esta_pago, a.exames,
  a.user_id, a.paciente_id, a.medico_id, a.versao, a.status, a.chegada, p.nome AS paciente_nome, m.nome AS medico_nome
  FROM agendamentos a JOIN pacientes p ON p.id = a.paciente_id JOIN medicos m ON m.id = a.medico_id`
const BY_NAME = `nome_busca COLLATE "C", nome COLLATE "C", id`
/** A clinic day's midnight (floating time, stored as UTC) of a `YYYY-MM-DD` SQL expression, plus whole days. */
const dayStartSql = (day: string, plusDays = '0') => `(${day}::date + ${plusDays})::timestamp AT TIME ZONE 'UTC'`
/** The status each pass of 'status-move' moves to (contract/status.ts NEXT_STEPS). */
const MOVE_PASSES = ['confirmado', 'aguardando', 'em_atendimento', 'realizado'] as const
/** server/repositories/pacientes.ts pageQuery: the page's ids from the index, then their rows. */
const patientPage = (where: string) =>
  `SELECT p.* FROM pacientes p JOIN (SELECT id FROM pacientes WHERE ${where} ORDER BY ${BY_NAME}
   LIMIT ${PAGE_SIZE} OFFSET ($1::int - 1) * ${PAGE_SIZE}) page_ids ON p.id = page_ids.id
   ORDER BY p.nome_busca COLLATE "C", p.nome COLLATE "C", p.id`

/** The appointment read back by id with its names (server/repositories/agendamentos.ts findById), as a floor's answer. */
function findByIdFloor(idParam: string): Pick<FloorQuery, 'sql' | 'params' | 'key' | 'single' | 'paramsFromSteps'> {
  return {
    sql: `SELECT a.id, a.datahora, a.anotacao, a.convenio, a.valor_in_cents, a.esta_pago, a.exames, a.user_id,
            a.paciente_id, a.medico_id, a.versao, a.status, a.chegada, a.fim, a.equipamento_id, a.encaixe,
            p.nome, m.nome, e.nome
          FROM agendamentos a JOIN pacientes p ON p.id = a.paciente_id JOIN medicos m ON m.id = a.medico_id
          LEFT JOIN equipamentos e ON e.id = a.equipamento_id WHERE a.id = $1 LIMIT 1`,
    params: [],
    paramsFromSteps: [idParam],
    key: 'agendamento',
    single: true,
  }
}

function scenarios(seed: SeedResult, userId: string): Scenario[] {
  /** The audit row every write adds in its transaction (server/repositories/audit.ts record). */
  const auditStep = (action: string, entityId: string, fields: string[]): FloorStep => ({
    sql: `INSERT INTO audit_log (user_id, action, entity, entity_id, ip, fields, call, status, subject_hash)
          VALUES ($1, $2, 'agendamento', $3, '127.0.0.1', $4, NULL, NULL, NULL)`,
    params: [{ value: userId }, { value: action }, entityId, { value: fields }],
  })

  const rotate = <T>(items: readonly T[]) => {
    let i = 0
    return () => items[i++ % items.length]!
  }
  const term = rotate(SEARCH_TERMS)
  // days around today, inside the seeded range
  const days = Array.from({ length: 10 }, (_, i) => addDays(seed.today, i - 3))
  // every seeded day, for the agenda read where nothing is kept (KEPT_AGENDAS is far fewer)
  const seededDays: string[] = []
  for (let d = seed.firstDay; d <= seed.lastDay; d = addDays(d, 1)) seededDays.push(d)
  // server/repositories/agenda-cache.ts: the day's items, the machines, the doctors' hours and the blocks;
  // the floor writes them from the joined rows at every call. The server no longer does: for a day it does
  // not keep it joins the items PostgreSQL keeps written (migration 0012), so its ratio above 1 is that design
  // (bench/journal/2026-11-24-agenda-tail.md, "The written items")
  const agendaFloor: FloorQuery = {
    sql: `SELECT a.id, a.datahora, a.fim, a.paciente_id, p.nome AS paciente_nome, a.medico_id,
            m.nome AS medico_nome, a.equipamento_id, e.nome AS equipamento_nome, a.exames, a.status, a.encaixe
          FROM agendamentos a JOIN pacientes p ON p.id = a.paciente_id JOIN medicos m ON m.id = a.medico_id
            LEFT JOIN equipamentos e ON e.id = a.equipamento_id
          WHERE a.datahora >= ${dayStartSql('$1')} AND a.datahora < ${dayStartSql('$1', '$2::int')}
          ORDER BY a.datahora, a.id`,
    params: ['de', 'dias'],
    key: 'agendamentos',
    prepared: true,
    also: [
      { sql: 'SELECT * FROM equipamentos ORDER BY nome', params: [], key: 'equipamentos', prepared: true },
      { sql: 'SELECT id, nome, horarios FROM medicos ORDER BY nome', params: [], key: 'medicos', prepared: true },
      {
        sql: `SELECT * FROM bloqueios WHERE fim > ${dayStartSql('$1')} AND inicio < ${dayStartSql('$1', '$2::int')}
              ORDER BY inicio`,
        params: ['de', 'dias'],
        key: 'bloqueios',
        prepared: true,
      },
    ],
  }
  /** POST /agendamento/agenda of one day, `of` in turn. */
  const agendaRead = (name: string, title: string, of: readonly string[]) => ({
    name,
    title: `agendamento/agenda, ${title}`,
    kind: 'read' as const,
    method: 'POST' as const,
    path: '/api/agendamento/agenda',
    body: (() => {
      const dia = rotate(of)
      return () => ({ de: dia(), dias: 1 })
    })(),
    expectRows: (n: number) => n >= 1,
    floor: agendaFloor,
  })
  const dayBody = () => {
    const day = rotate(days)
    return () => {
      const d = day()
      return { datainicior: `${d}T00:00:00.000Z`, datafimr: `${d}T23:59:59.999Z` }
    }
  }
  const doctors = Array.from({ length: config.medicos }, (_, i) => medicoId(i + 1))
  const doctor = rotate(doctors)
  const deepPage = Math.min(2_000, Math.floor(seed.activePacientes / PAGE_SIZE / 2))
  // Booking: one distinct slot per request, a minute apart, after the seeded range (never "before today").
  const bookingStart = Date.parse(`${addDays(seed.lastDay, 30)}T00:00:00.000Z`)
  let booking = 0
  let move = 0
  // the month report: the seed's last full month before today's
  const lastOfMonth = addDays(`${seed.today.slice(0, 8)}01`, -1)
  const reportMonth = { de: `${lastOfMonth.slice(0, 8)}01`, ate: lastOfMonth }
  const dayFloor: FloorQuery = {
    sql: `SELECT ${AGENDAMENTO_COLUMNS} WHERE a.datahora >= $1 AND a.datahora <= $2 ORDER BY a.datahora, a.id`,
    params: ['datainicior', 'datafimr'],
    key: 'agendamentos',
    prepared: true,
  }
  const list: Scenario[] = [
    // The ceiling: no token, no table, but one `select 1` (the health call checks the database) — so it is
    // the cost of Fastify, the hooks, the serializer and one round trip to PostgreSQL.
    {
      name: 'health',
      title: 'GET /api/health (ceiling: no token, select 1)',
      kind: 'ceiling',
      method: 'GET',
      path: '/api/health',
      floor: { sql: 'SELECT 1 AS ok', params: [], key: 'status', single: true },
    },
    // No target: the cheapest call that goes to the database (the token, the session check and a 20-row
    // query), i.e. how close to the ceiling any database read can get on this machine.
    {
      name: 'medicos',
      title: 'medico/listAll, 20 doctors (reference: cheapest database read)',
      kind: 'reference',
      method: 'GET',
      path: '/api/medico/listAll',
      floor: {
        sql: 'SELECT id, nome FROM medicos ORDER BY nome COLLATE "C", id',
        params: [],
        key: 'medicos',
        prepared: true,
      },
    },
    {
      name: 'search',
      title: `findbynome, 2–3 letters (${SEARCH_TERMS.length} terms)`,
      kind: 'read',
      method: 'POST',
      path: '/api/paciente/findbynome',
      body: () => ({ nomer: term(), page: 1 }),
      expectRows: (n: number) => n === PAGE_SIZE,
      // the terms are plain lowercase letters: the server's containsPattern() gives the same pattern
      floor: {
        sql: patientPage("ativo AND nome_busca LIKE '%' || $2 || '%'"),
        params: ['page', 'nomer'],
        key: 'pacientes',
      },
    },
    {
      name: 'list-p1',
      title: 'paciente/listAll page 1',
      kind: 'read',
      method: 'POST',
      path: '/api/paciente/listAll',
      body: () => ({ page: 1 }),
      expectRows: (n: number) => n === PAGE_SIZE,
      floor: { sql: patientPage('ativo'), params: ['page'], key: 'pacientes' },
    },
    {
      name: 'list-deep',
      title: `paciente/listAll page ${deepPage.toLocaleString('en')}`,
      kind: 'read',
      method: 'POST',
      path: '/api/paciente/listAll',
      body: () => ({ page: deepPage }),
      expectRows: (n: number) => n === PAGE_SIZE,
      floor: { sql: patientPage('ativo'), params: ['page'], key: 'pacientes' },
    },
    {
      name: 'day',
      title: `agendamento/listBetweenDate, one day (${seed.perDay} rows)`,
      kind: 'read',
      method: 'POST',
      path: '/api/agendamento/listBetweenDate',
      body: dayBody(),
      expectRows: (n: number) => n === seed.perDay,
      floor: dayFloor,
    },
    {
      // what a browser gets: it always sends Accept-Encoding (server/plugins/compression.ts)
      name: 'day-br',
      title: `the same day, compressed (Accept-Encoding: br, as browsers ask)`,
      kind: 'read',
      method: 'POST',
      path: '/api/agendamento/listBetweenDate',
      headers: { 'accept-encoding': 'br' },
      body: dayBody(),
      expectRows: (n: number) => n === seed.perDay,
      floor: dayFloor,
    },
    {
      // what every open board sends every 5 s (docs/decisions.md, "The front desk's day": live boards)
      name: 'board-version',
      title: "agendamento/versaoDia (the live boards' poll)",
      kind: 'read',
      method: 'POST',
      path: '/api/agendamento/versaoDia',
      body: (() => {
        const dia = rotate(days)
        return () => ({ dia: dia() })
      })(),
      floor: {
        sql: 'SELECT versao FROM agenda_versoes WHERE dia = $1',
        params: ['dia'],
        key: 'versao',
        single: true,
        prepared: true,
      },
    },
    {
      name: 'doctor',
      title: 'agendamento/listByMedico page 1',
      kind: 'read',
      method: 'POST',
      path: '/api/agendamento/listByMedico',
      body: () => ({ medicoId: doctor(), page: 1 }),
      expectRows: (n: number) => n === PAGE_SIZE,
      floor: {
        sql: `SELECT ${AGENDAMENTO_COLUMNS} WHERE a.medico_id = $1 ORDER BY a.datahora, a.id
              LIMIT ${PAGE_SIZE} OFFSET ($2::int - 1) * ${PAGE_SIZE}`,
        params: ['medicoId', 'page'],
        key: 'agendamentos',
        prepared: true,
      },
    },
    {
      name: 'booking',
      title: 'agendamento/register, distinct slots',
      kind: 'write',
      method: 'POST',
      path: '/api/agendamento/register',
      body: () => {
        const n = booking++
        return {
          // 15 minutes apart: the default duration (the overlap rule, docs/decisions.md "Agenda and equipment")
          datahora: new Date(bookingStart + n * 15 * 60_000).toISOString(),
          anotacao: 'Agendamento do benchmark.',
          convenio: 'Particular',
          valorIncents: 12_000,
          estaPago: false,
          userId,
          pacienteId: pacienteId(activePatientNumber(n * 7919 + 1, seed.activePacientes)),
          medicoId: medicoId((n % config.medicos) + 1),
          exames: ['Raio-X de tórax (PA e perfil)'],
        }
      },
      // the server's transaction, statement for statement (server/routes/agendamentos.ts register, without an
      // Idempotency-Key and with free-text exams, so no catalogue statement): the patient read FOR SHARE if
      // active, the insert with its end (one free-text exam: the 15-minute default, docs/decisions.md "Agenda
      // and equipment") read back with its names in the same statement (the answer), the audit row
      floor: {
        steps: [
          {
            sql: 'SELECT nome FROM pacientes WHERE id = $1 AND ativo = $2 FOR SHARE',
            params: ['pacienteId', { value: true }],
          },
          // the fields a 'create' entry names, as the server's audit writes them
          auditStep('create', '#1.id', [...AGENDAMENTO_FIELDS]),
        ],
        answerAt: 1,
        sql: `WITH b AS (
                INSERT INTO agendamentos (datahora, anotacao, convenio, valor_in_cents, esta_pago, exames, user_id,
                  paciente_id, medico_id, fim)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $1::timestamptz + interval '15 minutes') RETURNING *)
              SELECT b.id, b.datahora, b.anotacao, b.convenio, b.valor_in_cents, b.esta_pago, b.exames, b.user_id,
                b.paciente_id, b.medico_id, b.versao, b.status, b.chegada, b.fim, b.equipamento_id, b.encaixe,
                p.nome, m.nome, e.nome
              FROM b JOIN pacientes p ON p.id = b.paciente_id JOIN medicos m ON m.id = b.medico_id
              LEFT JOIN equipamentos e ON e.id = b.equipamento_id`,
        params: [
          'datahora',
          'anotacao',
          'convenio',
          'valorIncents',
          'estaPago',
          'exames',
          'userId',
          'pacienteId',
          'medicoId',
        ],
        key: 'agendamento',
        single: true,
      },
    },
    // Issue 16 (reports, docs/decisions.md "Reports"): the month's report, ~8,400 appointments of the seed's
    // last full month, every figure aggregated by PostgreSQL. No concurrent target: the figure that counts
    // is the 1-connection p99, target < 100 ms (docs/performance.md).
    {
      name: 'report-month',
      title: 'relatorio/resumo, one month (target: 1-connection p99 < 100 ms)',
      kind: 'reference',
      // not a reference to run with every --only: a scenario of its own
      noReference: true,
      method: 'POST',
      path: '/api/relatorio/resumo',
      body: () => reportMonth,
      // the repository's one statement itself (server/repositories/reports.ts summaryQuery), its values fixed:
      // the body never changes
      floor: (() => {
        const query = new PgDialect().sqlToQuery(summaryQuery(reportMonth.de, reportMonth.ate))
        return { sql: query.sql, params: [], values: query.params, key: 'relatorio', single: true }
      })(),
    },
    // ---- issue #13, the agenda (docs/decisions.md "Agenda and equipment") ----
    agendaRead('agenda-day', `one day read again (${seed.perDay} rows, every machine and doctor)`, days),
    // the same call on a day no one has read since its last change: the server keeps the last answers'
    // items while their versions hold (server/repositories/agenda-cache.ts), so this rotates through every
    // seeded day, more days than a process keeps, and every call reads the day's items from PostgreSQL again
    agendaRead(
      'agenda-unread',
      `a day not read since its last change (every call reads its ${seed.perDay} items again)`,
      seededDays,
    ),
    {
      name: 'free-time',
      title: "agendamento/horariosLivres ('Próximos horários livres', 30 min of US from a day's 07:00)",
      kind: 'read',
      method: 'POST',
      path: '/api/agendamento/horariosLivres',
      body: (() => {
        const dia = rotate(days)
        return () => ({ modalidade: 'US', duracaoMinutos: 30, desde: `${dia()}T07:00:00.000Z` })
      })(),
      expectRows: (n: number) => n === 6,
      // server/repositories/agenda.ts horariosLivres(): the machines of the modality, the doctors, then the
      // day's blocks and live bookings (from 12 h before) — the rows only; the floor computes no free time
      floor: {
        sql: `SELECT a.datahora, a.fim, a.medico_id, a.equipamento_id FROM agendamentos a
              WHERE a.datahora >= ${dayStartSql('left($1, 10)')} - interval '12 hours'
                AND a.datahora < ${dayStartSql('left($1, 10)', '1')}
                AND a.status NOT IN ('faltou', 'cancelado')
                AND (a.equipamento_id IN (SELECT id FROM equipamentos WHERE $2 = ANY(modalidades))
                  OR a.medico_id IN (SELECT id FROM medicos))`,
        params: ['desde', 'modalidade'],
        key: 'busy',
        prepared: true,
        also: [
          {
            sql: 'SELECT * FROM equipamentos WHERE $1 = ANY(modalidades) ORDER BY nome',
            params: ['modalidade'],
            key: 'equipamentos',
            prepared: true,
          },
          { sql: 'SELECT id, nome, horarios FROM medicos ORDER BY nome', params: [], key: 'medicos', prepared: true },
          {
            sql: `SELECT * FROM bloqueios WHERE fim > ${dayStartSql('left($1, 10)')}
                  AND inicio < ${dayStartSql('left($1, 10)', '1')} ORDER BY inicio`,
            params: ['desde'],
            key: 'bloqueios',
            prepared: true,
          },
        ],
      },
    },
    // ---- issue #11, the front desk's day (docs/decisions.md "The front desk's day") ----
    {
      // 'Confirmar' and the next steps on the board: each request moves another appointment, from today's
      // first on (agendado → confirmado; once every later appointment moved, the next pass → aguardando …)
      name: 'status-move',
      title: 'agendamento/status, a move of a distinct appointment per request',
      kind: 'write',
      method: 'POST',
      path: '/api/agendamento/status',
      body: () => {
        const n = move++
        const future = seed.agendamentos - seed.todayFirst
        const pass = Math.floor(n / future)
        return {
          id: agendamentoId(seed.todayFirst + (n % future)),
          versao: 1 + pass,
          status: MOVE_PASSES[Math.min(pass, MOVE_PASSES.length - 1)],
        }
      },
      // the server's statements, in its order (server/routes/status.ts, server/repositories/status.ts move),
      // in one transaction: the appointment's status and versao with the actor's doctor link, the conditional
      // UPDATE that writes the status history row in the same statement, the appointment read back with its
      // names (the answer), the audit row
      floor: {
        steps: [
          {
            sql: `SELECT status, versao, medico_id, (SELECT u.medico_id FROM users u WHERE u.id = $1) AS link
                  FROM agendamentos WHERE id = $2`,
            params: [{ value: userId }, 'id'],
          },
          {
            sql: `WITH moved AS (
                    UPDATE agendamentos SET status = $1, versao = versao + 1, updated_at = now()
                    WHERE id = $2 AND status = $3 AND versao = $4 RETURNING id)
                  INSERT INTO agendamento_status (agendamento_id, tipo, de, para, motivo, texto, user_id, at)
                  SELECT id, 'mover', $3::text, $1::text, NULL, NULL, $5::uuid, now() FROM moved
                  RETURNING agendamento_id`,
            params: ['status', 'id', '#0.status', 'versao', { value: userId }],
          },
          auditStep('status', 'id', ['status']),
        ],
        answerAt: 2,
        ...findByIdFloor('id'),
      },
    },
    {
      // the home board's read (src/features/home/api/get-today-appointments.ts): today's list, compressed
      // as the PWA's browser asks, with the statuses the moves above left on it
      name: 'board',
      title: `the day board: today's agendamento/listBetweenDate (${seed.perDay} rows, br, after the moves)`,
      kind: 'read',
      method: 'POST',
      path: '/api/agendamento/listBetweenDate',
      headers: { 'accept-encoding': 'br' },
      body: () => ({ datainicior: `${seed.today}T00:00:00.000Z`, datafimr: `${seed.today}T23:59:59.999Z` }),
      expectRows: (n: number) => n === seed.perDay,
      floor: dayFloor,
    },
    // ---- issue #36, the laudo (bench/laudo.ts): the worklist's first page, every doctor's, of 1,000 pending ----
    {
      name: 'laudo-worklist',
      title: `laudo/pendentes, every doctor's, first page (${LAUDO_WORKLIST_PAGE_SIZE} of ${LAUDO_PENDING.toLocaleString('en')} pending)`,
      kind: 'read',
      method: 'POST',
      path: '/api/laudo/pendentes',
      body: () => ({ meus: false, modalidade: null, equipamentoId: null }),
      expectRows: (n: number) => n === LAUDO_WORKLIST_PAGE_SIZE,
      // server/repositories/laudo-worklist.ts worklistPage() without filters or cursor (its statement's values
      // folded in), and the clinic's hours it computes the due dates with (server/repositories/clinic.ts getHours)
      floor: {
        sql: `SELECT w.agendamento_id, w.exame_id, l.id AS laudo_id, l.estado, w.exame_nome, w.modalidade, w.prazo,
                to_char(w.datahora AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS data_exame, w.acesso::text AS acesso,
                w.medico_id, m.nome AS medico_nome, w.equipamento_id, eq.nome AS equipamento_nome,
                p.nome AS paciente_nome, p.nomesocial AS paciente_nomesocial,
                to_char(w.datahora AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS chave
              FROM (SELECT a.datahora, a.id AS agendamento_id, x.exame_id, x.exame_nome, x.modalidade, x.prazo,
                      a.paciente_id, a.medico_id, a.equipamento_id, a.acesso
                    FROM agendamentos a
                    CROSS JOIN LATERAL (
                      SELECT DISTINCT ON (ae.exame_id) ae.exame_id, ae.nome AS exame_nome, e.modalidade,
                        e.prazo_laudo_dias AS prazo
                      FROM agendamento_exames ae JOIN exames e ON e.id = ae.exame_id
                      WHERE ae.agendamento_id = a.id
                      ORDER BY ae.exame_id, ae.posicao) x
                    WHERE a.status IN ('em_atendimento', 'realizado')
                      AND NOT EXISTS (SELECT 1 FROM laudos r WHERE r.agendamento_id = a.id AND r.exame_id = x.exame_id
                                        AND r.estado IN ('Liberado', 'Entregue'))
                      AND a.datahora >= '-infinity'
                    ORDER BY a.datahora, a.id, x.exame_id
                    LIMIT ${LAUDO_WORKLIST_PAGE_SIZE + 1}) w
                JOIN pacientes p ON p.id = w.paciente_id JOIN medicos m ON m.id = w.medico_id
                LEFT JOIN equipamentos eq ON eq.id = w.equipamento_id
                LEFT JOIN laudos l ON l.agendamento_id = w.agendamento_id AND l.exame_id = w.exame_id
              ORDER BY w.datahora, w.agendamento_id, w.exame_id`,
        params: [],
        key: 'laudos',
        prepared: true,
        also: [
          {
            sql: 'SELECT horarios FROM clinica_configuracoes WHERE id = 1',
            params: [],
            key: 'horarios',
            single: true,
            prepared: true,
          },
        ],
      },
    },
  ]
  return list.filter(
    (s) =>
      !config.only ||
      config.only.includes(s.name) ||
      (config.reference && (s.kind === 'ceiling' || s.kind === 'reference') && !s.noReference),
  )
}

// ---------------------------------------------------------------------------------------------------
// Running

// CPU time per request, read from /proc (Linux, the database on this machine): the server process and the
// database backends serving its pool. Far less sensitive to other load on the machine than req/s; `others`
// is the share of the machine's CPU used by anything else during the scenario (noise: should be ~0).
const CLOCK_TICK_MS = 10

function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS
  } catch {
    return undefined
  }
}

function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number)
  const total = line.reduce((a, b) => a + b, 0)
  const idle = (line[3] ?? 0) + (line[4] ?? 0)
  return { busy: (total - idle) * CLOCK_TICK_MS, total: total * CLOCK_TICK_MS }
}

interface CpuSnapshot {
  server: number | undefined
  backends: Map<number, number>
  self: number
  machine: { busy: number; total: number }
}

async function snapshot(serverPid: number, db: pg.Client): Promise<CpuSnapshot> {
  const { rows } = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()",
  )
  const backends = new Map<number, number>()
  for (const { pid } of rows) {
    const ms = cpuMs(pid)
    if (ms !== undefined) backends.set(pid, ms)
  }
  const self = process.cpuUsage()
  return { server: cpuMs(serverPid), backends, self: (self.user + self.system) / 1000, machine: machineCpuMs() }
}

function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number) {
  const server = before.server !== undefined && after.server !== undefined ? after.server - before.server : NaN
  // backends that exited during the run are missed (the pool keeps its connections while busy)
  let db = 0
  for (const [pid, ms] of after.backends) db += ms - (before.backends.get(pid) ?? 0)
  const self = after.self - before.self
  const busy = after.machine.busy - before.machine.busy
  const total = after.machine.total - before.machine.total
  const others = Math.max(0, busy - server - db - self)
  return {
    serverUs: (server * 1000) / requests,
    dbUs: (db * 1000) / requests,
    othersShare: total > 0 ? others / total : NaN,
  }
}

export interface Figures {
  scenario: string
  title: string
  kind: Kind
  requests: number
  reqPerSec: number
  p50: number
  p90: number
  p99: number
  max: number
  non2xx: number
  errors: number
  /** CPU time per request, in µs: the server process, the database backends. */
  serverUs: number
  dbUs: number
  /** Share of the machine's CPU used by other processes during the run. */
  othersShare: number
  /**
   * One connection, one request at a time, in the quiet pass before any loaded run: what a receptionist
   * waits for. The target's figure.
   */
  single: OneAtATime
  /** The same right after the scenario's two 32-connection runs (shown, not judged: "The agenda's tail"). */
  afterLoad: OneAtATime
  /** The same scenario on the floor (bench/floor-server.ts), same load, same database, same run. */
  floor: { reqPerSec: number; p99: number; serverUs: number; dbUs: number }
}

interface OneAtATime {
  p50: number
  p99: number
  reqPerSec: number
  non2xx: number
  /** Share of the machine's CPU other processes took during the measured run (as a loaded run's). */
  othersShare: number
}

/** A scenario one request at a time: a warm-up at one connection, then the measured run (quietestRun). */
async function oneAtATime(
  target: Target,
  pid: number,
  s: Scenario,
  probe: pg.Client,
  log: (m: string) => void,
): Promise<OneAtATime> {
  const { r, cpu } = await quietestRun(target, pid, s, probe, log, {
    label: `${s.name} one at a time`,
    duration: config.singleDuration,
    connections: 1,
    warmup: config.warmup,
  })
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    reqPerSec: r.requests.average,
    non2xx: r.non2xx + r.errors + r.timeouts,
    othersShare: cpu.othersShare,
  }
}

/** Where a scenario's requests go: the real server (with the token) or the floor (`/<scenario>`, no token). */
interface Target {
  url: string
  token?: string
  floor?: boolean
}

async function load(target: Target, s: Scenario, duration: number, connections: number): Promise<autocannon.Result> {
  const headers: Record<string, string> = { ...s.headers }
  if (target.token) headers.authorization = `Bearer ${target.token}`
  if (s.body) headers['content-type'] = 'application/json'
  const path = target.floor ? `/${s.name}` : s.path
  return autocannon({
    url: target.url + path,
    connections,
    duration,
    ...loadClientOptions,
    requests: [
      {
        method: target.floor ? 'POST' : s.method,
        path,
        headers,
        ...(s.body && {
          setupRequest: (request: autocannon.Request) => {
            request.body = JSON.stringify(s.body!())
            return request
          },
        }),
      },
    ],
  })
}

async function check(url: string, token: string, s: Scenario): Promise<string> {
  const response = await fetch(url + s.path, {
    method: s.method,
    headers: { authorization: `Bearer ${token}`, ...(s.body ? { 'content-type': 'application/json' } : {}) },
    body: s.body ? JSON.stringify(s.body()) : undefined,
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${s.name}: ${response.status} ${text.slice(0, 300)}`)
  const payload = JSON.parse(text) as Record<string, unknown>
  const list = Object.values(payload).find(Array.isArray) as unknown[] | undefined
  if (list && s.expectRows && !s.expectRows(list.length)) throw new Error(`${s.name}: ${list.length} rows, unexpected`)
  return list ? `${list.length} rows` : text.slice(0, 40)
}

/**
 * A run of a scenario on a target with its CPU per request. On a shared machine, a run during which other
 * processes (autovacuum, the checkpointer, anything else) took a good share of the CPU is run again (at most
 * --attempts times); the quietest run is kept. `warmup`: seconds of the same calls, unmeasured, before each run.
 */
async function quietestRun(
  target: Target,
  pid: number,
  s: Scenario,
  probe: pg.Client,
  log: (m: string) => void,
  run: { label: string; duration: number; connections: number; warmup?: number; perfName?: string },
): Promise<{ r: autocannon.Result; cpu: ReturnType<typeof cpuPerRequest> }> {
  let best: { r: autocannon.Result; cpu: ReturnType<typeof cpuPerRequest> } | undefined
  for (let attempt = 1; attempt <= config.attempts; attempt++) {
    if (run.warmup) await load(target, s, run.warmup, run.connections)
    // the last attempt's recording is kept (each attempt overwrites the one before)
    const recording = config.perfDir && run.perfName ? recordProcess(config.perfDir, run.perfName, pid) : undefined
    const before = await snapshot(pid, probe)
    const r = await load(target, s, run.duration, run.connections)
    const after = await snapshot(pid, probe)
    await recording?.stop(r.requests.total)
    const cpu = cpuPerRequest(before, after, r.requests.total)
    if (!best || cpu.othersShare < best.cpu.othersShare) best = { r, cpu }
    if (!(cpu.othersShare > NOISY_SHARE)) break
    if (attempt < config.attempts)
      log(`${run.label}: other processes took ${pct(cpu.othersShare)} of the CPU, running again`)
  }
  return best!
}

/** One loaded run of a scenario on a target, the quietest of up to --attempts runs, with its CPU per request. */
async function measure(
  target: Target,
  pid: number,
  s: Scenario,
  probe: pg.Client,
  log: (m: string) => void,
): Promise<Omit<Figures, 'single' | 'afterLoad' | 'floor'>> {
  const { r, cpu } = await quietestRun(target, pid, s, probe, log, {
    label: `${s.name}${target.floor ? ' (floor)' : ''}`,
    duration: config.duration,
    connections: config.connections,
    perfName: `${s.name}-${target.floor ? 'floor' : 'server'}`,
  })
  return {
    scenario: s.name,
    title: s.title,
    kind: s.kind,
    requests: r.requests.total,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    ...cpu,
  }
}

/** bench/floor-server.ts as a child process on the bench's database, with every scenario's floor query. */
async function startFloor(
  databaseUrl: string,
  list: Scenario[],
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const queries = Object.fromEntries(list.map((s) => [s.name, s.floor]))
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'bench/floor-server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, FLOOR_QUERIES: JSON.stringify(queries), POOL_MAX: '10' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const m = /floor listening on (http:\/\/\S+)/.exec(output)
      if (m) resolve(m[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the floor exited (${code}) before listening: ${output}`)))
  })
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

interface DatabaseRun {
  kind: BenchDatabase['kind']
  version: string
  seed: SeedResult
  figures: Figures[]
  /** 'laudo-release' (bench/laudo.ts), when it ran. */
  release?: ReleaseFigures
}

/** A scenario outside scenarios() (its own section), run unless --only leaves it out. */
const selected = (name: string) => !config.only || config.only.includes(name)

async function runOn(database: BenchDatabase): Promise<DatabaseRun> {
  const log = (m: string) => console.log(`[${database.kind}] ${m}`)
  log('starting the server (node --import tsx server/server.ts)…')
  const server = await startServer({ env: database.env, logLevel: config.logLevel, nodeFlags })
  try {
    log(`listening on ${server.url}`)
    const url = database.url()
    const version = await serverVersion(url)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    let seed: SeedResult
    try {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [server.adminEmail])
      log(`seeding ${version}…`)
      seed = await seedBulk(client, {
        pacientes: config.pacientes,
        agendamentos: config.agendamentos,
        medicos: config.medicos,
        userId: rows[0]!.id,
        log,
      })
      // the release's drafts need the catalogue these write
      if (selected('laudo-worklist') || selected('laudo-release')) {
        log(`laudo-worklist: ${LAUDO_PENDING} pending exams…`)
        await seedPendingLaudos(client, seed)
      }
    } finally {
      await client.end()
    }
    const session = await signIn(server)
    const list = scenarios(seed, session.user.id)
    for (const s of list) log(`check ${s.name}: ${await check(server.url, session.token, s)}`)
    log(`warm-up (${config.warmup} s per scenario)…`)
    const real: Target = { url: server.url, token: session.token }
    for (const s of list) await load(real, s, config.warmup, 8)
    // One at a time first, on a server no 32-connection run has shaken yet: what a receptionist waits for when
    // the clinic is not a benchmark. Measured right after the loaded runs, the same calls meet those runs'
    // aftermath (the collectors shrinking the heaps they grew), which raised the agenda's and a day's p99
    // (bench/journal/2026-11-24-agenda-tail.md, "Where the tail came from").
    const figures: Figures[] = []
    const probe = new pg.Client({ connectionString: url })
    await probe.connect()
    let floorProcess: Awaited<ReturnType<typeof startFloor>> | undefined
    let release: ReleaseFigures | undefined
    try {
      log(`one at a time (${config.warmup} + ${config.singleDuration} s per scenario)…`)
      const quiet = new Map<string, OneAtATime>()
      for (const s of list) quiet.set(s.name, await oneAtATime(real, server.child.pid!, s, probe, log))
      log('starting the floor (bench/floor-server.ts: node:http + pg, the same SQL)…')
      floorProcess = await startFloor(url, list)
      const floor: Target = { url: floorProcess.url, floor: true }
      for (const s of list) await load(floor, s, config.warmup, 8)
      for (const s of list) {
        const measured = await measure(real, server.child.pid!, s, probe, log)
        const atFloor = await measure(floor, floorProcess.child.pid!, s, probe, log)
        // a floor that fails answers fast: its figures would flatter it (a wrong floor query, a schema change)
        if (atFloor.non2xx + atFloor.errors > 0)
          log(`${s.name} (floor): ${atFloor.non2xx} non-2xx, ${atFloor.errors} errors — its floor query is wrong`)
        // and once more one at a time, in the aftermath of the two loaded runs just ended
        const afterLoad = await oneAtATime(real, server.child.pid!, s, probe, log)
        const f: Figures = {
          ...measured,
          single: quiet.get(s.name)!,
          afterLoad,
          floor: { reqPerSec: atFloor.reqPerSec, p99: atFloor.p99, serverUs: atFloor.serverUs, dbUs: atFloor.dbUs },
        }
        figures.push(f)
        log(
          `${s.name.padEnd(13)} ${f.reqPerSec.toFixed(0).padStart(6)} req/s (${ratio(f.reqPerSec, f.floor.reqPerSec)} of floor)  p99 ${f.p99} ms  non-2xx ${f.non2xx}  errors ${f.errors}` +
            `  cpu/req: server ${f.serverUs.toFixed(0)} µs (${ratio(f.serverUs, f.floor.serverUs)} of floor's ${f.floor.serverUs.toFixed(0)}), db ${f.dbUs.toFixed(0)} µs  (others ${pct(f.othersShare)})` +
            `  | 1 conn: p50 ${f.single.p50} ms, p99 ${f.single.p99} ms (after load ${f.afterLoad.p99} ms)`,
        )
      }
      // after the worklist's runs: its drafts would be pending while they wait
      if (selected('laudo-release')) {
        await floorProcess?.stop()
        release = await releaseBench(
          { url: server.url, adminToken: session.token, pid: server.child.pid!, client: probe, seed },
          quick ? 20 : 200,
          5,
          log,
        )
        log(
          `laudo-release: p50 ${release.p50.toFixed(0)} ms, p99 ${release.p99.toFixed(0)} ms, server CPU ${release.serverCpuMs.toFixed(0)} ms per release`,
        )
      }
    } finally {
      await probe.end()
      await floorProcess?.stop()
    }
    return { kind: database.kind, version, seed, figures, release }
  } finally {
    const code = await server.stop()
    if (code !== 0) console.error(`[${database.kind}] the server exited with ${code}:\n${server.output().slice(-2000)}`)
  }
}

// ---------------------------------------------------------------------------------------------------
// Verdicts and the report

/** The targets a scenario missed, in short: 'share' (of its floor's req/s), 'cpu', 'p99' (one at a time), 'non-2xx'. */
export function verdict(f: Figures): string[] {
  const misses: string[] = []
  // any scenario, the ceiling and the reference included: a failed answer is cheap and flatters the figures
  if (f.non2xx > 0 || f.errors > 0 || f.single.non2xx > 0 || f.afterLoad.non2xx > 0) misses.push('non-2xx')
  if (f.kind === 'read' || f.kind === 'write') {
    if (f.reqPerSec < f.floor.reqPerSec * TARGETS.shareOfFloor) misses.push('share')
    if (f.serverUs > f.floor.serverUs * TARGETS.cpuOverFloor) misses.push('cpu')
    if (f.single.p99 > TARGETS.singleP99Ms) misses.push('p99')
  }
  return misses
}

const pct = (x: number) => `${(x * 100).toFixed(0)} %`
const us = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(0))
const ratio = (x: number, floor: number) => (Number.isFinite(x / floor) ? `${(x / floor).toFixed(2)}×` : '—')

function report(runs: DatabaseRun[], startedAt: string, startLoad: string): string {
  const m = machine()
  const lines: string[] = []
  lines.push('## API (`npm run bench`)', '')
  lines.push(`Machine: ${describeMachine({ ...m, date: startedAt })}; load average at the start ${startLoad}.`)
  const s = runs[0]!.seed
  lines.push(
    `Data: ${config.pacientes.toLocaleString('en')} patients (${s.activePacientes.toLocaleString('en')} active), ` +
      `${config.agendamentos.toLocaleString('en')} appointments (${s.perDay} a day, ${s.firstDay} … ${s.lastDay}), ${config.medicos} doctors. ` +
      `Load: autocannon, ${config.connections} connections, ${config.duration} s per scenario, no pipelining, ` +
      `after a ${config.warmup} s warm-up; the load generator runs on the same machine. Server: LOG_LEVEL=${config.logLevel}.`,
  )
  lines.push(
    `Floor: bench/floor-server.ts (node:http + pg, pool of 10 as the server's) runs each scenario's SQL on the same ` +
      `database in the same run, under the same load, and writes the rows as JSON. Targets (issue #18): ` +
      `≥ ${TARGETS.shareOfFloor} of the floor's req/s under ${config.connections} connections, server CPU per request ` +
      `≤ ${TARGETS.cpuOverFloor}× the floor's, one-at-a-time p99 ≤ ${TARGETS.singleP99Ms} ms, 0 non-2xx.`,
    '',
  )
  const head = ['scenario']
  for (const run of runs)
    head.push(
      `${run.kind} req/s`,
      'floor req/s',
      '× floor',
      'p99 ms',
      'non-2xx',
      'server µs/req',
      'floor µs/req',
      '× floor',
      'db µs/req',
      'floor db µs',
      'others',
    )
  head.push('target')
  const rows: string[][] = []
  for (const f0 of runs[0]!.figures) {
    const row = [f0.title]
    const misses: string[] = []
    for (const run of runs) {
      const f = run.figures.find((x) => x.scenario === f0.scenario)!
      row.push(
        f.reqPerSec.toFixed(0),
        f.floor.reqPerSec.toFixed(0),
        ratio(f.reqPerSec, f.floor.reqPerSec),
        String(f.p99),
        String(f.non2xx + f.errors + f.single.non2xx + f.afterLoad.non2xx),
        us(f.serverUs),
        us(f.floor.serverUs),
        ratio(f.serverUs, f.floor.serverUs),
        us(f.dbUs),
        us(f.floor.dbUs),
        Number.isNaN(f.othersShare) ? '—' : pct(f.othersShare),
      )
      const missed = verdict(f)
      if (missed.length > 0) misses.push(runs.length > 1 ? `${run.kind}: ${missed.join(', ')}` : missed.join(', '))
    }
    row.push(
      (f0.kind === 'ceiling' || f0.kind === 'reference') && misses.length === 0
        ? '—'
        : misses.length === 0
          ? 'met'
          : `**missed** (${misses.join('; ')})`,
    )
    rows.push(row)
  }
  lines.push(table(head, rows))
  lines.push('')
  lines.push(
    `× floor: the server's req/s over the floor's (higher is better), and its CPU per request over the floor process's ` +
      `(lower is better). Missed: share = below ${TARGETS.shareOfFloor} of the floor's req/s; cpu = above ${TARGETS.cpuOverFloor}× ` +
      `the floor's CPU per request; p99 = one-at-a-time p99 above ${TARGETS.singleP99Ms} ms; non-2xx = errors. ` +
      `others = the machine's CPU other processes took during the server's loaded run (noise; ~0 % on a quiet machine).`,
  )
  lines.push('')
  lines.push(
    `The same calls one at a time (1 connection, ${config.warmup} s unmeasured, then ${config.singleDuration} s): latency ` +
      `without queueing, measured before any loaded run (the target's p99), and again right after the scenario's two ` +
      `loaded runs (shown, not judged: bench/journal/2026-11-24-agenda-tail.md, "The agenda's tail"). others: as above, during the ` +
      `measured run before the loaded runs (one above ${pct(NOISY_SHARE)} is run again, the quietest kept).`,
  )
  lines.push('')
  const singleHead = ['scenario']
  for (const run of runs)
    singleHead.push(`${run.kind} 1-conn p50 ms`, 'p99 ms', 'others', 'p99 after load ms', '32-conn p50 ms')
  lines.push(
    table(
      singleHead,
      runs[0]!.figures.map((f0) => {
        const row = [f0.title]
        for (const run of runs) {
          const f = run.figures.find((x) => x.scenario === f0.scenario)!
          row.push(
            String(f.single.p50),
            String(f.single.p99),
            pct(f.single.othersShare),
            String(f.afterLoad.p99),
            String(f.p50),
          )
        }
        return row
      }),
    ),
  )
  lines.push('')
  lines.push(`Databases: ${runs.map((r) => `${r.kind} = ${r.version}`).join('; ')}.`)
  lines.push(
    `Seeding took ${runs.map((r) => `${r.kind} ${(r.seed.seconds.pacientes + r.seed.seconds.agendamentos).toFixed(1)} s + VACUUM ANALYZE ${r.seed.seconds.vacuum.toFixed(1)} s`).join('; ')}.`,
  )
  return lines.join('\n')
}

async function main(): Promise<void> {
  const startedAt = machine().date
  const startLoad = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')
  console.log(`Machine: ${describeMachine(machine())}; load average ${startLoad}`)
  if (loadavg()[0]! > 0.5)
    console.log('Warning: the machine is not idle; figures will be lower and noisier than they should.')
  const runs: DatabaseRun[] = []
  const embedded = embeddedDatabase()
  try {
    runs.push(await runOn(embedded))
  } finally {
    await embedded.drop()
  }
  if (process.env.DATABASE_URL) {
    const external = await externalDatabase(process.env.DATABASE_URL)
    try {
      runs.push(await runOn(external))
    } finally {
      await external.drop()
    }
  }
  let text = report(runs, startedAt, startLoad)
  // issue 37: the TISS batch, in process (bench/tiss-batch.ts); with --only, when named 'tiss-batch'
  const tiss = !config.only || config.only.includes('tiss-batch') ? await tissBatchSection(quick ? 3 : 10) : null
  if (tiss) text += `\n\n${tiss.text}`
  // issue 36: 'sign and release one laudo', measured in runOn on each database's server (bench/laudo.ts)
  const released = runs.flatMap((run) => (run.release ? [{ kind: run.kind, release: run.release }] : []))
  const laudo = released.length > 0 ? releaseSection(released) : null
  if (laudo) text += `\n\n${laudo.text}`
  console.log(`\n${text}\n`)
  if (config.write) {
    writeResultsSection('api', text)
    console.log('Written to bench/RESULTS.md.')
  } else {
    console.log('(--quick / --no-write: bench/RESULTS.md left as it was)')
  }
  const missed =
    runs.some((run) => run.figures.some((f) => verdict(f).length > 0)) ||
    tiss?.missed === true ||
    laudo?.missed === true
  if (missed) console.log('Some targets were missed: see the table (benchmarks report; they do not fail a build).')
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
