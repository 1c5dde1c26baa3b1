// `npm run bench:web` — the PWA in Debian's Chromium, against the REAL server (child process) on a
// throwaway embedded database with the bench's data (bench/seed.ts: 3,000 patients, 30 days of
// appointments, 280 a day, 20 doctors):
//
// 1. Lighthouse 13 (mobile emulation, simulated throttling — its defaults) on /login and on every main page signed
//    in (LIGHTHOUSE_PAGES; the session put into localStorage 'clinica.session' as the PWA keeps it, from POST
//    /api/users/session).
//    Targets: performance ≥ 98, accessibility 100, best practices 100. Median of --runs (default 3).
// 2. Offline start: once the service worker and IndexedDB are warm, the browser goes offline; the time from
//    navigation to today's list painted (from the worker's precache and the IndexedDB cache) is compared with
//    a blank page served by the same worker, in the same run. Target: ratio ≤ 1.5.
// 3. Long lists: 'Carregar Mais' on /pacientes up to 1,000 rows, long tasks (> 50 ms) per append, then
//    typing in the search box with the 1,000 rows on screen (Event Timing: input to next paint).
//
// The PWA is built for the bench into a temporary folder (dist/ is left alone) with one extra precached
// file, bench-blank.html (the blank page of 2.). Results go to the web section of bench/RESULTS.md.
// Options: --runs=N (Lighthouse runs per page), --quick (1 run, 300 rows), --no-write,
// --only=lighthouse|offline|list|panel|live (comma-separated), --pages=/,/pacientes (Lighthouse on these pages only),
// --save-lhr=DIR (each Lighthouse report as JSON). A partial run (--only, --pages) is printed, never written.
import { execSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'
import { exposePaintReports, nextPaint } from './tablet-context'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import pg from 'pg'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { build, type Plugin } from 'vite'
import { PAGE_SIZE } from '@contract'
import { seedBulk } from './seed'
import {
  describeMachine,
  embeddedDatabase,
  machine,
  repoRoot,
  signIn,
  startServer,
  table,
  writeResultsSection,
  type RunningServer,
} from './support'
// issue 38: 'Chamar' → the TV panel; a change on one tablet → the other board
import { panelCall, panelCallSection } from './web-panel-call'
import { liveBoardLatency } from './web-live-board'

const args = process.argv.slice(2)
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const quick = args.includes('--quick')
const only = option('only')?.split(',')
const pages = option('pages')?.split(',')
const config = {
  runs: Number(option('runs') ?? (quick ? 1 : 3)),
  longListRows: quick ? 300 : 1_000,
  offlineRounds: Number(option('rounds') ?? (quick ? 3 : 7)),
  /**
   * A commit whose PWA is built beside the working tree's and measured in the same run (offline and online
   * start only), so that a regression shows as a same-run ratio on a shared, noisy machine.
   */
  reference: option('reference'),
  only,
  pages,
  /** Each Lighthouse report as JSON into this folder. */
  saveLhr: option('save-lhr'),
  // a partial run (--only, --pages) would replace the whole web section and lose what it left out
  write: !args.includes('--no-write') && !quick && !only && !pages,
  /** A mid-range tablet (issue #18): Chromium's CPU slowed N× (DevTools' Emulation.setCPUThrottlingRate). */
  cpuThrottle: Number(option('cpu-throttle') ?? 1),
  /** The online loads over a slow network: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
  slowNetwork: args.includes('--slow-network'),
}

export const CHROMIUM = CHROMIUM_PATH
// chrome-launcher starts Chromium itself: headless is one of its flags
export const CHROMIUM_FLAGS = ['--headless', ...CHROMIUM_ARGS]
const SESSION_KEY = 'clinica.session'

export const TARGETS = {
  /** /login and / signed in: the project's own target from the first day (docs/performance.md, "Targets") */
  performance: 98,
  /** every other main page (issue #18) */
  performanceOtherPages: 95,
  accessibility: 100,
  bestPractices: 100,
  offlineRatio: 1.5,
  longTaskMs: 50,
}
/** How a page is named in the report. */
const pageLabel = (path: string) => (path === '/' ? '/ (signed in)' : path)
const STRICT_PAGES = ['/login', '/'].map(pageLabel)
const performanceTarget = (label: string) =>
  STRICT_PAGES.includes(label) ? TARGETS.performance : TARGETS.performanceOtherPages

/**
 * Every main page of src/app/router.tsx (issue #18: Lighthouse mobile ≥ 95 on each); all but /login signed in as
 * the administrator (who sees every page; 'Minha agenda' shows its no-doctor-linked state).
 */
export const LIGHTHOUSE_PAGES = [
  '/login',
  '/',
  '/pacientes',
  '/agendamentos',
  '/agenda',
  '/minha-agenda',
  '/confirmacoes',
  '/relatorios',
  '/admin',
  '/admin/catalogo',
  '/admin/equipamentos',
]

// ---------------------------------------------------------------------------------------------------
// The build

const BLANK_PAGE = 'bench-blank.html'

/** Adds a blank page to the build, so that the service worker precaches it like the app shell. */
export const blankPage: Plugin = {
  name: 'bench-blank-page',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: BLANK_PAGE,
      source:
        '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>.</title></head><body><p id="bench-blank">.</p></body></html>',
    })
  },
}

/**
 * The PWA of `commit`, built into `outDir` with the same blank page: its files from `git archive` into a
 * temporary folder (no worktree, the repository is left as it is), this checkout's node_modules beside them.
 */
export async function buildReferencePwa(commit: string, outDir: string): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'clinica-web-reference-'))
  try {
    execSync(`git archive --format=tar ${commit} | tar -x -C ${JSON.stringify(root)}`, {
      cwd: repoRoot,
      stdio: 'inherit',
    })
    symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'))
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: { outDir, emptyOutDir: true },
      plugins: [blankPage],
    })
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

export async function buildPwa(outDir: string): Promise<void> {
  await build({
    root: repoRoot,
    logLevel: 'warn',
    mode: 'production',
    build: { outDir, emptyOutDir: true },
    plugins: [blankPage],
  })
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse

interface LighthouseFigures {
  page: string
  performance: number[]
  accessibility: number[]
  bestPractices: number[]
  metrics: Record<string, number[]>
  /** Audits that lost points, with their titles (from the last run). */
  failing: string[]
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const

export async function lighthouseRun(
  url: string,
  session?: { token: string; user: unknown },
): Promise<import('lighthouse').RunnerResult> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'clinica-lh-'))
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, userDataDir })
  try {
    if (session) {
      // The origin's localStorage, set from a page of the same origin that loads no app (/api/health).
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
      const page = await browser.contexts()[0]!.newPage()
      await page.goto(new URL('/api/health', url).toString())
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        SESSION_KEY,
        JSON.stringify(session),
      ] as const)
      await page.close()
      await browser.close()
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // signed in: keep the session just written (the HTTP cache is empty anyway: a fresh profile)
      disableStorageReset: session !== undefined,
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    return result
  } finally {
    await chrome.kill()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

async function lighthousePage(
  label: string,
  url: string,
  session?: { token: string; user: unknown },
): Promise<LighthouseFigures> {
  const figures: LighthouseFigures = {
    page: label,
    performance: [],
    accessibility: [],
    bestPractices: [],
    metrics: {},
    failing: [],
  }
  for (let run = 1; run <= config.runs; run++) {
    let { lhr } = await lighthouseRun(url, session)
    // Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, NO_FCP): run again, twice at most
    for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
      console.log(`[lighthouse] ${label} run ${run}: ${lhr.runtimeError.code}, running again`)
      ;({ lhr } = await lighthouseRun(url, session))
    }
    if (config.saveLhr)
      writeFileSync(join(config.saveLhr, `lhr-${label.replace(/\W+/g, '_')}-${run}.json`), JSON.stringify(lhr))
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    figures.performance.push(score('performance'))
    figures.accessibility.push(score('accessibility'))
    figures.bestPractices.push(score('best-practices'))
    for (const id of METRICS) (figures.metrics[id] ??= []).push(lhr.audits[id]?.numericValue ?? NaN)
    const failing = new Set<string>()
    for (const category of Object.values(lhr.categories)) {
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id]
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          failing.add(`${category.title}: ${audit.title} (${audit.displayValue ?? Math.round(audit.score * 100)})`)
      }
    }
    figures.failing = [...failing]
    console.log(
      `[lighthouse] ${label} run ${run}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}; ` +
        `FCP ${ms(lhr.audits['first-contentful-paint']?.numericValue)}, LCP ${ms(lhr.audits['largest-contentful-paint']?.numericValue)}, TBT ${ms(lhr.audits['total-blocking-time']?.numericValue)}`,
    )
  }
  return figures
}

// ---------------------------------------------------------------------------------------------------
// Playwright: offline start and long lists

const median = (xs: number[]) => {
  const s = [...xs].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b)
  if (s.length === 0) return NaN
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
const ms = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '—' : `${Math.round(x)} ms`)

/**
 * Runs in every page before its scripts: records when the first element matching one of the bench's
 * targets is in the document and a frame has been produced for it (the next animation frame after its
 * insertion), in ms since the navigation started, and reports it through a binding (paintedAt). A string,
 * not a function: the TypeScript loader would wrap a function with helpers that do not exist in the page.
 */
const PAINT_PROBE = `(() => {
  // today's board (issue #11: ul.board__list) or, before it, today's list
  const targets = ['ul.board__list li', 'ul.appointment-list li', '#bench-blank']
  const check = () => {
    if (window.__benchPainted !== undefined) return true
    if (!targets.some((selector) => document.querySelector(selector))) return false
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

async function newContext(server: RunningServer, session: { token: string; user: unknown }): Promise<BrowserContext> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS.filter((f) => f !== '--headless'),
    headless: true,
  })
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    baseURL: server.url,
    serviceWorkers: 'allow',
  })
  await context.addInitScript(
    `if (!localStorage.getItem(${JSON.stringify(SESSION_KEY)})) localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify(session))})`,
  )
  await context.addInitScript(PAINT_PROBE)
  await exposePaintReports(context)
  return context
}

/**
 * The tablet's emulation on a page (kept across its navigations): CPU throttling and, for the online
 * loads, the slow network. Requests the service worker makes itself are not throttled by the page's
 * network conditions (they come from the precache anyway, or are the API calls the page asks for).
 */
async function emulateTablet(context: BrowserContext, page: Page): Promise<void> {
  if (config.cpuThrottle === 1 && !config.slowNetwork) return
  const cdp = await context.newCDPSession(page)
  if (config.cpuThrottle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: config.cpuThrottle })
  if (config.slowNetwork) {
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    })
  }
}

/** The paint the page's probe reported for its latest navigation (a screenshot and the page's text if none). */
async function paintedAt(page: Page): Promise<number> {
  try {
    return await nextPaint(page, 30_000)
  } catch (error) {
    const shot = join(tmpdir(), `clinica-bench-${Date.now()}.png`)
    await page.screenshot({ path: shot }).catch(() => {})
    const text = await page.evaluate(() => document.body?.innerText.slice(0, 500)).catch(() => '?')
    throw new Error(`nothing painted on ${page.url()} (screenshot ${shot}); the page says: ${text}`, { cause: error })
  }
}

interface OfflineFigures {
  app: number[]
  blank: number[]
  online: number[]
  /** Warm, online: navigation to today's list painted, one per round (alternating with the blank page). */
  onlineRounds: number[]
  /** Offline and online: today's board, settled, reloaded — timed from the reload to the board painted. */
  reloads: number[]
  onlineReloads: number[]
}

/** A warm tablet on one build: its browser, its page (CPU throttled), the warm-up's online figures. */
interface WarmStart {
  context: BrowserContext
  page: Page
  online: number[]
}

/** Installs the worker (it claims the page), fills the precache and the IndexedDB cache. */
async function warmStart(server: RunningServer, session: { token: string; user: unknown }): Promise<WarmStart> {
  const context = await newContext(server, session)
  try {
    const page = await context.newPage()
    await emulateTablet(context, page)
    await page.goto('/')
    const online: number[] = [await paintedAt(page)]
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    online.push(await paintedAt(page))
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null)
    if (!controlled) throw new Error('the service worker does not control the page after a reload')
    await page.goto(`/${BLANK_PAGE}`)
    await paintedAt(page)
    await page.goto('/')
    online.push(await paintedAt(page))
    // the persister writes at most once a second: let it
    await page.waitForTimeout(2_500)
    return { context, page, online }
  } catch (error) {
    await context.browser()?.close()
    throw error
  }
}

/** Idle periods in a row, each with its whole 50 ms free, that make a page settled. */
const QUIET_PERIODS = 10

/**
 * Waits until the page has nothing left to do, as a board left open has before someone reloads it: the
 * rest of the day rendered, and what the start put off until after its first paint (the toasts, the service
 * worker's registration, the offline cache's write) done. One idle callback came while that work was still
 * queued, so the reload that followed ran beside the old page's leftovers. Never more than 10 s.
 */
async function settled(page: Page): Promise<void> {
  // A string, as PAINT_PROBE: the TypeScript loader would wrap a named function with a helper the page lacks.
  await page.evaluate(`new Promise((resolve) => {
    const giveUp = setTimeout(resolve, 10000)
    let quiet = 0
    const check = (deadline) => {
      quiet = deadline.timeRemaining() >= 49 ? quiet + 1 : 0
      if (quiet < ${QUIET_PERIODS}) return void requestIdleCallback(check)
      clearTimeout(giveUp)
      resolve()
    }
    requestIdleCallback(check)
  })`)
}

/**
 * One round: the precached blank page, then today's board, each timed from its navigation; then that board,
 * once settled (the rest of the day rendered, the start's deferred work done), reloaded, as the front desk
 * reloads it — the old page's going away is part of that time. The page is parked on the blank page
 * afterwards, so that an idle board (its 5 s poll) never runs beside another build's round.
 */
async function startRound(page: Page, checkRows: boolean): Promise<{ blank: number; app: number; reload: number }> {
  await page.goto(`/${BLANK_PAGE}`, { waitUntil: 'commit' })
  const blank = await paintedAt(page)
  await page.goto('/', { waitUntil: 'commit' })
  const app = await paintedAt(page)
  if (checkRows && (await page.locator('ul.board__list li, ul.appointment-list li').count()) === 0)
    throw new Error('offline: no appointment painted')
  await settled(page)
  await page.reload({ waitUntil: 'commit' })
  const reload = await paintedAt(page)
  await page.goto(`/${BLANK_PAGE}`, { waitUntil: 'commit' })
  await paintedAt(page)
  return { blank, app, reload }
}

/**
 * The warm starts of several builds, round by round: each round measures every build once, in an order
 * that rotates, so that a burst of load on a shared machine falls on all of them alike. Online rounds
 * first, then the same offline.
 */
async function alternatingStarts(warm: WarmStart[]): Promise<OfflineFigures[]> {
  const figures: OfflineFigures[] = warm.map((w) => ({
    app: [],
    blank: [],
    online: w.online,
    onlineRounds: [],
    reloads: [],
    onlineReloads: [],
  }))
  const order = (round: number) => warm.map((_, i) => (i + round) % warm.length)
  for (let round = 0; round < config.offlineRounds; round++)
    for (const i of order(round)) {
      const { app, reload } = await startRound(warm[i]!.page, false)
      figures[i]!.onlineRounds.push(app)
      figures[i]!.onlineReloads.push(reload)
    }
  for (const w of warm) await w.context.setOffline(true)
  for (let round = 0; round < config.offlineRounds; round++)
    for (const i of order(round)) {
      const { blank, app, reload } = await startRound(warm[i]!.page, true)
      figures[i]!.blank.push(blank)
      figures[i]!.app.push(app)
      figures[i]!.reloads.push(reload)
    }
  return figures
}

export async function offlineStart(
  server: RunningServer,
  session: { token: string; user: unknown },
): Promise<OfflineFigures> {
  const warm = await warmStart(server, session)
  try {
    const [figures] = await alternatingStarts([warm])
    console.log(
      `[offline] app ${figures!.app.map((x) => x.toFixed(0)).join(', ')} ms; blank ${figures!.blank.map((x) => x.toFixed(0)).join(', ')} ms`,
    )
    return figures!
  } finally {
    await warm.context.browser()?.close()
  }
}

interface LongListFigures {
  rows: number
  appends: { page: number; ms: number; longTasks: number; longestTask: number }[]
  typing: { events: number; longestEvent: number; p75Event: number; longTasks: number; longestTask: number }
}

export async function longList(
  server: RunningServer,
  session: { token: string; user: unknown },
): Promise<LongListFigures> {
  const context = await newContext(server, session)
  const page = await context.newPage()
  await emulateTablet(context, page)
  try {
    await page.goto('/pacientes')
    const rows = page.locator('table.data-table tbody tr')
    await page.waitForFunction((n) => document.querySelectorAll('table.data-table tbody tr').length >= n, PAGE_SIZE)
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: PerformanceEntry[]; __events: PerformanceEntry[] }
      w.__longTasks = []
      w.__events = []
      new PerformanceObserver((list) => w.__longTasks.push(...list.getEntries())).observe({
        type: 'longtask',
        buffered: true,
      })
      new PerformanceObserver((list) => w.__events.push(...list.getEntries())).observe({
        type: 'event',
        durationThreshold: 16,
        buffered: false,
      } as PerformanceObserverInit)
    })
    const longTasks = () =>
      page.evaluate(() => (window as unknown as { __longTasks: PerformanceEntry[] }).__longTasks.map((e) => e.duration))

    const appends: LongListFigures['appends'] = []
    const button = page.getByRole('button', { name: 'Carregar Mais' })
    for (let p = 2; p * PAGE_SIZE <= config.longListRows; p++) {
      const before = (await longTasks()).length
      const started = Date.now()
      await button.click()
      await page.waitForFunction(
        (n) => document.querySelectorAll('table.data-table tbody tr').length >= n,
        p * PAGE_SIZE,
      )
      const elapsed = Date.now() - started
      await page.waitForTimeout(60)
      const tasks = (await longTasks()).slice(before)
      appends.push({
        page: p,
        ms: elapsed,
        longTasks: tasks.filter((d) => d > TARGETS.longTaskMs).length,
        longestTask: Math.max(0, ...tasks),
      })
    }
    const shown = await rows.count()

    // Typing in the search box with every row on screen: each key's input-to-next-paint (Event Timing).
    const beforeTyping = (await longTasks()).length
    const search = page.getByLabel('Buscar paciente')
    await search.click()
    for (const key of 'maria') {
      await page.keyboard.type(key)
      await page.waitForTimeout(120)
    }
    await page.waitForTimeout(800)
    const events = await page.evaluate(() =>
      (window as unknown as { __events: PerformanceEventTiming[] }).__events
        .filter((e) => ['keydown', 'keypress', 'keyup', 'input', 'beforeinput'].includes(e.name))
        .map((e) => e.duration),
    )
    const typingTasks = (await longTasks()).slice(beforeTyping)
    const sorted = [...events].sort((a, b) => a - b)
    const typing = {
      events: events.length,
      longestEvent: Math.max(0, ...events),
      p75Event: sorted.length ? sorted[Math.floor(sorted.length * 0.75)]! : 0,
      longTasks: typingTasks.filter((d) => d > TARGETS.longTaskMs).length,
      longestTask: Math.max(0, ...typingTasks),
    }
    const worst = appends.reduce((a, b) => (b.longestTask > a.longestTask ? b : a), appends[0]!)
    console.log(
      `[long list] ${shown} rows; appends: median ${median(appends.map((a) => a.ms))} ms, longest task ${worst.longestTask.toFixed(0)} ms (page ${worst.page}); ` +
        `typing: longest input-to-paint ${typing.longestEvent.toFixed(0)} ms, long tasks ${typing.longTasks}`,
    )
    return { rows: shown, appends, typing }
  } finally {
    await context.browser()?.close()
  }
}

// ---------------------------------------------------------------------------------------------------

/** The parts of one run; a part left out by --only is undefined and its section is not written. */
function report(
  lh: LighthouseFigures[] | undefined,
  offline: OfflineFigures | undefined,
  list: LongListFigures | undefined,
  startedAt: string,
): string {
  const m = machine()
  const lines: string[] = ['## PWA (`npm run bench:web`)', '']
  lines.push(
    `Machine: ${describeMachine({ ...m, date: startedAt })}; Chromium ${chromiumVersion}; the server on the same machine. ` +
      `Offline start and long lists: CPU throttled ${config.cpuThrottle}×` +
      (config.slowNetwork ? '; online loads over 150 ms RTT, 1.6 Mbps.' : ', no network throttling.'),
  )
  if (lh) lines.push(...lighthouseSection(lh))
  if (offline) lines.push(...offlineSection(offline))
  if (list) lines.push(...longListSection(list))
  return lines.join('\n')
}

function lighthouseSection(lh: LighthouseFigures[]): string[] {
  const lines = [
    `Lighthouse 13, mobile emulation and simulated throttling (its defaults), median of ${config.runs} run(s) per page. ` +
      `Targets: performance ≥ ${TARGETS.performance} on /login and /, ≥ ${TARGETS.performanceOtherPages} on every other page; ` +
      `accessibility ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices}.`,
    '',
  ]
  const verdict = (f: LighthouseFigures) => {
    const misses: string[] = []
    if (median(f.performance) < performanceTarget(f.page)) misses.push('performance')
    if (median(f.accessibility) < TARGETS.accessibility) misses.push('accessibility')
    if (median(f.bestPractices) < TARGETS.bestPractices) misses.push('best practices')
    return misses.length ? `**missed**: ${misses.join(', ')}` : 'met'
  }
  lines.push(
    table(
      ['page', 'performance', 'accessibility', 'best practices', 'FCP', 'LCP', 'TBT', 'CLS', 'runs (perf.)', 'target'],
      lh.map((f) => [
        f.page,
        String(median(f.performance)),
        String(median(f.accessibility)),
        String(median(f.bestPractices)),
        ms(median(f.metrics['first-contentful-paint'] ?? [])),
        ms(median(f.metrics['largest-contentful-paint'] ?? [])),
        ms(median(f.metrics['total-blocking-time'] ?? [])),
        (median(f.metrics['cumulative-layout-shift'] ?? []) || 0).toFixed(3),
        f.performance.join(', '),
        verdict(f),
      ]),
    ),
  )
  for (const f of lh)
    if (f.failing.length) lines.push('', `Audits below 100 on ${f.page} (last run): ${f.failing.join('; ')}.`)
  return lines
}

function offlineSection(offline: OfflineFigures): string[] {
  const lines: string[] = []
  const ratio = median(offline.app) / median(offline.blank)
  lines.push('', '### Offline start', '')
  lines.push(
    `Worker and IndexedDB warm, then offline (Playwright's context.setOffline); ${offline.app.length} rounds, alternating. ` +
      `Time from navigation start to the first frame with the target on screen. Target: ratio ≤ ${TARGETS.offlineRatio}.`,
    '',
  )
  lines.push(
    table(
      ['what', 'median', 'all', 'ratio', 'target'],
      [
        [
          "/ → today's list painted (offline)",
          ms(median(offline.app)),
          offline.app.map((x) => x.toFixed(0)).join(', '),
          ratio.toFixed(2),
          ratio <= TARGETS.offlineRatio ? 'met' : '**missed**',
        ],
        [
          `/${BLANK_PAGE} → painted (offline, same worker)`,
          ms(median(offline.blank)),
          offline.blank.map((x) => x.toFixed(0)).join(', '),
          '1.00',
          '',
        ],
        [
          "/ → today's list painted (online, for reference)",
          ms(median(offline.online)),
          offline.online.map((x) => x.toFixed(0)).join(', '),
          '',
          '',
        ],
      ],
    ),
  )

  return lines
}

function longListSection(list: LongListFigures): string[] {
  const lines: string[] = []
  const tasks = list.appends.map((a) => a.longestTask)
  const withLong = list.appends.filter((a) => a.longTasks > 0).length
  lines.push('', '### Long lists', '')
  lines.push(
    `/pacientes, 'Carregar Mais' up to ${list.rows} rows (${list.appends.length} appends), viewport 1024×768, CPU throttled ${config.cpuThrottle}×; ` +
      `long tasks from PerformanceObserver('longtask'); typing 'maria' in the search box with every row on screen (Event Timing).`,
    '',
  )
  lines.push(
    table(
      ['what', 'figure', 'target'],
      [
        [
          'appends with a long task (> 50 ms)',
          `${withLong} of ${list.appends.length}`,
          withLong === 0 ? 'met' : '**missed**',
        ],
        ['longest task during an append', ms(Math.max(0, ...tasks)), ''],
        ['median task-max per append', ms(median(tasks)), ''],
        ['median click → rows on screen', ms(median(list.appends.map((a) => a.ms))), ''],
        [`last append (${list.rows} rows) click → rows`, ms(list.appends.at(-1)?.ms), ''],
        ['typing: longest input-to-next-paint', ms(list.typing.longestEvent), ''],
        [
          'typing: long tasks (> 50 ms)',
          `${list.typing.longTasks} (longest ${ms(list.typing.longestTask)})`,
          list.typing.longTasks === 0 ? 'met' : '**missed**',
        ],
      ],
    ),
  )
  return lines
}

let chromiumVersion = ''

/**
 * `--reference=<commit>`: that commit's PWA, served by a second server on the same database, measured
 * beside the working tree's, each warm in its own browser, the two alternating round by round (the first
 * of each round alternating too); every round, the medians and their same-run ratio, offline and online.
 */
async function compareWithReference(
  commit: string,
  server: RunningServer,
  databaseUrl: string,
  session: { token: string; user: unknown },
): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'clinica-web-reference-build-'))
  let reference: RunningServer | undefined
  const warm: WarmStart[] = []
  try {
    console.log(`building the PWA of ${commit}…`)
    await buildReferencePwa(commit, outDir)
    reference = await startServer({ env: { DATABASE_URL: databaseUrl }, staticDir: outDir })
    warm.push(await warmStart(reference, session))
    warm.push(await warmStart(server, session))
    const [ref, work] = (await alternatingStarts(warm)) as [OfflineFigures, OfflineFigures]
    const rounds = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ')
    type Series = 'app' | 'onlineRounds' | 'reloads' | 'onlineReloads'
    const row = (what: string, key: Series) => {
      const r = median(ref[key])
      const w = median(work[key])
      return [what, ms(r), ms(w), (w / r).toFixed(2)]
    }
    // the ratio round by round: each pair ran back to back
    const pairs = (key: Series) => ref[key].map((r, i) => (work[key][i]! / r).toFixed(2)).join(', ')
    console.log(
      `\nSame run, ${commit} beside the working tree (CPU ${config.cpuThrottle}×, ${config.offlineRounds} alternating rounds, medians):\n` +
        table(
          ["today's board painted", commit, 'working tree', 'ratio'],
          [
            row('offline, from the blank page', 'app'),
            row('online, from the blank page', 'onlineRounds'),
            row('offline, the board reloaded', 'reloads'),
            row('online, the board reloaded', 'onlineReloads'),
          ],
        ) +
        `\nonline rounds: ${commit} ${rounds(ref.onlineRounds)}; working tree ${rounds(work.onlineRounds)}; ratios ${pairs('onlineRounds')}` +
        `\noffline rounds: ${commit} ${rounds(ref.app)}; working tree ${rounds(work.app)}; ratios ${pairs('app')}` +
        `\nonline reloads: ${commit} ${rounds(ref.onlineReloads)}; working tree ${rounds(work.onlineReloads)}; ratios ${pairs('onlineReloads')}` +
        `\noffline reloads: ${commit} ${rounds(ref.reloads)}; working tree ${rounds(work.reloads)}; ratios ${pairs('reloads')}` +
        `\nblank page offline: ${commit} ${rounds(ref.blank)}; working tree ${rounds(work.blank)}`,
    )
  } finally {
    for (const w of warm) await w.context.browser()?.close()
    if (reference) await reference.stop()
    rmSync(outDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const startedAt = machine().date
  console.log(`Machine: ${describeMachine(machine())}`)
  const outDir = mkdtempSync(join(tmpdir(), 'clinica-web-build-'))
  const database = embeddedDatabase()
  let server: RunningServer | undefined
  try {
    console.log('building the PWA…')
    await buildPwa(outDir)
    server = await startServer({ env: database.env, staticDir: outDir })
    console.log(`server on ${server.url}`)
    const client = new pg.Client({ connectionString: database.url() })
    await client.connect()
    try {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [server.adminEmail])
      await seedBulk(client, { pacientes: 3_000, agendamentos: 20 * 14 * 30, medicos: 20, userId: rows[0]!.id })
    } finally {
      await client.end()
    }
    const session = await signIn(server)
    {
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] })
      chromiumVersion = browser.version()
      await browser.close()
    }

    const { only, pages } = config
    let lh: LighthouseFigures[] | undefined
    if (!only || only.includes('lighthouse')) {
      lh = []
      if (config.saveLhr) mkdirSync(config.saveLhr, { recursive: true })
      for (const path of LIGHTHOUSE_PAGES) {
        if (pages && !pages.includes(path)) continue
        const signedIn = path !== '/login'
        lh.push(await lighthousePage(pageLabel(path), `${server.url}${path}`, signedIn ? session : undefined))
      }
    }
    if (config.reference) await compareWithReference(config.reference, server, database.url(), session)
    const offline = only && !only.includes('offline') ? undefined : await offlineStart(server, session)
    const list = only && !only.includes('list') ? undefined : await longList(server, session)
    // issue 38: 'Chamar' → the TV panel (bench/web-panel-call.ts), --only=panel
    const panel = only && !only.includes('panel') ? undefined : await panelCall(server.url, session, quick ? 5 : 20)
    // issue 38 point 6: a change on one tablet → the other board (bench/web-live-board.ts), --only=live
    const live = only && !only.includes('live') ? undefined : await liveBoardLatency(server, session)
    const sections = [report(lh, offline, list, startedAt), ...(panel ? panelCallSection(panel) : []), ...(live ?? [])]
    const text = sections.join('\n')
    console.log(`\n${text}\n`)
    if (config.write) {
      writeResultsSection('web', text)
      console.log('Written to bench/RESULTS.md.')
    } else console.log('(--quick, --no-write or a partial run: bench/RESULTS.md left as it was)')
  } finally {
    if (server) await server.stop()
    await database.drop()
    rmSync(outDir, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('web.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  })
}
