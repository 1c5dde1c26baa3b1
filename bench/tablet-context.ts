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
