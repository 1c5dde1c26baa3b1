// The agenda against the real server (docs/decisions.md "Agenda and equipment"): US-1 booked 08:00–08:30;
// a second booking of US-1 at 08:15 is refused naming US-1; at 08:30 it succeeds; the day agenda shows
// both blocks and the free time after them, and on a 390 px phone without horizontal scrolling. A block
// opens the edit dialog: moved to 10:00 its block moves; a move onto 10:15 is refused naming US-1.
import { expect, test } from '@playwright/test'
import { addDays, clinicToday } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, signIn } from './support/app'
import { bookingBody, newDoctor, newPatient, run } from './support/booking'

// a Wednesday: inside the clinic's default hours (docs/decisions.md "Opening hours")
let day = addDays(clinicToday(), 40 + (Number(run) % 300))
while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 3) day = addDays(day, 1)
const at = (time: string) => `${day}T${time}:00.000Z`

test.describe.serial('the agenda', () => {
  let us1 = ''
  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    const listed = (await (
      await request.get('/api/equipamento/listAll', { headers: { authorization: `Bearer ${admin.token}` } })
    ).json()) as { equipamentos: { id: string; nome: string }[] }
    us1 =
      listed.equipamentos.find((e) => e.nome === 'US-1')?.id ??
      (
        await apiCall<{ equipamento: { id: string } }>(request, admin, '/equipamento/register', {
          nome: 'US-1',
          modalidades: ['US'],
          horarios: [],
        })
      ).equipamento.id
    const medicos = await Promise.all(
      ['Ana Ecografista', 'Bruno Sonografista'].map((nome) => newDoctor(request, admin, nome)),
    )
    const paciente = await newPatient(request, admin, 'Lúcia Agenda', '44')
    const booking = (time: string, medicoId: string) =>
      bookingBody(admin, paciente, medicoId, at(time), { equipamentoId: us1, duracaoMinutos: 30 })
    await apiCall(request, admin, '/agendamento/agendar', booking('08:00', medicos[0]!))
    const refused = await request.post('/api/agendamento/agendar', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: booking('08:15', medicos[1]!),
    })
    expect(refused.status()).toBe(409)
    expect((await refused.json()).error).toBe('US-1 ocupado das 08:00 às 08:30')
    await apiCall(request, admin, '/agendamento/agendar', booking('08:30', medicos[1]!))
  })

  test('the day agenda shows both blocks and the free time after them', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto(`/agenda?dia=${day}&por=equipamento&recurso=${us1}`)
    const column = page.getByRole('region', { name: 'US-1' })
    await expect(column.getByRole('article', { name: '08:00–08:30 lúcia agenda' })).toBeVisible()
    await expect(column.getByRole('article', { name: '08:30–09:00 lúcia agenda' })).toBeVisible()
    const free = column.getByRole('button', { name: 'Livre 09:00–20:00' })
    await expect(free).toBeVisible()
    await free.click()
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' })
    await expect(dialog.getByLabel('Hora')).toHaveValue('09:00')
    await expect(dialog.getByLabel('Equipamento')).toHaveValue(us1)
  })

  test('a 390 px phone shows the same in one column without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto(`/agenda?dia=${day}&por=equipamento&recurso=${us1}`)
    const column = page.getByRole('region', { name: 'US-1' })
    await expect(column.getByRole('article', { name: '08:00–08:30 lúcia agenda' })).toBeVisible()
    await expect(column.getByRole('article', { name: '08:30–09:00 lúcia agenda' })).toBeVisible()
    await expect(column.getByRole('button', { name: 'Livre 09:00–20:00' })).toBeVisible()
    await expect(page.getByLabel('Recurso')).toHaveValue(us1)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('moves a booking to another free time from its block; a move onto a taken time names US-1', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto(`/agenda?dia=${day}&por=equipamento&recurso=${us1}`)
    const column = page.getByRole('region', { name: 'US-1' })
    await column.getByRole('article', { name: '08:00–08:30 lúcia agenda' }).getByRole('button').click()
    const dialog = page.getByRole('dialog', { name: 'Agendamento do paciente Lúcia Agenda' })
    await expect(dialog.getByLabel('Equipamento')).toHaveValue(us1)
    await dialog.getByLabel(/^Hora/).fill('10:00')
    await dialog.getByRole('button', { name: 'Confirmar alterações' }).click()
    await expect(dialog).toBeHidden()
    // the block moved: 10:00–10:30 now, and 08:00–08:30 is free time again
    await expect(column.getByRole('article', { name: '10:00–10:30 lúcia agenda' })).toBeVisible()
    await expect(column.getByRole('article', { name: '08:00–08:30 lúcia agenda' })).toHaveCount(0)
    await expect(column.getByRole('button', { name: 'Livre 07:00–08:30' })).toBeVisible()

    await column.getByRole('article', { name: '08:30–09:00 lúcia agenda' }).getByRole('button').click()
    await dialog.getByLabel(/^Hora/).fill('10:15')
    await dialog.getByRole('button', { name: 'Confirmar alterações' }).click()
    // said at the top of the form (and in a toast)
    await expect(dialog.locator('.form-alert')).toHaveText('US-1 ocupado das 10:00 às 10:30')
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await expect(column.getByRole('article', { name: '08:30–09:00 lúcia agenda' })).toBeVisible()
  })
})
