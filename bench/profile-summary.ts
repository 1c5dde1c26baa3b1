// The server's CPU by layer, from perf's recordings of the loaded runs (on-CPU samples: the figures to use)
// or from a V8 CPU profile taken under load (wall-time samples: see bench/perf-record.ts for what they
// overcharge). Why, and what it found:
// bench/journal/2026-11-26-cpu-by-layer.md, "Where the CPU goes, on the CPU"; the floor it compares with:
// bench/journal/2026-11-24-issue-18-floor.md, "The floor".
//
//   npm run bench -- --only=day --no-reference --attempts=1 --perf=/tmp/perf
//   node --import tsx bench/profile-summary.ts /tmp/perf/day-server.data /tmp/perf/day-floor.data [--merge]
//     [--detail='pg driver']   (that layer's largest leaf frames, side by side)
//
//   BENCH_SERVER_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench -- --only=day --no-reference --no-write
//   node --import tsx bench/profile-summary.ts /tmp/prof [--requests=N] [--skip=S]
//
// Each sample is charged to the nearest frame on its stack that belongs to a layer the floor does not
// have (the session check, validation, serialization, compression); what is left goes by the package of
// the sample's own frame (pg and drizzle, Fastify, Node's http, the GC…). With --requests (the scenario's
// request count, printed by the bench), each layer is also given in µs per request. With --skip, the first S
// seconds of each profile are left out: the server's start (migrations, the backup tools' probes, module
// loading), which would otherwise be charged to Node's own layers.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { readPerfSamples, type NativeFrame, type PerfSample } from './perf-script'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

/** The layers the floor does not have, matched on any frame of the stack (closest to the sample first). */
const LAYERS: [string, (f: CallFrame) => boolean][] = [
  ['start-up (module loading)', (f) => /^node:internal\/modules|tsx\/dist/.test(f.url)],
  // zlib itself; @fastify/compress's onSend hook also sends the answer (the socket write the floor has
  // too), so its own frames count only as the sample's leaf (below)
  ['compression', (f) => /node:zlib|zlib\.js/.test(f.url) || /brotli|gzip/i.test(f.functionName)],
  [
    'serialization',
    (f) =>
      /server\/serializer|fast-json-stringify/.test(f.url) ||
      // fastify-type-provider-zod's serializer (safeEncode + JSON.stringify), before server/http/serializer.ts
      (/fastify-type-provider-zod/.test(f.url) && f.lineNumber >= 112),
  ],
  ['validation', (f) => /fastify-type-provider-zod/.test(f.url)],
  // the token and the session's own query; not arrayRowsInSession, which runs the call's statement (the session
  // is a column of it:
  // bench/journal/2026-11-26-session-check-in-statement.md, "The session check in the call's statement")
  [
    'session check',
    (f) =>
      /plugins\/(auth|session-check)|@fastify\/jwt|fast-jwt/.test(f.url) ||
      (/repositories\/sessions/.test(f.url) && f.functionName !== 'arrayRowsInSession'),
  ],
]

/** Everything else, by the sample's own frame. */
const PACKAGES: [string, RegExp][] = [
  ['compression', /@fastify\/compress/],
  ['zod (elsewhere)', /node_modules\/zod\//],
  ['pg driver', /node_modules\/pg(-protocol|-types|-pool)?\//],
  ['drizzle', /drizzle-orm/],
  ['repositories (rows → answers)', /server\/repositories/],
  ['routes', /server\/routes/],
  ['fastify', /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify)\b/],
  ['logger', /pino/],
  ['start-up (module loading)', /^node:internal\/(modules|bootstrap)|tsx\/dist|cjs-module-lexer/],
  ['node http & net', /^node:/],
  ['other JS', /./],
]

function categoryOf(stack: CallFrame[]): string {
  for (const frame of stack) for (const [layer, test] of LAYERS) if (test(frame)) return layer
  const leaf = stack[0]!
  if (leaf.url === '') {
    if (/garbage collector/.test(leaf.functionName)) return 'GC'
    if (/\(program\)|\(idle\)|\(root\)/.test(leaf.functionName)) return leaf.functionName
    // a builtin (JSON.parse, a regexp, …): charged to the closest frame with a file
    const owner = stack.find((f) => f.url !== '')
    if (!owner) return 'native'
    return `${categoryOf([owner])} (native)`
  }
  return PACKAGES.find(([, re]) => re.test(leaf.url))![0]
}

export function summarise(profile: Profile, skipUs = 0): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const category = new Map<number, string>()
  const totals = new Map<string, number>()
  let elapsed = 0
  profile.samples.forEach((id, i) => {
    elapsed += profile.timeDeltas[i] ?? 0
    if (elapsed < skipUs) return
    let name = category.get(id)
    if (name === undefined) {
      const stack: CallFrame[] = []
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame)
      category.set(id, (name = categoryOf(stack)))
    }
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  return totals
}

// ---------------------------------------------------------------------------------------------------
// perf's recordings (bench/perf-record.ts): on-CPU samples of every thread, kernel and C++ frames included

const GC_FRAME =
  /v8::internal::(Heap|Scavenger|MarkCompact|MinorMarkSweep|Sweeper|IncrementalMarking|ConcurrentMarking|GCTracer|MemoryAllocator)/
const COMPILER_FRAME =
  /v8::internal::(Compiler|compiler::|maglev::|baseline::|Parser|Parse|Runtime_CompileLazy)|Builtins_CompileLazy/

/** A perf sample's layer: the same layers as the V8 profiles', plus where the native time goes. */
export function categoryOfNative(thread: PerfSample['thread'], stack: NativeFrame[]): string {
  if (thread === 'child') return CHILDREN
  if (thread === 'helper') return "V8's and libuv's threads (GC, compiler)"
  const js = stack.filter((f) => f.where === 'js')
  // No module loads during a loaded run: a start-up frame there is a stale name from perf's map (V8 put new
  // code where freed code was), so that layer is not looked for on the stack.
  for (const frame of js)
    for (const [layer, test] of LAYERS) if (layer !== 'start-up (module loading)' && test(frame)) return layer
  const firstJs = stack.findIndex((f) => f.where === 'js')
  const native = firstJs < 0 ? stack : stack.slice(0, firstJs)
  if (native.some((f) => GC_FRAME.test(f.functionName))) return 'GC'
  if (native.some((f) => COMPILER_FRAME.test(f.functionName))) return 'V8 compiler (main thread)'
  const leaf = stack[0]!
  // a socket's time goes to whoever owns the socket: the driver's queries, or Node's http for the answers
  const owner = js.find((f) => /node_modules\/pg/.test(f.url)) ?? js[0]
  const packageOf = (f: NativeFrame) => PACKAGES.find(([, re]) => re.test(f.url))![0]
  if (leaf.where === 'js') return packageOf(leaf)
  const suffix = leaf.where === 'kernel' ? ' (kernel)' : ' (native)'
  return owner ? `${packageOf(owner)}${suffix}` : `event loop${suffix}`
}

/** A process the recorded one started (perf follows children): not in its CPU per request, shown apart. */
const CHILDREN = 'processes it started (not counted)'

interface PerfSummary {
  totals: Map<string, number>
  requests: number
  /** --detail: the µs of each leaf frame of the samples in that layer. */
  leaves: Map<string, number>
}

/** A sample's own frame, as --detail lists it: a JS function with its file, or a native symbol. */
function leafName(frame: NativeFrame): string {
  if (frame.where !== 'js') return `${frame.functionName} [${frame.where}]`
  const file = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(server|bench)\//, '$1/')
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`
}

/**
 * µs by layer of a recording, with its request count and process (NAME.json, written beside it by the bench);
 * with `detail`, the leaf frames of the samples whose layer (merged or not, as the table shows it) it is.
 */
async function summarisePerf(data: string, detail: string | undefined, merge: boolean): Promise<PerfSummary> {
  const info = data.replace(/\.data$/, '.json')
  if (!existsSync(info)) throw new Error(`${info} is missing: record with npm run bench -- --perf=DIR`)
  const { requests, pid } = JSON.parse(readFileSync(info, 'utf8')) as { requests: number; pid: number }
  const totals = new Map<string, number>()
  const leaves = new Map<string, number>()
  await readPerfSamples(data, pid, ({ thread, us, stack }) => {
    const name = categoryOfNative(thread, stack)
    totals.set(name, (totals.get(name) ?? 0) + us)
    if (detail !== undefined && (merge ? merged(name) : name) === detail) {
      const leaf = leafName(stack[0]!)
      leaves.set(leaf, (leaves.get(leaf) ?? 0) + us)
    }
  })
  return { totals, requests, leaves }
}

/** --merge: each layer with its native and kernel time, and V8's collector and compiler on every thread as one. */
function merged(name: string): string {
  if (name === 'GC' || name.startsWith('V8')) return 'GC and compiler (every thread)'
  return name.replace(/ \((native|kernel)\)$/, '')
}

/**
 * One column per recording (the server's and the floor's, say): each layer's µs per request; with `detail`
 * (a layer's name as the table shows it), that layer's 30 largest leaf frames after the table.
 */
async function mainPerf(files: string[], merge: boolean, detail?: string): Promise<void> {
  const runs = await Promise.all(files.map((file) => summarisePerf(file, detail, merge)))
  if (merge)
    for (const run of runs) {
      const totals = new Map<string, number>()
      for (const [name, us] of run.totals) totals.set(merged(name), (totals.get(merged(name)) ?? 0) + us)
      run.totals = totals
    }
  const layers = new Map<string, number>()
  for (const { totals } of runs)
    for (const [name, us] of totals) if (name !== CHILDREN) layers.set(name, (layers.get(name) ?? 0) + us)
  const width = Math.max(12, ...files.map((f) => basename(f, '.data').length + 2))
  const perRequest = (us: number, requests: number) => `${(us / requests).toFixed(1)} µs`.padStart(width)
  const row = (name: string, cells: string[]) => console.log(`${name.padEnd(44)}${cells.join('')}`)
  row(
    'layer (on-CPU samples)',
    files.map((f) => basename(f, '.data').padStart(width)),
  )
  for (const [name] of [...layers].sort((a, b) => b[1] - a[1]))
    row(
      name,
      runs.map((run) => perRequest(run.totals.get(name) ?? 0, run.requests)),
    )
  const counted = (run: (typeof runs)[number]) =>
    [...run.totals].filter(([name]) => name !== CHILDREN).reduce((sum, [, us]) => sum + us, 0)
  row(
    'total (the process, every thread)',
    runs.map((run) => perRequest(counted(run), run.requests)),
  )
  if (runs.some((run) => run.totals.has(CHILDREN)))
    row(
      CHILDREN,
      runs.map((run) => perRequest(run.totals.get(CHILDREN) ?? 0, run.requests)),
    )
  if (detail === undefined) return
  console.log(`\n${detail}: its leaf frames`)
  const leaves = new Map<string, number>()
  for (const run of runs)
    for (const [leaf, us] of run.leaves) leaves.set(leaf, (leaves.get(leaf) ?? 0) + us / run.requests)
  for (const [leaf] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(
      `${runs.map((run) => perRequest(run.leaves.get(leaf) ?? 0, run.requests)).join('')}  ${leaf.slice(0, 110)}`,
    )
}

function main(): void {
  const args = process.argv.slice(2)
  const target = args.find((a) => !a.startsWith('--'))
  if (!target) {
    console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile | folder | recording.data…> [--requests=N]')
    process.exit(2)
  }
  const recordings = args.filter((a) => a.endsWith('.data'))
  if (recordings.length > 0) {
    void mainPerf(
      recordings,
      args.includes('--merge'),
      args.find((a) => a.startsWith('--detail='))?.slice('--detail='.length),
    )
    return
  }
  const requests = Number(args.find((a) => a.startsWith('--requests='))?.slice(11) ?? NaN)
  const skipUs = Number(args.find((a) => a.startsWith('--skip='))?.slice(7) ?? 0) * 1e6
  const files = statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(target, f))
    : [target]
  const totals = new Map<string, number>()
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
    for (const [name, us] of summarise(profile, skipUs)) totals.set(name, (totals.get(name) ?? 0) + us)
  }
  for (const idle of ['(idle)', '(program)', '(root)', 'start-up (module loading)']) totals.delete(idle)
  const busy = [...totals.values()].reduce((a, b) => a + b, 0)
  console.log(`${files.length} profile(s), ${(busy / 1000).toFixed(0)} ms of CPU on the main thread\n`)
  for (const [name, us] of [...totals].sort((a, b) => b[1] - a[1])) {
    const perRequest = Number.isFinite(requests) ? `  ${(us / requests).toFixed(0).padStart(6)} µs/req` : ''
    console.log(`${name.padEnd(34)} ${((us / busy) * 100).toFixed(1).padStart(5)} %${perRequest}`)
  }
}

if (process.argv[1]?.endsWith('profile-summary.ts')) main()
