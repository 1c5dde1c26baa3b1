// The board on a 390×844 phone for the front desk (issue 34): the toolbar no longer fills the first screen —
// the first entry shows above the bottom bar without scrolling (booked at 00:05, the day's first whatever
// other specs booked today) —, the time column holds it whole, the bottom bar's entries each read on one
// line, and 'Mais' reaches the agenda.
import { expect, test } from '@playwright/test'
import { signIn } from './support/app'
import { barEntriesOnOneLine, seedDeskDay, type DeskDay } from './journeys/desk-seed'

const run = Date.now().toString().slice(-6)
const reception = { nome: 'Dalva Recepção', email: `dalva.${run}@clinica.local`, password: 'senha-da-dalva-1' }
let day: DeskDay

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test.beforeAll(async ({ request }) => {
  day = await seedDeskDay(request, run, { doctor: 'Heloísa Prado', time: '00:05', users: [reception] })
})

test("the front desk's board on the phone: the first entry on the first screen, its time whole", async ({ page }) => {
  await signIn(page, reception.email, reception.password)
  const link = page
    .getByRole('list', { name: /^Agendamentos dia / })
    .getByRole('link', { name: new RegExp(`^${day.patient}`) })
  await expect(link).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('board-phone.png') })
  const bar = (await page.getByRole('navigation', { name: 'Menu principal' }).boundingBox())!
  // the whole first entry — down to its next step's button — above the bar, without scrolling
  const next = page
    .getByRole('group', { name: `${day.patient}, ${day.time}` })
    .getByRole('button', { name: 'Confirmar' })
  const first = (await next.boundingBox())!
  expect(first.y + first.height).toBeLessThanOrEqual(bar.y)
  const clock = page.locator('.board-clock', { hasText: day.time })
  expect(await clock.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  // the bottom bar: each entry on one line, none cut ('Agendament/os' broke before issue 34)
  for (const entry of (await page.evaluate(barEntriesOnOneLine)) as { text: string; lines: number; fits: boolean }[])
    expect(entry, entry.text).toMatchObject({ lines: 1, fits: true })
  // 'Mais' opens above the bar with the pages that do not fit in it
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Mais' }).click()
  const more = page.getByRole('list', { name: 'Mais páginas' })
  await expect(more.getByRole('link', { name: 'Agenda', exact: true })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('more-menu-phone.png') })
  await more.getByRole('link', { name: 'Agenda', exact: true }).click()
  expect(new URL(page.url()).pathname).toBe('/agenda')
})
