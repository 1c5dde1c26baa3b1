// Journey: closing the day (issue 34). The administrator starts at the home page with the demo data loaded
// (`npm run seed`, attached to the running server), reaches 'Relatórios' by clicks and reads the month's
// figures: no negative wait, the statuses add up to the appointments, payments recorded with their form. docs/journeys.md, "Fechar o dia".
import { execFileSync } from 'node:child_process'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { E2E_ADMIN } from '../../../playwright.config'

test.beforeAll(() => {
  // the seed attaches to the server's embedded PostgreSQL (DATA_DIR); a second run changes nothing
  const port = process.env.E2E_PORT!
  execFileSync('node', ['--import', 'tsx', 'server/seed.ts'], {
    env: {
      ...process.env,
      DATA_DIR: `test-results/e2e-data-${port}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
    stdio: 'pipe',
  })
})

/** A chart's table, opened by its 'Ver tabela' summary: each row's label and first value. */
async function tableOf(page: Page, title: string): Promise<{ label: string; value: string }[]> {
  await page.getByText(`Ver tabela: ${title}`, { exact: true }).click()
  const table: Locator = page.getByRole('table', { name: title })
  await expect(table).toBeVisible()
  const rows = table.locator('tbody tr')
  const out: { label: string; value: string }[] = []
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i)
    out.push({
      label: (await row.locator('th').innerText()).trim(),
      value: (await row.locator('td').first().innerText()).trim(),
    })
  }
  return out
}
const card = (page: Page, label: string) =>
  page
    .locator('.report-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')

test('closing the day: the month report of the demo is plausible', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('Usuário').fill(E2E_ADMIN.email)
  await page.getByLabel('Senha').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { name: /^Agendamentos dia / })).toBeVisible()

  await page.getByRole('link', { name: 'Relatórios' }).click()
  await expect(page.getByRole('heading', { name: 'Relatórios', level: 1 })).toBeVisible()
  await expect(card(page, 'Agendamentos')).not.toHaveText('0')

  const total = Number(await card(page, 'Agendamentos').innerText())
  const realizados = Number(await card(page, 'Realizados').innerText())
  expect(realizados).toBeLessThanOrEqual(total)
  // a wait is never negative
  await expect(card(page, 'Espera média')).toHaveText(/^\d+ min$/)

  const byStatus = await tableOf(page, 'Agendamentos por status')
  expect(byStatus.reduce((sum, row) => sum + Number(row.value), 0)).toBe(total)
  expect(byStatus.find((row) => row.label === 'Realizado')?.value).toBe(String(realizados))
  // the demo's payments carry their form (other specs of the run may add free-text ones without)
  const byForm = await tableOf(page, 'Valor recebido por forma de pagamento')
  expect(byForm.map((row) => row.label)).toEqual(expect.arrayContaining(['PIX', 'Convênio']))
  await page.screenshot({ path: 'test-results/journeys/close-the-day.png', fullPage: true })
})
