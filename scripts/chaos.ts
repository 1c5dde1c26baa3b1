// `npm run chaos`: the fault scenarios of issue 17 against a real server (server/server.ts with its embedded
// PostgreSQL in a temporary DATA_DIR, 127.0.0.1 only) while traffic runs — writers registering patients,
// readers listing them. Per scenario it prints the requests sent, the answers by status (and the requests
// that got no answer), the acknowledged writes lost (must be 0: every 201 is looked up afterwards) and the
// time until the API served again. Bounded: every scenario has a deadline and the whole run stops after
// CHAOS_MAX_SECONDS (default 300); CHAOS_ONLY=dicom runs only the DICOM flood (issue 35). Exit code 1 when a write was lost, a 500 was answered or the server died.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../server/process/free-port'
import { dicomFlood } from './chaos-dicom'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const MAX_SECONDS = Number(process.env.CHAOS_MAX_SECONDS ?? 300)
const ADMIN = { email: 'caos@clinica.local', password: 'caos-senha-forte-2026' }
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

// ---- the server ----

const work = mkdtempSync(join(tmpdir(), 'clinica-chaos-'))
chmodSync(work, 0o755)
// DATA_DIR on a 256 MB tmpfs when this process may mount one (root): the disk-full scenario fills it
const disk = join(work, 'disco')
mkdirSync(disk)
let mounted = false
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256m,mode=0755', 'tmpfs', disk], { stdio: 'ignore' })
  mounted = true
} catch {
  // not root: the scenario is reported as not run
}
const dataDir = join(disk, 'data')
const staticDir = join(work, 'static')
mkdirSync(staticDir)
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>caos</title>')
let server: ChildProcess | undefined
let serverOutput = ''
let serverExited = false
let base = ''
let dicomPort = 0

async function startServer(): Promise<void> {
  const port = await freePort()
  dicomPort = await freePort()
  base = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    AUTO_BACKUP: 'off',
    // the DICOM worklist (issue 19, docs/dicom.md): probed with findscu during the database faults
    DICOM_PORT: String(dicomPort),
    DICOM_AE_TITLE: 'CLINICA',
  }
  for (const key of ['DATABASE_URL', 'JWT_SECRET', 'TRUST_PROXY', 'EMBEDDED_PG_PORT', 'HTTPS']) delete env[key]
  server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout!.on('data', (c: Buffer) => (serverOutput += c.toString()))
  server.stderr!.on('data', (c: Buffer) => (serverOutput += c.toString()))
  server.once('exit', () => (serverExited = true))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (serverExited) throw new Error(`o servidor saiu ao iniciar:\n${serverOutput}`)
    try {
      await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })
      return
    } catch {
      await sleep(100)
    }
  }
  throw new Error(`o servidor não respondeu em 60 s:\n${serverOutput}`)
}

/** The embedded postmaster and its children (DATA_DIR/pg/postmaster.pid). */
function postgresPids(): number[] {
  let pid: number
  try {
    pid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return []
  }
  const pids = [pid]
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) pids.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return pids
}

function signal(pids: number[], name: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, name)
    } catch {
      // gone
    }
  }
}

// ---- the API as a client ----

type Answer = { status: number; body: unknown }

async function request(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed }
  } catch (error) {
    // no answer: reset, refused or 20 s without one
    return { status: (error as Error).name === 'TimeoutError' ? -2 : -1, body: String(error) }
  }
}

function makeCpf(): string {
  for (;;) {
    const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10))
    if (d.every((x) => x === d[0])) continue
    for (const len of [9, 10]) {
      let sum = 0
      for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i)
      d.push(((sum * 10) % 11) % 10)
    }
    return d.join('')
  }
}

const paciente = (userId: string, cpf: string) => ({
  nome: 'Paciente Caos',
  cpf,
  rg: String(100_000_000 + Math.floor(Math.random() * 899_999_999)),
  datanascimento: '1980-05-05T00:00:00.000Z',
  estadocivil: 'casado',
  sexo: 'feminino',
  cor: 'pardo',
  naturalidade: 'Recife',
  profissao: 'Teste',
  email: 'caos@example.com',
  telefone: 81_912_345_678,
  endereco: 'Rua do Caos',
  numeroendereco: 1,
  bairro: 'Centro',
  cidade: 'Recife',
  estado: 'PE',
  userId,
})

// ---- traffic and figures ----

interface Figures {
  sent: number
  byStatus: Map<string, number>
  acknowledged: string[]
}

function count(f: Figures, status: number) {
  f.sent++
  const key = status === -1 ? 'sem resposta' : status === -2 ? 'tempo esgotado' : String(status)
  f.byStatus.set(key, (f.byStatus.get(key) ?? 0) + 1)
}

function traffic(token: string, userId: string, f: Figures) {
  let running = true
  const writer = async () => {
    while (running) {
      const cpf = makeCpf()
      const answer = await request('POST', '/paciente/register', paciente(userId, cpf), token, {
        'Idempotency-Key': randomUUID(),
      })
      count(f, answer.status)
      if (answer.status === 201) f.acknowledged.push(cpf)
      if (answer.status !== 201) await sleep(50)
    }
  }
  const reader = async () => {
    while (running) {
      const answer = await request('POST', '/paciente/listAll', { page: 1 }, token)
      count(f, answer.status)
      if (answer.status !== 200) await sleep(50)
    }
  }
  const loops = [writer(), writer(), writer(), reader(), reader()]
  return async () => {
    running = false
    await Promise.all(loops)
  }
}

/** ms until a read and a write both succeed again (polled every 100 ms), or null after `limitMs`. */
async function timeToRecover(token: string, userId: string, from: number, limitMs = 60_000): Promise<number | null> {
  while (Date.now() - from < limitMs && !serverExited) {
    const read = await request('GET', '/medico/listAll', undefined, token)
    if (read.status === 200) {
      const write = await request('POST', '/paciente/register', paciente(userId, makeCpf()), token)
      if (write.status === 201) return Date.now() - from
    }
    await sleep(100)
  }
  return null
}

async function lostWrites(token: string, cpfs: string[]): Promise<number> {
  let lost = 0
  for (const cpf of cpfs) {
    const answer = await request('POST', '/paciente/findbycpf', { cpf }, token)
    if (answer.status !== 200) lost++
  }
  return lost
}

interface Row {
  scenario: string
  sent: number
  statuses: string
  lost: number | string
  recoveredMs: number | null | string
  note: string
}
const rows: Row[] = []
const statuses = (f: Figures) =>
  [...f.byStatus.entries()]
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')

/** A database fault under traffic: warm-up, the fault, recovery, the acknowledged writes looked up. */
async function databaseScenario(name: string, token: string, userId: string, fault: () => Promise<number>) {
  const f: Figures = { sent: 0, byStatus: new Map(), acknowledged: [] }
  const stop = traffic(token, userId, f)
  await sleep(3000)
  const faultEnd = await fault()
  const recovered = serverExited ? null : await timeToRecover(token, userId, faultEnd)
  await sleep(2000)
  await stop()
  const lost = serverExited ? 'servidor saiu' : await lostWrites(token, f.acknowledged)
  rows.push({
    scenario: name,
    sent: f.sent,
    statuses: statuses(f),
    lost,
    recoveredMs: recovered,
    note: `${f.acknowledged.length} gravações confirmadas`,
  })
}

/**
 * A worklist query by dcmtk's findscu (when installed) while the database is down: it must get a final
 * answer — a failure status — within seconds, never hang (docs/dicom.md). Recorded as its own row.
 */
async function dicomProbe(scenario: string): Promise<void> {
  const started = Date.now()
  let output = ''
  try {
    const child = spawn(
      'findscu',
      ['-v', '-W', '-aet', 'CAOS1', '-aec', 'CLINICA', '-to', '30', '-ta', '30', '-td', '30'].concat([
        '-k',
        'ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate',
        '127.0.0.1',
        String(dicomPort),
      ]),
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    await new Promise<void>((resolve) => {
      child.once('error', () => resolve())
      child.once('exit', () => resolve())
    })
    clearTimeout(killer)
  } catch {
    // findscu missing: reported below
  }
  const final = /Final Find Response \(([^)]*)\)/.exec(output)?.[1]
  const rejected = /Association Rejected/i.test(output)
  const missing = output === '' && !final
  rows.push({
    scenario: `DICOM worklist durante ${scenario}`,
    sent: 1,
    statuses: missing ? 'findscu ausente' : (final ?? (rejected ? 'associação recusada' : 'sem resposta')),
    lost: '-',
    recoveredMs: missing ? 'não medido' : final || rejected ? Date.now() - started : null,
    note: 'uma consulta C-FIND; deve terminar com um status, nunca ficar esperando',
  })
}

// ---- the scenarios ----

async function run(): Promise<void> {
  await startServer()
  const login = await request('POST', '/users/session', ADMIN)
  const { token, user } = login.body as { token: string; user: { id: string } }
  if (!token) throw new Error(`login do administrador falhou: ${JSON.stringify(login)}`)
  // a machine that may ask for its worklist (issue 19)
  await request(
    'POST',
    '/equipamento/register',
    { nome: 'Sala do caos', modalidades: ['RX'], horarios: [], aeTitle: 'CAOS1' },
    token,
  )
  if (process.env.CHAOS_ONLY === 'dicom') return floodScenario()

  await databaseScenario('kill -9 do PostgreSQL embutido', token, user.id, async () => {
    signal(postgresPids(), 'SIGKILL')
    await dicomProbe('kill -9 do PostgreSQL')
    return Date.now()
  })
  if (serverExited) return

  await databaseScenario('PostgreSQL congelado 10 s (SIGSTOP)', token, user.id, async () => {
    const pids = postgresPids()
    signal(pids, 'SIGSTOP')
    await Promise.all([sleep(10_000), dicomProbe('PostgreSQL congelado')])
    signal(pids, 'SIGCONT')
    return Date.now()
  })
  if (serverExited) return

  if (mounted) {
    await databaseScenario('disco cheio por 10 s (tmpfs preenchido)', token, user.id, async () => {
      const filler = join(disk, 'enchimento')
      const fd = openSync(filler, 'w')
      for (const size of [1 << 20, 1 << 12, 1]) {
        const chunk = Buffer.alloc(size)
        try {
          for (;;) writeSync(fd, chunk)
        } catch {
          // full at this size
        }
      }
      closeSync(fd)
      await sleep(10_000)
      rmSync(filler)
      return Date.now()
    })
    if (serverExited) return
  } else {
    rows.push({
      scenario: 'disco cheio',
      sent: 0,
      statuses: '—',
      lost: '—',
      recoveredMs: '—',
      note: 'não executado: sem permissão para montar um tmpfs (rode como root)',
    })
  }

  {
    // clients dripping their headers: the server cuts them off while normal traffic goes on
    const f: Figures = { sent: 0, byStatus: new Map(), acknowledged: [] }
    const stop = traffic(token, user.id, f)
    const port = Number(new URL(base).port)
    const started = Date.now()
    const closedAfter = await Promise.all(
      Array.from(
        { length: 50 },
        () =>
          new Promise<number>((done) => {
            const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'))
            const timer = setInterval(() => socket.writable && socket.write('X-Lento: 1\r\n'), 1000)
            socket.on('error', () => {})
            socket.on('close', () => {
              clearInterval(timer)
              done(Date.now() - started)
            })
            setTimeout(() => socket.destroy(), 60_000).unref()
          }),
      ),
    )
    await stop()
    rows.push({
      scenario: '50 conexões com cabeçalhos gota a gota',
      sent: f.sent,
      statuses: statuses(f),
      lost: await lostWrites(token, f.acknowledged),
      recoveredMs: '—',
      note: `cortadas após ${Math.round(Math.min(...closedAfter) / 1000)}–${Math.round(Math.max(...closedAfter) / 1000)} s`,
    })
  }

  {
    // password spraying from one address: many e-mails, one password
    const f: Figures = { sent: 0, byStatus: new Map(), acknowledged: [] }
    for (let i = 0; i < 60; i++)
      count(
        f,
        (await request('POST', '/users/session', { email: `alvo.${i}@clinica.local`, password: 'Primavera2026' }))
          .status,
      )
    rows.push({
      scenario: 'pulverização de senhas (60 e-mails, um endereço)',
      sent: f.sent,
      statuses: statuses(f),
      lost: '—',
      recoveredMs: '—',
      note: 'bloqueado após 30 falhas',
    })
  }

  {
    // an anonymous loop with bad tokens: limited, and the audit trail grows by a row per minute only
    const f: Figures = { sent: 0, byStatus: new Map(), acknowledged: [] }
    for (let i = 0; i < 1000; i++) count(f, (await request('GET', '/medico/listAll', undefined, `lixo.${i}`)).status)
    const stillServes = await request('GET', '/medico/listAll', undefined, token)
    rows.push({
      scenario: 'laço anônimo com tokens inválidos (1000)',
      sent: f.sent,
      statuses: statuses(f),
      lost: '—',
      recoveredMs: '—',
      note: `com token válido: ${stillServes.status}`,
    })
  }

  // last: it spends this address's DICOM associations for the minute
  await floodScenario()
}

/** The DICOM flood (scripts/chaos-dicom.ts): no dataset to an attacker, health quick throughout. */
async function floodScenario(): Promise<void> {
  const d = await dicomFlood(dicomPort, base, 'CAOS1')
  rows.push({
    scenario: 'enxurrada DICOM (curinga, 20 × 4 GB, 100 pedidos+C-FIND, 400 ociosas)',
    sent: d.connections,
    statuses: `abortadas: ${d.aborted}, recusadas: ${d.rejected}, fechadas sem resposta: ${d.closedUnanswered}, com dados: ${d.answeredWithData}`,
    lost: '—',
    recoveredMs: '—',
    note:
      `health: ${d.healthAsked} respostas, a mais lenta ${d.healthSlowestMs} ms, ${d.healthFailures} falhas; ` +
      `curinga respondido ${d.wildcardAnsweredMs === null ? 'não' : `em ${d.wildcardAnsweredMs} ms`}; ` +
      `ociosa mantida até ${(d.idleHeldMs / 1000).toFixed(1)} s; ${d.seconds} s ao todo`,
  })
  if (d.answeredWithData > 0 || d.healthSlowestMs >= 1000 || d.healthFailures > 0)
    rows.push({ ...rows.at(-1)!, scenario: 'enxurrada DICOM: FALHOU', recoveredMs: null })
}

// ---- bounded, cleaned up, reported ----

function stopServer(): Promise<void> {
  return new Promise((done) => {
    if (!server || serverExited) return done()
    server.once('exit', () => done())
    try {
      process.kill(-server.pid!, 'SIGTERM')
    } catch {
      return done()
    }
    setTimeout(() => {
      try {
        process.kill(-server!.pid!, 'SIGKILL')
      } catch {
        // gone
      }
      done()
    }, 15_000).unref()
  })
}

const deadline = setTimeout(async () => {
  console.error(`Caos: passou de ${MAX_SECONDS} s; encerrando.`)
  await stopServer()
  signal(postgresPids(), 'SIGKILL')
  if (mounted) execFileSync('umount', ['-l', disk], { stdio: 'ignore' })
  process.exit(1)
}, MAX_SECONDS * 1000)

let failed = false
try {
  await run()
} catch (error) {
  failed = true
  console.error(`Caos interrompido: ${(error as Error).message}`)
}
const diedDuringChaos = serverExited
await stopServer()
signal(postgresPids(), 'SIGKILL')
clearTimeout(deadline)

console.log(
  '\ncenário | requisições | respostas por status | gravações confirmadas perdidas | tempo até voltar | observação',
)
console.log('---|---|---|---|---|---')
for (const r of rows) {
  const recovered =
    typeof r.recoveredMs === 'number'
      ? `${(r.recoveredMs / 1000).toFixed(1)} s`
      : r.recoveredMs === null
        ? 'não voltou'
        : r.recoveredMs
  console.log(`${r.scenario} | ${r.sent} | ${r.statuses} | ${r.lost} | ${recovered} | ${r.note}`)
}
if (diedDuringChaos && !failed) console.log(`\nO servidor saiu durante o caos. Saída:\n${serverOutput.slice(-4000)}`)
if (mounted) execFileSync('umount', ['-l', disk], { stdio: 'ignore' })
const bad =
  failed ||
  diedDuringChaos ||
  rows.some(
    (r) =>
      (typeof r.lost === 'number' && r.lost > 0) ||
      r.lost === 'servidor saiu' ||
      r.statuses.includes('500') ||
      r.recoveredMs === null,
  )
rmSync(work, { recursive: true, force: true })
process.exit(bad ? 1 : 0)
