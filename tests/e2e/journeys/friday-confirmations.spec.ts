// Journey: on a Friday the desk opens 'Confirmações de amanhã' from the home page and finds Saturday's
// patients, because the clinic opens on Saturdays (docs/journeys.md; docs/decisions.md "Opening hours").
// The browser's clock is fixed on a Friday with page.clock; the server's is not faked: the Saturday booked
// is the one after that Friday, in the future on any real date.
import { expect, test } from '@playwright/test'
import { addDays, clinicToday, formatDate } from '@contract'
import { E2E_ADMIN } from '../../../playwright.config'
import { apiCall, apiSignIn, signIn } from '../support/app'
import { bookingBody, newDoctor, newPatient, onWeekday, tag } from './support'

const friday = onWeekday(addDays(clinicToday(), 1), 5)
const saturday = addDays(friday, 1)
const weekdays = [1, 2, 3, 4, 5].map((dia) => ({ dia, inicio: '07:00', fim: '20:00' }))

test("on a Friday, tomorrow's confirmations list Saturday's patients", async ({ page, request }) => {
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  await apiCall(
    request,
    admin,
    '/clinica/horarios',
    { horarios: [...weekdays, { dia: 6, inicio: '07:00', fim: '12:00' }] },
    { method: 'PUT', status: 200 },
  )
  const medicoId = await newDoctor(request, admin, `Sábado ${tag}`)
  const pacienteId = await newPatient(request, admin, `Sofia Sabadista ${tag}`, '61')
  await apiCall(
    request,
    admin,
    '/agendamento/register',
    bookingBody(admin, pacienteId, medicoId, `${saturday}T08:30:00.000Z`),
  )

  // 12:00 at the clinic (UTC−3) on that Friday
  await page.clock.install({ time: new Date(`${friday}T15:00:00.000Z`) })
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await page.getByRole('link', { name: 'Confirmações de amanhã' }).click()
  await expect(page.getByRole('heading', { name: 'Confirmações de amanhã' })).toBeVisible()
  await expect(page.getByText(`sábado, ${formatDate(saturday)}`)).toBeVisible()
  await expect(page.getByRole('cell', { name: new RegExp(`^Sofia Sabadista ${tag}$`, 'i') }).first()).toBeVisible()
})
