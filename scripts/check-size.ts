// The front end's size budget, checked on a built PWA (`vite build` first; `npm run size` does both):
//
//   initial JS  ≤ 130 KiB gzip: what index.html loads (its module script) or modulepreloads, and every
//               chunk those import statically — all of it is downloaded before the first route renders.
//   each chunk loaded later (a route's own chunk, or a chunk shared by routes) ≤ 30 KiB gzip.
//   no zod in the initial JS, nor in what today's board (the home route) imports statically.
//   today's board ≤ 16 KiB gzip: its chunk and what it imports statically beyond the initial JS — the code
//               its first paint waits for; what only a press needs (dialogs, the entry's panel) loads then.
//
// Sizes are gzip at zlib's default level (6, as a web server compresses on the fly). Prints a table,
// exits 1 when over budget, 2 when there is no build.
// Usage: tsx scripts/check-size.ts [dist-folder] [--write-results (a section of bench/RESULTS.md)]
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

export const INITIAL_BUDGET_KIB = 130
export const CHUNK_BUDGET_KIB = 30
/** Today's board's code beyond the initial JS (bench/journal/2026-11-28-start-harness.md). */
export const BOARD_BUDGET_KIB = 16
/** zod's chunk (vite.config.ts puts zod in a chunk of its own). */
export const ZOD_CHUNK = /(^|\/)zod-[\w-]+\.js$/
/**
 * Today's board ('/'), the page a tablet starts on, offline too: its chunk and what it imports statically
 * must not bring zod, whose evaluation and the contract's schemas built on it came before the board's first
 * paint (bench/journal/2026-11-24-mid-range-tablet-second-round.md, "Offline start without zod").
 */
export const BOARD_ROUTE = /(^|\/)home-page-[\w-]+\.js$/

export interface ChunkSize {
  file: string
  raw: number
  gzip: number
}

export interface SizeReport {
  initial: ChunkSize[]
  initialGzip: number
  /** Chunks loaded after the first script: by dynamic import (routes) or statically by those. */
  later: ChunkSize[]
  /** Each dynamically imported chunk with what it brings that is not initial (itself included). */
  routes: { file: string; chunks: string[]; gzip: number }[]
  problems: string[]
}

const kib = (bytes: number) => bytes / 1024
const fmt = (bytes: number) => `${kib(bytes).toFixed(2)} KiB`

/** `/assets/x.js` of index.html → `assets/x.js`. */
function assetPath(url: string): string {
  return url.replace(/^\.?\//, '')
}

/** The relative JS imports of a built chunk: static (`import … from "./x.js"`, `import "./x.js"`) and dynamic. */
export function importsOf(code: string): { static: string[]; dynamic: string[] } {
  const statics = new Set<string>()
  const dynamics = new Set<string>()
  // import{a as b}from"./x.js"  |  import"./x.js"  |  export{…}from"./x.js"
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g))
    statics.add(m[1]!)
  // import("./x.js") — minifiers may write the specifier as a template literal
  for (const m of code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`$]+\.js)["'`]\s*\)/g)) dynamics.add(m[1]!)
  return { static: [...statics], dynamic: [...dynamics] }
}

export function measure(distDir: string): SizeReport {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const roots = new Set<string>()
  for (const m of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g))
    roots.add(assetPath(m[1]!))
  for (const m of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g))
    roots.add(assetPath(m[1]!))
  for (const m of html.matchAll(/<link\b[^>]*\bhref=["']([^"']+)["'][^>]*\brel=["']modulepreload["']/g))
    roots.add(assetPath(m[1]!))
  // a classic script (nomodule / no type) is initial too
  for (const m of html.matchAll(/<script\b(?![^>]*\btype=["']module["'])[^>]*\bsrc=["']([^"']+)["']/g))
    roots.add(assetPath(m[1]!))

  const sizes = new Map<string, ChunkSize>()
  const graph = new Map<string, { static: string[]; dynamic: string[] }>()
  const load = (file: string) => {
    if (sizes.has(file)) return
    const path = join(distDir, file)
    if (!existsSync(path)) throw new Error(`${file} (referenced by the build) is missing from ${distDir}`)
    const code = readFileSync(path)
    sizes.set(file, { file, raw: code.length, gzip: gzipSync(code).length })
    const rel = importsOf(code.toString('utf8'))
    const dir = posix.dirname(file)
    graph.set(file, {
      static: rel.static.map((p) => posix.normalize(posix.join(dir, p))),
      dynamic: rel.dynamic.map((p) => posix.normalize(posix.join(dir, p))),
    })
  }
  const closure = (starts: Iterable<string>, stopAt = new Set<string>()) => {
    const seen = new Set<string>()
    const stack = [...starts]
    while (stack.length > 0) {
      const file = stack.pop()!
      if (seen.has(file) || stopAt.has(file)) continue
      seen.add(file)
      load(file)
      stack.push(...graph.get(file)!.static)
    }
    return seen
  }

  const initialSet = closure([...roots].filter((f) => f.endsWith('.js')))
  const initial = [...initialSet].map((f) => sizes.get(f)!)
  const initialGzip = initial.reduce((sum, c) => sum + c.gzip, 0)

  // Every chunk reachable later: dynamic imports from anything loaded, and their static closures.
  const routes: SizeReport['routes'] = []
  const laterSet = new Set<string>()
  const pending = [...initialSet]
  const visited = new Set<string>()
  while (pending.length > 0) {
    const file = pending.pop()!
    if (visited.has(file)) continue
    visited.add(file)
    load(file)
    for (const target of graph.get(file)!.dynamic) {
      if (initialSet.has(target) || routes.some((r) => r.file === target)) continue
      const chunks = [...closure([target], initialSet)]
      routes.push({ file: target, chunks, gzip: chunks.reduce((sum, f) => sum + sizes.get(f)!.gzip, 0) })
      for (const c of chunks) {
        laterSet.add(c)
        pending.push(c)
      }
    }
    for (const s of graph.get(file)!.static) pending.push(s)
  }
  // JS files of the build that nothing above reaches (e.g. loaded by the service worker) are not page JS.
  const later = [...laterSet].map((f) => sizes.get(f)!).sort((a, b) => b.gzip - a.gzip)

  const problems: string[] = []
  if (initial.length === 0) problems.push('index.html loads no module script: is this a Vite build?')
  if (kib(initialGzip) > INITIAL_BUDGET_KIB) problems.push(`initial JS ${fmt(initialGzip)} > ${INITIAL_BUDGET_KIB} KiB`)
  for (const c of later)
    if (kib(c.gzip) > CHUNK_BUDGET_KIB) problems.push(`${c.file} ${fmt(c.gzip)} > ${CHUNK_BUDGET_KIB} KiB`)
  for (const file of initialSet)
    if (ZOD_CHUNK.test(file)) problems.push(`zod (${file}) is initial JS: the first screen must not wait for it`)
  const board = routes.find((r) => BOARD_ROUTE.test(r.file))
  if (board === undefined) problems.push("no chunk of today's board (home-page-*.js) is loaded lazily")
  for (const file of board?.chunks ?? [])
    if (ZOD_CHUNK.test(file)) problems.push(`today's board loads zod (${file}) before its first paint`)
  if (board && kib(board.gzip) > BOARD_BUDGET_KIB)
    problems.push(`today's board loads ${fmt(board.gzip)} before its first paint > ${BOARD_BUDGET_KIB} KiB`)
  routes.sort((a, b) => b.gzip - a.gzip)
  return { initial: initial.sort((a, b) => b.gzip - a.gzip), initialGzip, later, routes, problems }
}

function printReport(report: SizeReport, distDir: string): void {
  const rows: string[][] = [['', 'file', 'raw', 'gzip', 'budget']]
  for (const c of report.initial) rows.push(['initial', c.file, fmt(c.raw), fmt(c.gzip), ''])
  rows.push([
    'initial',
    '(total)',
    fmt(report.initial.reduce((s, c) => s + c.raw, 0)),
    fmt(report.initialGzip),
    `≤ ${INITIAL_BUDGET_KIB} KiB`,
  ])
  for (const c of report.later) {
    const over = kib(c.gzip) > CHUNK_BUDGET_KIB ? '  OVER' : ''
    rows.push(['later', c.file, fmt(c.raw), fmt(c.gzip), `≤ ${CHUNK_BUDGET_KIB} KiB${over}`])
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) =>
    r.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ')
  console.log(`JS of ${distDir} (gzip level 6)\n`)
  console.log(line(rows[0]!))
  for (const r of rows.slice(1)) console.log(line(r))
  console.log('\nwhat each lazy import adds on top of the initial JS:')
  for (const r of report.routes)
    console.log(
      `  ${fmt(r.gzip).padStart(10)}  ${r.file}${r.chunks.length > 1 ? ` (+ ${r.chunks.length - 1} shared)` : ''}`,
    )
}

/** The report as a section of bench/RESULTS.md (`--write-results`), with the machine it was measured on. */
async function writeResults(report: SizeReport): Promise<void> {
  const { describeMachine, machine, table, writeResultsSection } = await import('../bench/support')
  const rows = [
    ...report.initial.map((c) => ['initial', c.file.replace(/-[\w-]{8}\.js$/, '.js'), fmt(c.raw), fmt(c.gzip)]),
    ['initial', '**total**', fmt(report.initial.reduce((s, c) => s + c.raw, 0)), `**${fmt(report.initialGzip)}**`],
    ...report.later.slice(0, 6).map((c) => ['later', c.file.replace(/-[\w-]{8}\.js$/, '.js'), fmt(c.raw), fmt(c.gzip)]),
  ]
  const text = [
    '## Size budget (`npm run size`)',
    '',
    `Machine: ${describeMachine(machine())}. gzip level 6. Budget: initial JS ≤ ${INITIAL_BUDGET_KIB} KiB, each later chunk ≤ ${CHUNK_BUDGET_KIB} KiB.`,
    '',
    table(['', 'file', 'raw', 'gzip'], rows, 2),
    '',
    report.problems.length ? `Over budget: ${report.problems.join('; ')}.` : 'Within budget.',
  ].join('\n')
  writeResultsSection('size', text)
}

function main(): void {
  const args = process.argv.slice(2)
  const distDir = resolve(args.find((a) => !a.startsWith('--')) ?? 'dist')
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(join(distDir, 'assets'))) {
    console.error(`No build in ${distDir}: run \`npm run build\` first (npm run size does).`)
    process.exit(2)
  }
  const report = measure(distDir)
  const unreached = readdirSync(join(distDir, 'assets')).filter(
    (f) =>
      f.endsWith('.js') &&
      !report.initial.some((c) => c.file === `assets/${f}`) &&
      !report.later.some((c) => c.file === `assets/${f}`),
  )
  printReport(report, distDir)
  if (unreached.length > 0) console.log(`\nnot loaded by the page (ignored): ${unreached.join(', ')}`)
  if (args.includes('--write-results')) void writeResults(report).then(() => finish(report))
  else finish(report)
}

function finish(report: SizeReport): void {
  if (report.problems.length > 0) {
    console.error(`\nOver budget, or zod before the board:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`)
    process.exit(1)
  }
  console.log(
    `\nWithin budget: initial ${fmt(report.initialGzip)} ≤ ${INITIAL_BUDGET_KIB} KiB; every later chunk ≤ ${CHUNK_BUDGET_KIB} KiB.`,
  )
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('check-size.ts')) main()
