// Profiling helper (not a bench): traces what the tablet (4× CPU) does on a keystroke with 1,000 patient rows,
// on an append, and on the offline start. Needs bench/tablet-serve.ts running. Prints the long tasks with a
// breakdown and the JS self time by function.
import { readFileSync, writeFileSync } from 'node:fs'
import type { CDPSession } from 'playwright-core'
import { openSignedInTablet } from './tablet-context'

const [info, mode = 'list', rowsWanted = '1000'] = process.argv.slice(2) as [string, string?, string?]
const { url, session } = JSON.parse(readFileSync(info, 'utf8')) as { url: string; session: unknown }

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  args?: Record<string, unknown>
  tid: number
  pid: number
  cat: string
}

async function traced<T>(cdp: CDPSession, run: () => Promise<T>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])))
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,blink.user_timing,toplevel',
    transferMode: 'ReportEvents',
  })
  const profiling = process.env.JS_PROFILE === '1'
  if (profiling) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  await run()
  const profile = profiling ? (await cdp.send('Profiler.stop')).profile : { nodes: [] }
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()))
  await cdp.send('Tracing.end')
  await done
  summariseProfile(profile)
  return events
}

function summariseProfile(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[]
  samples?: number[]
  timeDeltas?: number[]
}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) {
    const n = byId.get(samples[i]!)!
    const f = n.callFrame
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
  }
  const byFile = new Map<string, number>()
  for (let i = 0; i < samples.length; i++) {
    const f = byId.get(samples[i]!)!.callFrame
    const file = f.url.split('/').pop() || f.functionName
    byFile.set(file, (byFile.get(file) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
  }
  console.log(
    'JS self time by file (ms):',
    [...byFile]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', '),
  )
  writeFileSync('/tmp/wt-tablet/profile.json', JSON.stringify(profile))
  const top = [...self]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
  console.log('JS self time (ms):')
  for (const [k, v] of top) console.log(`  ${v.toFixed(1).padStart(7)}  ${k}`)
}

const KINDS = [
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'ParseHTML',
  'MajorGC',
  'MinorGC',
  'FireAnimationFrame',
  'HitTest',
  'ParseAuthorStyleSheet',
  'IntersectionObserverController::computeIntersections',
]

function summariseTrace(events: TraceEvent[], label: string, threshold = 30) {
  const main = events.find((e) => e.name === 'TracingStartedInBrowser') ? undefined : undefined
  void main
  // the renderer main thread: the one with the most RunTask time among those with Layout events
  const layoutTids = new Set(
    events.filter((e) => e.name === 'Layout' || e.name === 'FunctionCall').map((e) => `${e.pid}:${e.tid}`),
  )
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && layoutTids.has(`${e.pid}:${e.tid}`))
  const long = tasks.filter((t) => (t.dur ?? 0) / 1000 >= threshold).sort((a, b) => a.ts - b.ts)
  const t0 = Math.min(...tasks.map((t) => t.ts))
  console.log(`${label}: ${tasks.length} tasks, ${long.length} ≥ ${threshold} ms`)
  for (const t of long) {
    const inside = events.filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === t.pid &&
        e.tid === t.tid &&
        e.ts >= t.ts &&
        e.ts + (e.dur ?? 0) <= t.ts + t.dur! &&
        KINDS.includes(e.name),
    )
    const sum = new Map<string, number>()
    for (const e of inside) sum.set(e.name, (sum.get(e.name) ?? 0) + (e.dur ?? 0) / 1000)
    const parts = [...sum]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')
    console.log(`  @${((t.ts - t0) / 1000).toFixed(0)} ms: ${(t.dur! / 1000).toFixed(0)} ms — ${parts}`)
  }
}

/** Thread CPU time (tdur) on the renderer's main thread, by kind, and the big style/layout passes. */
function cpuSummary(events: TraceEvent[], label: string) {
  const mainTids = new Set(events.filter((e) => e.name === 'Layout').map((e) => `${e.pid}:${e.tid}`))
  const onMain = events.filter((e) => e.ph === 'X' && mainTids.has(`${e.pid}:${e.tid}`))
  const nav = events.find(
    (e) => e.name === 'ResourceSendRequest' && (e.args?.data as { resourceType?: string })?.resourceType === 'Document',
  )?.ts
  const lcp = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && nav !== undefined && e.ts >= nav)
    .at(-1)?.ts
  if (nav !== undefined && lcp !== undefined) {
    const before = onMain.filter((e) => e.name === 'RunTask' && e.ts >= nav && e.ts < lcp)
    const cpu = before.reduce((a, e) => a + (e.tdur ?? 0), 0) / 1000
    console.log(
      `${label}: navigation → last LCP candidate ${((lcp - nav) / 1000).toFixed(0)} ms, main-thread CPU before it ${cpu.toFixed(0)} ms`,
    )
  }
  const total = onMain.filter((e) => e.name === 'RunTask').reduce((a, e) => a + (e.tdur ?? 0), 0) / 1000
  const sum = new Map<string, number>()
  for (const e of onMain) if (KINDS.includes(e.name)) sum.set(e.name, (sum.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000)
  console.log(
    `${label}: main thread CPU ${total.toFixed(0)} ms — ${[...sum]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')}`,
  )
  for (const e of onMain)
    if ((e.name === 'UpdateLayoutTree' || e.name === 'Layout') && (e.tdur ?? 0) > 2000)
      console.log(
        `   ${e.name} cpu ${((e.tdur ?? 0) / 1000).toFixed(1)} ms wall ${((e.dur ?? 0) / 1000).toFixed(1)} ms ${JSON.stringify(e.args).match(/elementCount":\d+|dirtyObjects":\d+/)?.[0] ?? ''}`,
      )
}

const { browser, context, page, cdp } = await openSignedInTablet(url, session, { cpuThrottle: 4 })

if (mode === 'list') {
  await page.goto('/pacientes')
  const count = () => page.evaluate(() => document.querySelectorAll('table.data-table tbody tr').length)
  await page.waitForFunction(() => document.querySelectorAll('table.data-table tbody tr').length >= 20)
  const button = page.getByRole('button', { name: 'Carregar Mais' })
  const want = Number(rowsWanted)
  while ((await count()) < want - 20) {
    const n = await count()
    await button.click()
    await page.waitForFunction((m) => document.querySelectorAll('table.data-table tbody tr').length > m, n)
  }
  await page.waitForTimeout(300)
  const appendEvents = await traced(cdp, async () => {
    const n = await count()
    await button.click()
    await page.waitForFunction((m) => document.querySelectorAll('table.data-table tbody tr').length > m, n)
    await page.waitForTimeout(300)
  })
  summariseTrace(appendEvents, `append to ${await count()} rows`, 16)
  await page.evaluate(() => {
    const w = window as unknown as { __events: PerformanceEventTiming[] }
    w.__events = []
    new PerformanceObserver((list) => w.__events.push(...(list.getEntries() as PerformanceEventTiming[]))).observe({
      type: 'event',
      durationThreshold: 16,
    } as PerformanceObserverInit)
  })
  const search = page.getByLabel('Buscar paciente')
  await search.click()
  const typeEvents = await traced(cdp, async () => {
    for (const key of 'maria') {
      await page.keyboard.type(key)
      await page.waitForTimeout(120)
    }
    await page.waitForTimeout(1500)
  })
  writeFileSync('/tmp/wt-tablet/typing-trace.json', JSON.stringify(typeEvents))
  summariseTrace(typeEvents, 'typing maria', 16)
  const timings = await page.evaluate(() =>
    (window as unknown as { __events: PerformanceEventTiming[] }).__events.map(
      (e) =>
        `${e.name} ${e.duration} (processing ${(e.processingEnd - e.processingStart).toFixed(0)}, delay ${(e.processingStart - e.startTime).toFixed(0)})`,
    ),
  )
  console.log('event timing:', timings.join('; '))
} else {
  await page.goto('/')
  await page.waitForSelector('ul.board__list li')
  await page.evaluate(async () => void (await navigator.serviceWorker.ready))
  await page.reload()
  await page.waitForSelector('ul.board__list li')
  await page.waitForTimeout(2500)
  await context.setOffline(true)
  for (let i = 0; i < 2; i++) {
    await page.goto('/bench-blank.html')
    const ev = await traced(cdp, async () => {
      await page.goto('/', { waitUntil: 'commit' })
      await page.waitForSelector('ul.board__list li')
      await page.waitForTimeout(200)
    })
    writeFileSync(`/tmp/wt-tablet/offline-trace-${i}.json`, JSON.stringify(ev))
    cpuSummary(ev, `offline start ${i}`)
  }
}
await browser.close()
