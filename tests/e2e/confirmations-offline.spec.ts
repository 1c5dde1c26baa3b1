// 'Confirmações de amanhã' offline (issue 34): opened once online, the list is there when the connection is
// gone and the app starts again — from the persisted read cache, reached by clicks from the home page.
import { expect, test } from '@playwright/test'
import { clinicToday, nextWorkingDay } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, cpfFrom, readPersistedCache, signIn, waitForServiceWorkerControl } from './support/app'

// this file is about the service worker and the offline cache (playwright.config.ts blocks the worker elsewhere)
test.use({ serviceWorkers: 'allow' })

const run = Date.now().toString().slice(-6)
const reception = { nome: 'Neide Recepção', email: `neide.${run}@clinica.local`, password: 'senha-da-neide-1' }
const patient = 'Raimunda Bezerra'

test.beforeAll(async ({ request }) => {
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  await apiCall(request, admin, '/users/register', reception)
  const { medico } = await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', {
    nome: 'Joaquim Teles',
  })
  const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
    nome: patient,
    cpf: cpfFrom(`3${run}41`),
    rg: `33${run}`,
    datanascimento: '1958-02-01T00:00:00.000Z',
    estadocivil: 'viúvo',
    sexo: 'feminino',
    cor: 'pardo',
    naturalidade: 'Teresina',
    profissao: 'Aposentada',
    email: `raimunda.${run}@exemplo.com.br`,
    telefone: 86987654321,
    endereco: 'Rua Areolino de Abreu',
    numeroendereco: 5,
    bairro: 'Centro',
    cidade: 'Teresina',
    estado: 'PI',
    userId: admin.user.id,
  })
  await apiCall(request, admin, '/agendamento/register', {
    datahora: `${nextWorkingDay(clinicToday())}T10:15:00.000Z`,
    valorIncents: 9000,
    estaPago: false,
    convenio: '',
    anotacao: '',
    exames: ['Raio-X de tórax'],
    userId: admin.user.id,
    pacienteId: paciente.id,
    medicoId: medico.id,
  })
})

test("'Confirmações de amanhã' opened online is there offline after the app starts again", async ({
  page,
  context,
}) => {
  await signIn(page, reception.email, reception.password)
  await waitForServiceWorkerControl(page)
  const openConfirmations = async () => {
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Mais' }).click()
    await page.getByRole('list', { name: 'Mais páginas' }).getByRole('link', { name: 'Confirmações de amanhã' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmações de amanhã' })).toBeVisible()
  }
  await openConfirmations()
  await expect(page.getByRole('cell', { name: patient, exact: true })).toBeVisible()
  await expect.poll(async () => (await readPersistedCache(page)) ?? '').toContain(patient.toLowerCase())

  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Página inicial' }).click()
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: /^Agendamentos dia / })).toBeVisible()
  await openConfirmations()
  await expect(page.getByRole('cell', { name: patient, exact: true })).toBeVisible()
  await context.setOffline(false)
})
