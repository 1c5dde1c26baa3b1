// A signed-in tablet for the benches that drive the PWA in Debian's Chromium: the landscape viewport,
// the session kept where the PWA reads it (so every page opens signed in), its service worker allowed,
// and a CPU throttle.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'

export interface TabletOptions {
  /** Scripts every page runs before the PWA's own (a paint probe). */
  initScripts?: string[]
  /** Chromium's CPU slowdown: 4 stands for a mid-range tablet; 1 leaves the CPU alone. */
  cpuThrottle?: number
}

export async function openSignedInTablet(
  url: string,
  session: unknown,
  { initScripts = [], cpuThrottle = 1 }: TabletOptions = {},
): Promise<{ browser: Browser; context: BrowserContext; page: Page; cdp: CDPSession }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], headless: true })
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    baseURL: url,
    serviceWorkers: 'allow',
  })
  await context.addInitScript(
    `if (!localStorage.getItem('clinica.session')) localStorage.setItem('clinica.session', ${JSON.stringify(JSON.stringify(session))})`,
  )
  for (const script of initScripts) await context.addInitScript(script)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  if (cpuThrottle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle })
  return { browser, context, page, cdp }
}

/**
 * Paint reports of a context's pages: its probe calls `window.__benchPaintReport(ms)` from the animation frame
 * after what it waits for, and the bench takes each report without touching the page — a `waitForFunction`
 * would evaluate Playwright's injected script (hundreds of KB) and poll on every frame in the middle of the
 * start it measures (bench/journal/2026-11-28-start-harness.md).
 */
export async function exposePaintReports(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__benchPaintReport', ({ page }, at: number) => {
    const reports = reportsOf(page)
    const waiting = reports.waiting
    reports.waiting = undefined
    if (waiting) waiting(at)
    else reports.values.push(at)
  })
}

/** Each page's reports, oldest first: every navigation of a measured page paints once and is waited for once. */
const paintReports = new WeakMap<Page, { values: number[]; waiting?: (at: number) => void }>()
function reportsOf(page: Page) {
  let reports = paintReports.get(page)
  if (!reports) paintReports.set(page, (reports = { values: [] }))
  return reports
}

/** The paint the page's probe reported for its latest navigation, in ms since that navigation started. */
export async function nextPaint(page: Page, timeoutMs: number): Promise<number> {
  const reports = reportsOf(page)
  const ready = reports.values.shift()
  if (ready !== undefined) return ready
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      new Promise<number>((resolve) => (reports.waiting = resolve)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no paint in ${timeoutMs / 1000} s`)), timeoutMs)
      }),
    ])
  } finally {
    reports.waiting = undefined
    clearTimeout(timer)
  }
}
