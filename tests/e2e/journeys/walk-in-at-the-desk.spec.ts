// Journey (docs/journeys.md, "A walk-in at the desk"): a receptionist on the tablet (1180×820) meets a patient
// who arrives unconfirmed. From the home page's board, in the entry's panel and without leaving the board:
// 'Registrar chegada' straight from 'Agendado', 'Iniciar atendimento', 'Concluir', a PIX payment, the
// receipt printed; 'Fechar' returns to the board, which shows 'Realizado' and 'Pago'.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { messages } from '@contract'
import { signIn } from '../support/app'
import { seedDeskDay, type DeskDay } from './desk-seed'

const run = Date.now().toString().slice(-6)
const reception = { nome: 'Jurema Recepção', email: `jurema.${run}@clinica.local`, password: 'senha-da-jurema-1' }
let day: DeskDay

test.use({ viewport: { width: 1180, height: 820 } })

test.beforeAll(async ({ request }) => {
  day = await seedDeskDay(request, run, { doctor: 'Severino Amaral', time: '23:45', users: [reception] })
})

/** window.print() counted, not opened: Chromium's dialog has nothing to do in a test. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    ;(window as unknown as { printed: number }).printed = 0
    window.print = () => {
      ;(window as unknown as { printed: number }).printed++
    }
  })
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The toast that says `text` is clear of the header and of the dialog's title. */
async function expectToastClear(page: Page, panel: Locator, text: string) {
  const toast = page.getByRole('region', { name: 'Notificações' }).getByText(text)
  await expect(toast).toBeVisible()
  const box = (await toast.boundingBox())!
  expect(overlaps(box, (await page.locator('header.app-header').boundingBox())!)).toBe(false)
  // the title's text (its heading is a full-width block; the words are what must stay readable)
  const title = await panel.getByRole('heading', { level: 2 }).evaluate((heading) => {
    const range = document.createRange()
    range.selectNodeContents(heading)
    const { x, y, width, height } = range.getBoundingClientRect()
    return { x, y, width, height }
  })
  expect(overlaps(box, title)).toBe(false)
  // on the tablet the toast stays beside the dialog: none of its fields is covered
  const dialog = (await panel.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(dialog.x + dialog.width)
}

test('a walk-in arrives, is seen, pays by PIX and gets the receipt, all from the board', async ({ page }) => {
  await stubPrint(page)
  await signIn(page, reception.email, reception.password)
  const board = page.getByRole('list', { name: /^Agendamentos dia / })
  await expect(board).toBeVisible()
  // the time column holds its text: nothing of '23:45' is cut
  const clock = page.locator('.board-clock', { hasText: day.time })
  expect(await clock.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await page.screenshot({ path: test.info().outputPath('board-tablet.png') })

  await board.getByRole('link', { name: new RegExp(`^${day.patient}`) }).click()
  const panel = page.getByRole('dialog', { name: `${day.patient}, ${day.time}` })
  const moves = panel.getByRole('group', { name: 'Status do agendamento' })
  await expect(panel.getByText('Agendado', { exact: true })).toBeVisible()

  await moves.getByRole('button', { name: 'Registrar chegada' }).click()
  await expect(panel.getByText('Aguardando', { exact: true })).toBeVisible()
  await expectToastClear(page, panel, messages.arrivalRegistered)
  await page.screenshot({ path: test.info().outputPath('panel-arrival-tablet.png') })

  await moves.getByRole('button', { name: 'Iniciar atendimento' }).click()
  await expect(panel.getByText('Em atendimento', { exact: true })).toBeVisible()
  await moves.getByRole('button', { name: 'Concluir' }).click()
  await expect(panel.getByText('Realizado', { exact: true })).toBeVisible()

  const payment = panel.getByRole('region', { name: 'Pagamento' })
  await payment.getByRole('button', { name: 'Registrar pagamento' }).click()
  await payment.getByLabel('Forma de pagamento').selectOption({ label: 'PIX' })
  await expect(payment.getByLabel('Valor recebido')).toHaveValue(/180,00/)
  await payment.getByRole('button', { name: 'Confirmar pagamento' }).click()
  await expect(payment.getByText('Pago', { exact: true })).toBeVisible()
  // fully paid: nothing more to register
  await expect(payment.getByRole('button', { name: 'Registrar pagamento' })).toHaveCount(0)
  await expect(payment.getByRole('list', { name: 'Pagamentos registrados' })).toContainText('PIX')

  await panel.getByRole('button', { name: 'Imprimir comprovante' }).click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  await page.screenshot({ path: test.info().outputPath('panel-paid-tablet.png') })

  await panel.getByRole('button', { name: 'Fechar' }).click()
  await expect(panel).toBeHidden()
  expect(new URL(page.url()).pathname).toBe('/')
  const entry = page.getByRole('group', { name: `${day.patient}, ${day.time}` })
  await expect(entry.getByText('Realizado', { exact: true })).toBeVisible()
  await expect(entry.getByText('Pago', { exact: true })).toBeVisible()
})
