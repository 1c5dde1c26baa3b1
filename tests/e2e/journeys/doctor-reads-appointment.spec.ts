// Journey (docs/journeys.md, "A doctor reads an appointment on the phone"): a user linked to a doctor, on a
// 390×844 phone, signs in, lands on 'Minha agenda', presses their patient and reads the exams, their
// preparation and the note — no value, no payment, no edit form — and 'Fechar' returns to their day.
import { expect, test } from '@playwright/test'
import { signIn } from '../support/app'
import { barEntriesOnOneLine, seedDeskDay, type DeskDay } from './desk-seed'

const run = Date.now().toString().slice(-6)
const doctorUser = { nome: 'Otávio Brandão', email: `otavio.${run}@clinica.local`, password: 'senha-do-otavio-1' }
let day: DeskDay

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test.beforeAll(async ({ request }) => {
  day = await seedDeskDay(request, run, {
    doctor: 'Otávio Brandão',
    time: '23:40',
    users: [{ ...doctorUser, linked: true }],
  })
})

test('a doctor on the phone opens an appointment of their day, read-only', async ({ page }) => {
  await signIn(page, doctorUser.email, doctorUser.password)
  // a linked user opens on their own day
  await expect(page.getByRole('heading', { level: 1, name: /^Minha agenda / })).toBeVisible()
  // the bottom bar: every entry on one line, none cut
  for (const entry of (await page.evaluate(barEntriesOnOneLine)) as { text: string; lines: number; fits: boolean }[])
    expect(entry, entry.text).toMatchObject({ lines: 1, fits: true })
  await page.screenshot({ path: test.info().outputPath('minha-agenda-phone.png'), fullPage: false })
  // a dense entry: the time and the patient, without the doctor's own name and the date the page implies
  const list = page.getByRole('list', { name: /^Minha agenda / })
  // (kept for a screen reader: drawn in a 1 px box)
  expect((await list.getByText('Dr. Otávio Brandão').boundingBox())!.width).toBeLessThanOrEqual(1)
  const entryHeight = await page.getByRole('group', { name: `${day.patient}, ${day.time}` }).evaluate((group) => {
    const main = document.querySelector('.board-main')!.getBoundingClientRect()
    return group.getBoundingClientRect().bottom - main.top
  })
  // four entries or more on the first screen of a 390×844 phone
  expect(entryHeight).toBeLessThan(180)

  await page.getByRole('link', { name: new RegExp(`^${day.patient}`) }).click()
  const panel = page.getByRole('dialog', { name: `${day.patient}, ${day.time}` })
  await expect(panel).toBeVisible()
  const read = panel.getByRole('region', { name: 'Exames e anotação' })
  await expect(read.getByText(day.exam)).toBeVisible()
  await expect(read.getByText(`Preparo: ${day.preparo}`)).toBeVisible()
  await expect(read.getByText(day.note)).toBeVisible()
  for (const absent of ['Registrar pagamento', 'Editar agendamento', 'Imprimir comprovante', 'Confirmar'])
    await expect(panel.getByRole('button', { name: absent })).toHaveCount(0)
  await expect(panel.getByText(/Valor/)).toHaveCount(0)
  // the dialog fits the phone's width
  const box = (await panel.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  await page.screenshot({ path: test.info().outputPath('panel-doctor-phone.png') })

  await panel.getByRole('button', { name: 'Fechar' }).click()
  await expect(panel).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: /^Minha agenda / })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/minha-agenda')
})
