// Journey (docs/journeys.md, "Calling the patient to the room"): a receptionist on the tablet (1180×820)
// and the waiting room's TV (1920×1080). The TV was paired before the day by the QR code's address (the
// code set up through the API, as ADMIN would in 'Painéis'). By clicks from the home page: the patient
// arrives declaring 'Gestante', waits in 'Fila de espera' with the reason, is called to 'Sala 2' and the TV
// shows 'Benedita Q.' and the room; 'Chamar novamente' to another room moves the first call to the TV's
// earlier calls; 'Iniciar atendimento' ends the calls.
import { expect, test, type Page } from '@playwright/test'
import { clinicToday, messages } from '@contract'
import { E2E_ADMIN } from '../../../playwright.config'
import { apiCall, apiSignIn, signIn } from '../support/app'
import { bookingBody, newDoctor, newPatient, run, tag } from './support'

const reception = { nome: 'Odete Recepção', email: `odete.${run}@clinica.local`, password: 'senha-da-odete-1' }
const patient = 'Benedita Quaresma'
const time = '22:45'
let code = ''

test.use({ viewport: { width: 1180, height: 820 } })

test.beforeAll(async ({ request }) => {
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  await apiCall(request, admin, '/users/register', reception)
  const medicoId = await newDoctor(request, admin, `Rosalva Pimentel ${tag}`)
  const pacienteId = await newPatient(request, admin, patient, '94')
  const { agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
    request,
    admin,
    '/agendamento/register',
    bookingBody(admin, pacienteId, medicoId, `${clinicToday()}T${time}:00.000Z`),
  )
  await apiCall(
    request,
    admin,
    '/agendamento/status',
    { id: agendamento.id, versao: agendamento.versao, status: 'confirmado' },
    { status: 200 },
  )
  code = (await apiCall<{ codigo: string }>(request, admin, '/paineis', { nome: `TV da jornada ${tag}` })).codigo
})

test('the receptionist calls the waiting patient; the TV shows the name and the room', async ({ page, browser }) => {
  // the desk and the TV each wait on the other on a busy machine
  test.setTimeout(180_000)
  const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } })
  const tv = await tvContext.newPage()
  try {
    await tv.goto(`/painel?codigo=${code}`)
    await tv.getByRole('button', { name: 'Parear' }).click()
    await expect(tv.getByText(`TV da jornada ${tag}`)).toBeVisible()
    const current = tv.getByRole('region', { name: 'Chamada atual' })

    await signIn(page, reception.email, reception.password)
    const entry = page.getByRole('group', { name: `${patient}, ${time}` })

    // 1. the arrival, with the legal priority the patient declares
    await entry.getByRole('button', { name: 'Registrar chegada' }).click()
    const arrival = page.getByRole('dialog', { name: `Registrar chegada de ${patient} (${time})` })
    await arrival.getByRole('radio', { name: 'Gestante' }).check()
    await arrival.getByRole('button', { name: 'Registrar chegada' }).click()
    await expect(entry.getByText('Aguardando', { exact: true })).toBeVisible()
    await expect(entry.getByText('Prioridade: gestante')).toBeVisible()
    const queue = page.getByRole('region', { name: new RegExp(`^Fila de espera: .*Rosalva Pimentel`, 'i') })
    await expect(queue.getByRole('listitem').filter({ hasText: patient })).toContainText('Prioridade: gestante')
    await screenshot(page, 'board-waiting')

    // 2. 'Chamar' to a room
    await entry.getByRole('button', { name: 'Chamar' }).click()
    let dialog = page.getByRole('dialog', { name: `Chamar ${patient} (${time})` })
    await dialog.getByRole('textbox', { name: /^Sala/ }).fill('Sala 2')
    await dialog.getByRole('button', { name: 'Chamar' }).click()
    await expect(page.getByRole('region', { name: 'Notificações' })).toContainText(
      messages.patientCalled.replace('{sala}', 'Sala 2'),
    )
    await expect(entry.getByText(/^Chamado às \d\d:\d\d — Sala 2$/)).toBeVisible()

    // 3. the TV, never touched: the name as the clinic chose it (first name, surname initial) and the room
    await expect(current.getByText('Benedita Q.', { exact: true })).toBeVisible()
    await expect(current.getByText('Sala 2', { exact: true })).toBeVisible()
    await expect(tv.locator('body')).not.toContainText(patient)
    await screenshot(tv, 'tv-first-call')

    // 4. 'Chamar novamente', to another room: the first call joins the earlier ones on the TV
    await entry.getByRole('button', { name: 'Chamar novamente' }).click()
    dialog = page.getByRole('dialog', { name: `Chamar ${patient} (${time})` })
    const sala = dialog.getByRole('textbox', { name: /^Sala/ })
    await expect(sala).toHaveValue('Sala 2')
    await sala.fill('Consultório 1')
    await dialog.getByRole('button', { name: 'Chamar' }).click()
    await expect(current.getByText('Consultório 1', { exact: true })).toBeVisible()
    await expect(tv.getByRole('region', { name: 'Chamadas anteriores' }).getByRole('listitem').first()).toHaveText(
      /Benedita Q\.\s*Sala 2/,
    )

    // 5. the exam starts: nobody is called any more
    await entry.getByRole('button', { name: 'Iniciar atendimento' }).click()
    await expect(entry.getByText('Em atendimento', { exact: true })).toBeVisible()
    await expect(entry.getByRole('button', { name: /^Chamar/ })).toHaveCount(0)
  } finally {
    await tvContext.close()
  }
})

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) })
}
