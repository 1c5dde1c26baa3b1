// `npm run test:dates`: the suites that read the clock, again at chosen instants — a Friday and a Saturday,
// 23:59 and 00:01 in São Paulo (when UTC is already the next day), the last day of a month and of a year —
// so a calendar edge fails in CI and not at the clinic (docs/decisions.md, "Tests").
//
// The PWA's suites pin `Date` at `CLINICA_TEST_NOW` (tests/support/test-clock.ts). The API's suites cannot:
// the server and PostgreSQL read the system clock, so they run under Debian's libfaketime with an offset
// (`faketime`, every child process shares it), starting far enough from midnight that no run crosses it.
import { spawn, spawnSync } from 'node:child_process'

/** The PWA's files whose screens or rules depend on the day (the rest render the same on any date). */
const WEB_FILES = [
  'tests/contract-schemas/',
  'tests/web/home/board.test.tsx',
  'tests/web/home/home.test.tsx',
  'tests/web/confirmations/desk-paper.test.tsx',
  'tests/web/appointments/agenda.test.tsx',
  'tests/web/appointments/agenda-schedule.test.tsx',
  'tests/web/appointments/appointments-create-dates.test.tsx',
  'tests/web/appointments/appointments-quick-dates.test.tsx',
  'tests/web/reports/reports.test.tsx',
  'tests/web/app/offline.test.tsx',
]

/**
 * The API's files whose answers depend on the day: the day's board and moves, the agenda and its kept items
 * (they book days ahead, which fall on a weekend on some weekdays), the contract, the worklist.
 */
const API_FILES = [
  'tests/server/status-day.test.ts',
  'tests/server/agenda-cache.test.ts',
  'tests/server/agenda-item.test.ts',
  'tests/server/agendamentos.test.ts',
  'tests/contract/server.contract.test.ts',
  'tests/dicom/worklist.test.ts',
]

/** Instants for the PWA (pinned: a file runs at exactly this instant). */
const WEB_INSTANTS = [
  // Friday, 23:59 in São Paulo (UTC is already Saturday), the last day of a month and of a year
  { label: 'sexta-feira 31/12 23:59 em São Paulo (sábado 1º em UTC)', at: '2028-01-01T02:59:00Z' },
  // Saturday, 00:01 in São Paulo, the first day of a month and of a year
  { label: 'sábado 1º/1 00:01 em São Paulo', at: '2028-01-01T03:01:00Z' },
]

/** Where the API's run starts (the clock then runs on; it does not reach midnight in a run). */
const API_INSTANTS = [
  // Friday, the last day of a month and of a year, 21:30 in São Paulo (UTC is already Saturday the 1st)
  { label: 'sexta-feira 31/12 21:30 em São Paulo (sábado 1º em UTC)', at: '2028-01-01T00:30:00Z' },
]

interface Run {
  label: string
  command: string
  args: string[]
  env: NodeJS.ProcessEnv
}

/** Runs one instant with its output kept, so that runs side by side print one after the other. */
function start({ label, command, args, env }: Run): Promise<{ label: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.on('error', (error) => resolve({ label, ok: false, output: `${output}\n${String(error)}` }))
    child.on('close', (code) => resolve({ label, ok: code === 0, output }))
  })
}

// `npm test` (scripts/test.sh) runs the whole PWA project with its clock pinned at the first PWA instant, then
// this script with --skip-first-pwa-instant: each PWA instant runs once. --first-pwa-instant prints it. The
// API's files that depend on the day run at the API's instant only: `npm test` leaves them out of its api run.
const flags = process.argv.slice(2)
if (flags.includes('--first-pwa-instant')) {
  console.log(WEB_INSTANTS[0]!.at)
  process.exit(0)
}
// `npm test` leaves these out of its api run: this script runs them at the API's instant (--api-files lists them)
if (flags.includes('--api-files')) {
  console.log(API_FILES.join('\n'))
  process.exit(0)
}
const webInstants = flags.includes('--skip-first-pwa-instant') ? WEB_INSTANTS.slice(1) : WEB_INSTANTS

if (spawnSync('faketime', ['-f', '+0', 'true']).status !== 0) {
  console.error('test:dates: faketime não encontrado. Instale-o com: sudo apt-get install -y faketime')
  process.exit(1)
}

const webRuns: Run[] = webInstants.map(({ label, at }) => ({
  label: `PWA: ${label} (${at})`,
  command: 'npx',
  args: ['vitest', 'run', '--project', 'web*', ...WEB_FILES],
  env: { CLINICA_TEST_NOW: at },
}))
const apiRuns: Run[] = API_INSTANTS.map(({ label, at }) => {
  const offset = Math.round((Date.parse(at) - Date.now()) / 1000)
  return {
    label: `API: ${label} (${at})`,
    command: 'faketime',
    args: ['-f', `${offset >= 0 ? '+' : ''}${offset}`, 'npx', 'vitest', 'run', '--project', 'api', ...API_FILES],
    // timers and timeouts keep the machine's own pace; only the calendar moves
    env: { FAKETIME_DONT_FAKE_MONOTONIC: '1' },
  }
})

// The API's instant waits mostly on PostgreSQL and the PWA's instants mostly on the processor: the API's
// runs beside the PWA's, which run one after the other (two jsdom runs at once would double every wait).
async function inTurn(runs: Run[]) {
  const results = []
  for (const run of runs) {
    const result = await start(run)
    console.log(`== ${result.label}\n${result.output}`)
    results.push(result)
  }
  return results
}
const results = (await Promise.all([inTurn(webRuns), inTurn(apiRuns)])).flat()
const failed = results.filter((r) => !r.ok).map((r) => r.label)

const total = results.length
console.log(`== test:dates: ${total - failed.length} of ${total} instants passed`)
for (const name of failed) console.log(`   failed: ${name}`)
process.exit(failed.length === 0 ? 0 : 1)
