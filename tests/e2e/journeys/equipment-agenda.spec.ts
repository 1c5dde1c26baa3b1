// Journey: the equipment agenda of a day shows every booking — one on a machine, one booked through the
// specification's call (no machine, in the 'Sem equipamento' lane) and ADMIN's encaixe after closing time
// (the grid stretched to it). docs/journeys.md; docs/decisions.md "Opening hours".
import { expect, test } from '@playwright/test'
import { addDays, clinicToday } from '@contract'
import { E2E_ADMIN } from '../../../playwright.config'
import { apiCall, apiSignIn, signIn } from '../support/app'
import { bookingBody, newDoctor, newPatient, onWeekday, run, tag } from './support'

// a Wednesday far enough ahead that no other spec books there
const day = onWeekday(addDays(clinicToday(), 400 + (Number(run) % 200)), 3)
const at = (time: string) => `${day}T${time}:00.000Z`

test('the equipment agenda of a day shows every booking, with and without a machine, inside and outside hours', async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  const machine = `US-J${run}`
  const { equipamento } = await apiCall<{ equipamento: { id: string } }>(request, admin, '/equipamento/register', {
    nome: machine,
    modalidades: ['US'],
    horarios: [],
  })
  const [ana, bruno, carla] = await Promise.all(
    ['Ana', 'Bruno', 'Carla'].map((n) => newDoctor(request, admin, `${n} Jornada ${tag}`)),
  )
  const p1 = await newPatient(request, admin, `Maria Na Máquina ${tag}`, '71')
  const p2 = await newPatient(request, admin, `Paula Sem Máquina ${tag}`, '72')
  const p3 = await newPatient(request, admin, `Rita Encaixe ${tag}`, '73')
  await apiCall(request, admin, '/agendamento/agendar', {
    ...bookingBody(admin, p1, ana!, at('08:00')),
    equipamentoId: equipamento.id,
    duracaoMinutos: 30,
  })
  await apiCall(request, admin, '/agendamento/register', bookingBody(admin, p2, bruno!, at('09:00')))
  await apiCall(request, admin, '/agendamento/agendar', {
    ...bookingBody(admin, p3, carla!, at('21:00')),
    equipamentoId: equipamento.id,
    encaixe: true,
  })

  await page.setViewportSize({ width: 1180, height: 820 })
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  // from the home page: the header's 'Agenda', then the day typed in its 'Dia' field
  await page.getByRole('navigation').getByRole('link', { name: 'Agenda', exact: true }).first().click()
  await expect(page).toHaveURL(/\/agenda/)
  await page.getByLabel('Dia', { exact: true }).fill(day)
  const lane = page.getByRole('region', { name: 'Sem equipamento' })
  await expect(
    lane.getByRole('article', { name: new RegExp(`^09:00–09:15 Paula Sem Máquina ${tag}`, 'i') }),
  ).toBeVisible()
  const column = page.getByRole('region', { name: machine })
  await expect(
    column.getByRole('article', { name: new RegExp(`^08:00–08:30 Maria Na Máquina ${tag}`, 'i') }),
  ).toBeVisible()
  const late = column.getByRole('article', { name: new RegExp(`^21:00–21:15 Rita Encaixe ${tag}`, 'i') })
  await expect(late).toBeVisible()
  expect((await late.boundingBox())!.height).toBeGreaterThan(10)
  await expect(column.getByText('07:00–22:00')).toBeVisible()
  await page.screenshot({ path: 'test-results/journey-equipment-agenda.png', fullPage: true })
})
