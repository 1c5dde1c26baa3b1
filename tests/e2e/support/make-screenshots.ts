// Regenerates the install screenshots of public/manifest.webmanifest (public/screenshots/*.png) from
// the real app in demo mode (msw in the browser, no server), in Debian's Chromium:
//
//   node --import tsx tests/e2e/support/make-screenshots.ts
//
// Not a test (no .spec suffix): Playwright's runner never picks it up.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { createServer } from 'vite'
import { SEED_CREDENTIALS } from '@/mocks/store'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const outDir = `${root}public/screenshots`
const SHOTS = [
  { file: 'agenda-wide.png', width: 1280, height: 720 },
  { file: 'agenda-narrow.png', width: 540, height: 720 },
]

const server = await createServer({ root, mode: 'demo', logLevel: 'error', server: { port: 0, host: '127.0.0.1' } })
await server.listen()
const address = server.httpServer?.address()
if (!address || typeof address === 'string') throw new Error('no address')
const baseURL = `http://127.0.0.1:${address.port}`
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  mkdirSync(outDir, { recursive: true })
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: 1,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    })
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByLabel('Usuário').fill(SEED_CREDENTIALS.staff.email)
    await page.getByLabel('Senha').fill(SEED_CREDENTIALS.staff.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByRole('list', { name: /^Agendamentos dia / }).waitFor()
    // the sign-in toast and the pointer's hover (left where 'Entrar' was) are not part of the picture
    await page.addStyleTag({ content: '.Toastify { display: none !important; }' })
    await page.mouse.move(1, 1)
    await page.screenshot({ path: `${outDir}/${shot.file}` })
    console.log(`${outDir}/${shot.file} (${shot.width}x${shot.height})`)
    await context.close()
  }
} finally {
  await browser.close()
  await server.close()
}
