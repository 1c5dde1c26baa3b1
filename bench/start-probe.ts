// Profiling helper (not a bench): what the warm start does before today's board paints, online and offline,
// at the bench's 4× CPU — the requests the page makes (Resource Timing: what, when, from the worker or the
// network), the long tasks and the main thread's busy time (DevTools' Performance.getMetrics) up to the
// paint. None of these depend much on other load, unlike the paint's wall time. Needs bench/tablet-serve.ts
// running: `node --import tsx bench/start-probe.ts INFO [rounds]`.
import { readFileSync } from 'node:fs'
import { exposePaintReports, nextPaint, openSignedInTablet } from './tablet-context'

const [info, roundsText = '3'] = process.argv.slice(2) as [string, string?]
const { url, session } = JSON.parse(readFileSync(info, 'utf8')) as { url: string; session: unknown }

// the bench's paint probe (bench/web.ts), plus the long tasks from the navigation on
const PROBE = `(() => {
  window.__longTasks = []
  try { new PerformanceObserver((l) => window.__longTasks.push(...l.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true }) } catch {}
  const targets = ['ul.board__list li', 'ul.appointment-list li', '#bench-blank']
  const check = () => {
    if (window.__benchPainted !== undefined) return true
    if (!targets.some((s) => document.querySelector(s))) return false
    requestAnimationFrame(() => {
      if (window.__benchPainted !== undefined) return
      window.__benchPainted = performance.now()
      window.__benchPaintReport(window.__benchPainted)
    })
    return true
  }
  const observer = new MutationObserver(() => { if (check()) observer.disconnect() })
  observer.observe(document, { childList: true, subtree: true })
})()`

const { browser, context, page, cdp } = await openSignedInTablet(url, session, { initScripts: [PROBE], cpuThrottle: 4 })
await cdp.send('Performance.enable')
await exposePaintReports(context)
const painted = () => nextPaint(page, 60_000)
await page.goto('/')
await painted()
await page.evaluate(() => navigator.serviceWorker.ready)
await page.reload()
await painted()
await page.waitForTimeout(3000)

const metrics = async () =>
  Object.fromEntries(
    ((await cdp.send('Performance.getMetrics')).metrics as { name: string; value: number }[]).map((m) => [
      m.name,
      m.value,
    ]),
  )

async function round(label: string) {
  await page.goto('/bench-blank.html')
  await painted()
  const before = await metrics()
  await page.goto('/', { waitUntil: 'commit' })
  await painted()
  const after = await metrics()
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __benchPainted: number; __longTasks: [number, number][] }
    const at = w.__benchPainted
    const resources = performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => e.startTime < at)
      .map(
        (e) =>
          `${e.startTime.toFixed(0)}→${e.responseEnd.toFixed(0)} ${e.initiatorType} ${new URL(e.name).pathname}${e.workerStart ? ' (sw)' : ''}`,
      )
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    return {
      at,
      domContentLoaded: nav.domContentLoadedEventEnd,
      resources,
      longTasks: w.__longTasks.filter(([s]) => s < at).map(([s, d]) => `${s.toFixed(0)}+${d.toFixed(0)}`),
    }
  })
  const d = (k: string) => ((after[k]! - before[k]!) * 1000).toFixed(0)
  console.log(
    `${label}: painted ${seen.at.toFixed(0)} ms (DCL ${seen.domContentLoaded.toFixed(0)}); main thread: tasks ${d('TaskDuration')} ms, script ${d('ScriptDuration')}, layout ${d('LayoutDuration')}, style ${d('RecalcStyleDuration')}, thread CPU ${d('ThreadTime')}\n` +
      `  long tasks before paint: ${seen.longTasks.join(', ') || 'none'}\n  requests before paint:\n    ${seen.resources.join('\n    ')}`,
  )
}
const rounds = Number(roundsText)
for (let i = 0; i < rounds; i++) await round(`online ${i + 1}`)
await context.setOffline(true)
for (let i = 0; i < rounds; i++) await round(`offline ${i + 1}`)
await browser.close()
