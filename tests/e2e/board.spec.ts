// The front desk's day in a real browser against the real server: a reception tablet and a doctor's
// phone (390 px), two browser contexts. The tablet presses 'Registrar chegada'; the phone, signed in as
// the user linked to that doctor and never reloaded, shows the patient as 'Aguardando' within 10 s.
// Offline, the phone's board still opens and shows the statuses.
import { expect, test, type Page } from '@playwright/test'
import { clinicToday, formatDate, messages } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, cpfFrom, readPersistedCache, signIn, waitForServiceWorkerControl } from './support/app'

// this file is about the service worker and the offline cache (playwright.config.ts blocks the worker elsewhere)
test.use({ serviceWorkers: 'allow' })

const run = Date.now().toString().slice(-6)
const doctor = 'Beatriz Falcão'
const patient = { nome: 'Josué Quintela', cpf: cpfFrom(`7${run}33`), rg: `77${run}` }
const reception = { nome: 'Rita Recepção', email: `rita.${run}@clinica.local`, password: 'senha-da-rita-1' }
const doctorUser = { nome: 'Beatriz Falcão', email: `beatriz.${run}@clinica.local`, password: 'senha-da-beatriz-1' }
// the clinic's today, at 23:50: still to come whatever the time the tests run
const entryName = `${patient.nome}, 23:50`

test.describe.serial("the front desk's day", () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    const { medico } = await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', { nome: doctor })
    await apiCall(request, admin, '/users/register', reception)
    await apiCall(request, admin, '/users/register', { ...doctorUser, medicoId: medico.id })
    const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
      nome: patient.nome,
      cpf: patient.cpf,
      rg: patient.rg,
      datanascimento: '1970-08-21T00:00:00.000Z',
      estadocivil: 'casado',
      sexo: 'masculino',
      cor: 'pardo',
      naturalidade: 'Natal',
      profissao: 'Pescador',
      email: `josue.${run}@exemplo.com.br`,
      telefone: 84987654321,
      endereco: 'Rua do Farol',
      numeroendereco: 7,
      bairro: 'Ponta Negra',
      cidade: 'Natal',
      estado: 'RN',
      userId: admin.user.id,
    })
    const { agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
      request,
      admin,
      '/agendamento/register',
      {
        datahora: `${clinicToday()}T23:50:00.000Z`,
        valorIncents: 18000,
        estaPago: true,
        convenio: 'Unimed',
        anotacao: '',
        exames: ['Ultrassonografia de abdome total'],
        userId: admin.user.id,
        pacienteId: paciente.id,
        medicoId: medico.id,
      },
    )
    // confirmed by phone yesterday: the next step at the desk is the arrival
    await apiCall(
      request,
      admin,
      '/agendamento/status',
      { id: agendamento.id, versao: agendamento.versao, status: 'confirmado' },
      { status: 200 },
    )
  })

  const entry = (page: Page) => page.getByRole('group', { name: entryName })

  test("the tablet registers the arrival; the doctor's phone shows 'Aguardando' within 10 s; offline the phone still shows it", async ({
    browser,
  }) => {
    const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 } })
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    try {
      const desk = await tablet.newPage()
      await signIn(desk, reception.email, reception.password)
      await expect(entry(desk).getByText('Confirmado')).toBeVisible()

      const mobile = await phone.newPage()
      await mobile.goto('/login')
      await mobile.getByLabel('Usuário').fill(doctorUser.email)
      await mobile.getByLabel('Senha').fill(doctorUser.password)
      await mobile.getByRole('button', { name: 'Entrar' }).click()
      // a user linked to a doctor opens on their own agenda
      await expect(
        mobile.getByRole('heading', { level: 1, name: `Minha agenda ${formatDate(clinicToday())}` }),
      ).toBeVisible()
      await expect(mobile).toHaveURL(/\/minha-agenda$/)
      await waitForServiceWorkerControl(mobile)
      await expect(entry(mobile).getByText('Confirmado')).toBeVisible()
      // built for the phone: nothing wider than the screen
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

      await entry(desk).getByRole('button', { name: 'Registrar chegada' }).click()
      // it asks the legal priority first (issue 38): none
      await desk
        .getByRole('dialog', { name: /^Registrar chegada de/ })
        .getByRole('button', { name: 'Registrar chegada' })
        .click()
      await expect(entry(desk).getByText('Aguardando', { exact: true })).toBeVisible()

      // the phone was not reloaded: its board polls the day's version
      await expect(entry(mobile).getByText('Aguardando', { exact: true })).toBeVisible({ timeout: 10_000 })
      await expect(entry(mobile).getByText(/^aguardando há \d+ min$/)).toBeVisible()
      await expect(entry(mobile).getByRole('button', { name: 'Iniciar atendimento' })).toBeEnabled()

      // offline: the board opens from the saved copy, statuses included, and its buttons say why they wait
      await expect
        .poll(async () => (await readPersistedCache(mobile)) ?? '', { timeout: 10_000 })
        .toContain('"status":"aguardando"')
      await phone.setOffline(true)
      await mobile.reload()
      await expect(mobile.getByText(messages.offlineShowingSaved)).toBeVisible()
      await expect(entry(mobile).getByText('Aguardando', { exact: true })).toBeVisible()
      const start = entry(mobile).getByRole('button', { name: 'Iniciar atendimento' })
      await expect(start).toBeDisabled()
      await expect(start).toHaveAccessibleDescription(messages.offlineChangesDisabled)
    } finally {
      await tablet.close()
      await phone.close()
    }
  })
})
