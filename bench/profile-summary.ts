// The server's CPU by layer, from a V8 CPU profile taken under load (docs/performance.md, "The floor"):
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
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

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
      // fastify-type-provider-zod's serializer (safeEncode + JSON.stringify), before server/serializer.ts
      (/fastify-type-provider-zod/.test(f.url) && f.lineNumber >= 112),
  ],
  ['validation', (f) => /fastify-type-provider-zod/.test(f.url)],
  ['session check', (f) => /repositories\/sessions|plugins\/auth|@fastify\/jwt|fast-jwt/.test(f.url)],
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

function main(): void {
  const args = process.argv.slice(2)
  const target = args.find((a) => !a.startsWith('--'))
  if (!target) {
    console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile | folder> [--requests=N]')
    process.exit(2)
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
