// Two tablets see the same day (issue 38 point 6, docs/journeys.md): two browser contexts signed in at the
// front desk against the real server. Tablet A registers an arrival; tablet B, never reloaded, shows the
// patient 'Aguardando'. Tablet B's poll of the day version is blocked, so only the live channel
// (GET /api/agendamento/eventos) can have told it. How fast is measured by bench:web (bench/web-live-board.ts).
import { expect, test, type Page } from '@playwright/test'
import { clinicToday } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, signIn } from './support/app'
import { bookingBody, newDoctor, newPatient, run } from './support/booking'

// names take letters only: this run's digits as letters keep them the run's own
const letters = run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)
const patient = `Olímpia Ventura ${letters}`
// the clinic's today at 23:40: still to come whatever the time the test runs
const entryName = `${patient}, 23:40`

test.beforeAll(async ({ request }) => {
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  const medicoId = await newDoctor(request, admin, `Severino Amaral ${letters}`)
  const pacienteId = await newPatient(request, admin, patient, '81')
  const { agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
    request,
    admin,
    '/agendamento/register',
    bookingBody(admin, pacienteId, medicoId, `${clinicToday()}T23:40:00.000Z`),
  )
  await apiCall(
    request,
    admin,
    '/agendamento/status',
    { id: agendamento.id, versao: agendamento.versao, status: 'confirmado' },
    { status: 200 },
  )
})

const entry = (page: Page) => page.getByRole('group', { name: entryName })

test('an arrival registered on tablet A shows on tablet B without a reload, through the live channel', async ({
  browser,
}) => {
  const a = await browser.newContext({ viewport: { width: 1180, height: 820 } })
  const b = await browser.newContext({ viewport: { width: 1180, height: 820 } })
  try {
    const tabletA = await a.newPage()
    const tabletB = await b.newPage()
    // tablet B's poll always hears the same day version (a failed request would read as offline): the
    // channel alone can carry the change
    await tabletB.route('**/api/agendamento/versaoDia', (route) =>
      route.fulfill({ json: { dia: clinicToday(), versao: 1 }, headers: { 'cache-control': 'no-store' } }),
    )
    const channelOpen = tabletB.waitForResponse(
      (response) => response.url().endsWith('/api/agendamento/eventos') && response.status() === 200,
    )
    await signIn(tabletA, E2E_ADMIN.email, E2E_ADMIN.password)
    await signIn(tabletB, E2E_ADMIN.email, E2E_ADMIN.password)
    await expect(entry(tabletA).getByText('Confirmado')).toBeVisible()
    await expect(entry(tabletB).getByText('Confirmado')).toBeVisible()
    await channelOpen

    await entry(tabletA).getByRole('button', { name: 'Registrar chegada' }).click()
    await tabletA
      .getByRole('dialog', { name: /^Registrar chegada de/ })
      .getByRole('button', { name: 'Registrar chegada' })
      .click()
    await expect(entry(tabletA).getByText('Aguardando', { exact: true })).toBeVisible()

    await expect(entry(tabletB).getByText('Aguardando', { exact: true })).toBeVisible()
    await expect(entry(tabletB).getByRole('button', { name: 'Iniciar atendimento' })).toBeVisible()
  } finally {
    await a.close()
    await b.close()
  }
})
