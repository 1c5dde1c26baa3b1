// The static shell (index.html + public/boot-shell.js) in a real browser, on a phone: the header's greeting
// and the board's dated heading are painted before any of the app's code runs, with React's texts, at
// React's place and size (so React's first render replaces them without a shift and without a later,
// larger paint: bench/journal/2026-11-24-lighthouse-second-round.md, "Lighthouse on every page (second round)").
import { expect, test, type Locator } from '@playwright/test'
import { clinicToday, formatDate } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { signIn } from './support/app'

test.use({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' })

async function box(locator: Locator) {
  const b = (await locator.boundingBox())!
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) }
}

test("the shell's greeting and dated heading are React's, at React's place", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  const heading = `Agendamentos dia ${formatDate(clinicToday())}`
  const reactGreeting = page.locator('header.app-header:not(.boot-shell__app) .app-header__greeting')
  await expect(reactGreeting).toHaveText(/^Bem vindo \S+$/)
  const greeting = (await reactGreeting.textContent())!
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  const react = {
    greeting: await box(reactGreeting),
    heading: await box(page.getByRole('heading', { level: 1, name: heading })),
  }

  // the same page without the app's code: what the shell paints before it
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort())
  await page.reload()
  const shellGreeting = page.locator('.boot-shell .app-header__greeting')
  const shellHeading = page.locator('.boot-shell h1', { hasText: heading })
  await expect(shellGreeting).toHaveText(greeting)
  await expect(shellHeading).toBeVisible()
  expect({ greeting: await box(shellGreeting), heading: await box(shellHeading) }).toEqual(react)
})
