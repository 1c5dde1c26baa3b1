// Profiling helper: 1,000 patient rows, then for each CSS variant, keystrokes at 4× CPU: Event Timing + Paint.
import { readFileSync } from 'node:fs'
import { openSignedInTablet } from './tablet-context'

const [info, rowsWanted = '1000'] = process.argv.slice(2) as [string, string?]
const { url, session } = JSON.parse(readFileSync(info, 'utf8')) as { url: string; session: unknown }
const VARIANTS: Record<string, string> = JSON.parse(process.env.VARIANTS ?? '{"none":""}')

const { browser, page, cdp } = await openSignedInTablet(url, session)
await page.goto('/pacientes')
const count = () => page.evaluate(() => document.querySelectorAll('table.data-table tbody tr').length)
await page.waitForFunction(() => document.querySelectorAll('table.data-table tbody tr').length >= 20)
const button = page.getByRole('button', { name: 'Carregar Mais' })
while ((await count()) < Number(rowsWanted)) {
  const n = await count()
  await button.click()
  await page.waitForFunction((m) => document.querySelectorAll('table.data-table tbody tr').length > m, n)
}
console.log(`${await count()} rows`)
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
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
for (let round = 0; round < 2; round++)
  for (const [name, css] of Object.entries(VARIANTS)) {
    await page.evaluate((text) => {
      document.getElementById('bench-variant')?.remove()
      const style = document.createElement('style')
      style.id = 'bench-variant'
      style.textContent = text
      document.head.append(style)
      ;(window as unknown as { __events: unknown[] }).__events = []
    }, css)
    await page.waitForTimeout(1500)
    const durations: number[] = []
    for (let i = 0; i < 3; i++) {
      await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events = []))
      await page.keyboard.type('m')
      await page.waitForTimeout(150)
      await page.keyboard.press('Backspace')
      await page.waitForTimeout(400)
      const d = await page.evaluate(() =>
        Math.max(
          0,
          ...(window as unknown as { __events: PerformanceEventTiming[] }).__events
            .filter((e) => ['keydown', 'keypress', 'input', 'keyup'].includes(e.name))
            .map((e) => e.duration),
        ),
      )
      durations.push(d)
    }
    console.log(`${name.padEnd(20)} longest key event per m+backspace: ${durations.join(', ')}`)
  }
await browser.close()
