// `npm run bench:processes`: the same scenarios with 1 and with 2 API processes (API_PROCESSES, server/process/cluster.ts)
// on the same database in the same run — the day's list, the first page of patients, health — under 32
// connections: req/s, p50/p99 and the CPU each request cost (the API's Node processes, the database's
// backends). The server is the real one (bench/support.ts's startServer), restarted on the same DATA_DIR
// between the two. Options: --quick, --duration=s, --connections=n, --processes=1,2,
// --database-url=postgres://… (a fresh database on that server instead of the embedded one), --no-write.
// Figures and why 2 processes gain little on 2 cores:
// bench/journal/2026-11-24-several-api-processes.md, "Several API processes".
import { readFileSync, readdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import pg from 'pg'
import { addDays } from '@contract'
import { seedBulk, type SeedResult } from './seed'
import {
  benchArgs,
  describeMachine,
  embeddedDatabase,
  externalDatabase,
  loadClientOptions,
  machine,
  serverVersion,
  signIn,
  startServer,
  table,
  writeResultsSection,
  type BenchDatabase,
} from './support'

const { option, common } = benchArgs(process.argv.slice(2), { full: 15, quick: 3 })
const config = {
  ...common,
  processes: (option('processes') ?? '1,2').split(',').map(Number),
}

interface Scenario {
  name: string
  method: 'GET' | 'POST'
  path: string
  body?: () => unknown
}

function scenarios(seed: SeedResult): Scenario[] {
  const days = Array.from({ length: 10 }, (_, i) => addDays(seed.today, i - 3))
  let i = 0
  return [
    { name: 'health', method: 'GET', path: '/api/health' },
    { name: 'list-p1', method: 'POST', path: '/api/paciente/listAll', body: () => ({ page: 1 }) },
    {
      name: 'day',
      method: 'POST',
      path: '/api/agendamento/listBetweenDate',
      body: () => {
        const d = days[i++ % days.length]!
        return { datainicior: `${d}T00:00:00.000Z`, datafimr: `${d}T23:59:59.999Z` }
      },
    },
  ]
}

// ---- CPU per request, from /proc (as bench/api.ts reads it) -----------------------------------------
const CLOCK_TICK_MS = 10

function stat(pid: number): { comm: string; ms: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return {
      comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      ms: (+fields[11]! + +fields[12]!) * CLOCK_TICK_MS,
    }
  } catch {
    return undefined
  }
}

/** The API's Node processes: the server (the cluster's primary) and its Node children (the workers). */
function apiProcesses(root: number): number[] {
  const pids = [root]
  for (const task of readdirSync(`/proc/${root}/task`)) {
    let children: string
    try {
      children = readFileSync(`/proc/${root}/task/${task}/children`, 'utf8')
    } catch {
      continue
    }
    for (const child of children.split(' ').filter(Boolean).map(Number))
      if (stat(child)?.comm === 'node') pids.push(child)
  }
  return pids
}

function machineMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number)
  const total = line.reduce((a, b) => a + b, 0)
  return { busy: (total - line[3]! - line[4]!) * CLOCK_TICK_MS, total: total * CLOCK_TICK_MS }
}

interface Snapshot {
  api: Map<number, number>
  db: Map<number, number>
  self: number
  machine: { busy: number; total: number }
}

async function snapshot(root: number, probe: pg.Client): Promise<Snapshot> {
  const { rows } = await probe.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()",
  )
  const read = (pids: number[]) => new Map(pids.flatMap((p) => (stat(p) ? [[p, stat(p)!.ms] as const] : [])))
  const self = process.cpuUsage()
  return {
    api: read(apiProcesses(root)),
    db: read(rows.map((r) => r.pid)),
    self: (self.user + self.system) / 1000,
    machine: machineMs(),
  }
}

function spent(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0
  for (const [pid, value] of after) ms += value - (before.get(pid) ?? 0)
  return ms
}

interface Row {
  processes: number
  scenario: string
  reqPerSec: number
  p50: number
  p99: number
  errors: number
  apiUs: number
  dbUs: number
  others: number
}

async function load(url: string, token: string, s: Scenario, duration: number, connections: number) {
  return autocannon({
    url: url + s.path,
    connections,
    duration,
    ...loadClientOptions,
    requests: [
      {
        method: s.method,
        path: s.path,
        headers: { authorization: `Bearer ${token}`, ...(s.body ? { 'content-type': 'application/json' } : {}) },
        ...(s.body && {
          setupRequest: (request: autocannon.Request) => ({ ...request, body: JSON.stringify(s.body!()) }),
        }),
      },
    ],
  })
}

async function main(): Promise<void> {
  const adminUrl = option('database-url')
  const database: BenchDatabase = adminUrl ? await externalDatabase(adminUrl) : embeddedDatabase()
  const rows: Row[] = []
  const startLoad = loadavg()[0]!.toFixed(1)
  let seed: SeedResult | undefined
  let version = ''
  let token: string | undefined
  try {
    for (const processes of config.processes) {
      console.log(`[${processes} process(es)] starting the server…`)
      const server = await startServer({ env: { ...database.env, API_PROCESSES: String(processes) } })
      try {
        const url = database.url()
        if (!seed) {
          version = await serverVersion(url)
          const client = new pg.Client({ connectionString: url })
          await client.connect()
          try {
            const { rows: users } = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
              server.adminEmail,
            ])
            console.log(`seeding ${config.pacientes} patients, ${config.agendamentos} appointments…`)
            seed = await seedBulk(client, { ...config, userId: users[0]!.id })
          } finally {
            await client.end()
          }
        }
        // the session outlives the restart (sessions and the signing secret are in the database); a new
        // start would only make a new password for an administrator who already exists
        token ??= (await signIn(server)).token
        const list = scenarios(seed)
        for (const s of list) await load(server.url, token, s, config.warmup, 8)
        const probe = new pg.Client({ connectionString: url })
        await probe.connect()
        try {
          for (const s of list) {
            const before = await snapshot(server.child.pid!, probe)
            const r = await load(server.url, token, s, config.duration, config.connections)
            const after = await snapshot(server.child.pid!, probe)
            const api = spent(before.api, after.api)
            const db = spent(before.db, after.db)
            const busy = after.machine.busy - before.machine.busy
            const others = Math.max(0, busy - api - db - (after.self - before.self))
            const row: Row = {
              processes,
              scenario: s.name,
              reqPerSec: r.requests.average,
              p50: r.latency.p50,
              p99: r.latency.p99,
              errors: r.errors + r.timeouts + r.non2xx,
              apiUs: (api * 1000) / r.requests.total,
              dbUs: (db * 1000) / r.requests.total,
              others: others / (after.machine.total - before.machine.total),
            }
            rows.push(row)
            console.log(
              `[${processes}] ${s.name.padEnd(8)} ${row.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  cpu/req: api ${row.apiUs.toFixed(0)} µs, db ${row.dbUs.toFixed(0)} µs  (others ${(row.others * 100).toFixed(0)} %)`,
            )
          }
        } finally {
          await probe.end()
        }
      } finally {
        const code = await server.stop()
        if (code !== 0) console.error(`the server exited with ${code}:\n${server.output().slice(-2000)}`)
      }
    }
  } finally {
    await database.drop()
  }
  const one = (scenario: string) => rows.find((r) => r.processes === 1 && r.scenario === scenario)
  const body = [
    '## Several API processes (`npm run bench:processes`)',
    '',
    `Machine: ${describeMachine(machine())}; load average at start ${startLoad}. ${version}, ${database.kind}; ` +
      `${seed?.activePacientes.toLocaleString('en')} active patients, ${seed?.perDay} appointments a day. ` +
      `autocannon, ${config.connections} connections, ${config.duration} s per scenario; CPU per request of the API's ` +
      "Node processes (with 2: the primary and both workers) and of the database's backends.",
    '',
    table(
      [
        'processes',
        'scenario',
        'req/s',
        '× 1 process',
        'p50 ms',
        'p99 ms',
        'errors',
        'API µs/req',
        'db µs/req',
        'others',
      ],
      rows.map((r) => [
        String(r.processes),
        r.scenario,
        r.reqPerSec.toFixed(0),
        one(r.scenario) ? (r.reqPerSec / one(r.scenario)!.reqPerSec).toFixed(2) : '—',
        String(r.p50),
        String(r.p99),
        String(r.errors),
        r.apiUs.toFixed(0),
        r.dbUs.toFixed(0),
        `${(r.others * 100).toFixed(0)} %`,
      ]),
      2,
    ),
  ].join('\n')
  console.log(`\n${body}`)
  if (config.write) writeResultsSection('processes', body)
}

await main()
