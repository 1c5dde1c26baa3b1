// TISS at the front desk (issue 37 points 2, 3 and 6) in a real browser against the real server: a
// receptionist adds the patient's card on the profile, books on the convênio by clicks with that card and
// the senha, walks the appointment to 'Realizado' on the board, fills the guia (dates, a new requesting
// doctor) and prints it: the guia SP/SADT rendered to PDF by Chromium and read back with poppler's pdftotext.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { addDays, clinicToday, formatDate, messages } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, signIn } from './support/app'
import { newDoctor, newPatient, run } from './support/booking'

const doctor = 'Renata Moraes'
const patient = 'Iracema Bastos'
const convenio = `Saúde Balcão ${run}`
const exame = `TC de seios da face ${run}`
const tuss = '41001095'
const card = `8855${run}`
const senha = `AUT${run}`
const staff = { nome: 'Sônia Recepção', email: `sonia.${run}@clinica.local`, password: 'senha-da-sonia-1' }
const today = clinicToday()
// the clinic's today, at 23:40: still to come whatever the time the tests run
const entryName = `${patient}, 23:40`
const pdfDir = 'test-results/tiss-desk'

/** The page as Chromium prints it (print media), as pdftotext -layout reads it. */
async function printed(page: Page): Promise<string> {
  await page.emulateMedia({ media: 'print' })
  const pdf = await page.pdf({ preferCSSPageSize: true })
  await page.emulateMedia({ media: 'screen' })
  mkdirSync(pdfDir, { recursive: true })
  const file = `${pdfDir}/guia-${run}.pdf`
  writeFileSync(file, pdf)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

test.describe.serial('TISS at the front desk', () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    await newDoctor(request, admin, doctor)
    await apiCall(request, admin, '/users/register', staff)
    const { convenio: c } = await apiCall<{ convenio: { id: string } }>(request, admin, '/convenio/register', {
      nome: convenio,
      ans: '345678',
    })
    const { exame: e } = await apiCall<{ exame: { id: string } }>(request, admin, '/exame/register', {
      nome: exame,
      modalidade: 'TC',
      duracao: 20,
      tuss,
    })
    await apiCall(
      request,
      admin,
      '/preco/definir',
      { exameId: e.id, convenioId: c.id, valorIncents: 32000 },
      { method: 'PUT', status: 200 },
    )
    // the convênio authorises this exam beforehand: 'Realizado' needs the senha
    await apiCall(
      request,
      admin,
      '/tiss/convenio',
      { convenioId: c.id, codigoPrestador: '000555', examesComAutorizacao: [e.id] },
      { method: 'PUT', status: 200 },
    )
    await newPatient(request, admin, patient, '55')
  })

  test('the receptionist adds the card on the profile and books with it and the senha', async ({ page }) => {
    await signIn(page, staff.email, staff.password)
    await page.getByRole('link', { name: 'Pacientes' }).first().click()
    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill(patient)
    await page.getByRole('button', { name: new RegExp(`^${patient}$`, 'i') }).click()
    const profile = page.getByRole('dialog', { name: new RegExp(patient, 'i') })
    const cards = profile.getByRole('region', { name: 'Carteirinhas' })
    await expect(cards.getByText('Nenhuma carteirinha cadastrada.')).toBeVisible()
    await cards.getByRole('button', { name: 'Adicionar carteirinha' }).click()
    const form = cards.getByRole('form', { name: 'Nova carteirinha' })
    await form.getByLabel('Convênio').selectOption({ label: convenio })
    await form.getByLabel('Carteirinha', { exact: true }).fill(card)
    await form.getByLabel('Plano').fill('Enfermaria')
    await form.getByLabel('Validade da carteirinha').fill(addDays(today, 400))
    await form.getByRole('button', { name: 'Salvar carteirinha' }).click()
    await expect(cards.getByRole('row', { name: new RegExp(`^${convenio}`) })).toContainText(card)

    await profile.getByRole('button', { name: 'Agendar' }).click()
    const booking = page.getByRole('dialog', { name: 'Novo agendamento' })
    await booking.getByLabel('Data').fill(today)
    await booking.getByLabel('Hora').fill('23:40')
    await booking.getByLabel('Doutor', { exact: true }).selectOption({ label: `Dr. ${doctor}` })
    await booking.getByLabel('Tabela de preços').selectOption({ label: convenio })
    await booking.getByRole('button', { name: `Usar a carteirinha ${card}` }).click()
    await expect(booking.getByLabel('Número da carteirinha')).toHaveValue(card)
    await booking.getByLabel('Senha de autorização').fill(senha)
    await booking.getByLabel('Buscar exame no catálogo').fill(exame)
    await booking.getByRole('button', { name: `Adicionar ${exame}` }).click()
    await expect(booking.getByLabel('Valor')).toHaveValue('R$ 320,00')
    await booking.getByRole('radio', { name: 'Não' }).check()
    await booking.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText(messages.appointmentCreated)).toBeVisible()
  })

  test('on the board it is realized, its guia filled and printed as a guia SP/SADT', async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => {}
    })
    await signIn(page, staff.email, staff.password)
    await page.getByRole('link', { name: 'Página inicial' }).first().click()
    await page.getByRole('link', { name: new RegExp(`^${patient}`) }).click()
    const panel = page.getByRole('dialog', { name: entryName })
    await panel.getByRole('button', { name: 'Registrar chegada' }).click()
    await page
      .getByRole('dialog', { name: new RegExp(`^Registrar chegada de ${patient}`) })
      .getByRole('button', { name: 'Registrar chegada' })
      .click()
    await panel.getByRole('button', { name: 'Iniciar atendimento' }).click()
    await panel.getByRole('button', { name: 'Concluir' }).click()
    await expect(panel.getByText('Realizado', { exact: true })).toBeVisible()

    await panel.getByRole('button', { name: 'Guia TISS' }).click()
    const guia = page.getByRole('dialog', { name: `Guia TISS de ${patient}` })
    const form = guia.getByRole('form', { name: 'Dados da guia' })
    await expect(form.getByLabel('Senha de autorização')).toHaveValue(senha)
    await form.getByLabel('Data da autorização').fill(addDays(today, -1))
    await form.getByLabel('Validade da senha').fill(addDays(today, 30))
    await form.getByRole('button', { name: 'Novo médico solicitante' }).click()
    const novo = form.getByRole('group', { name: 'Novo médico solicitante' })
    await novo.getByLabel('Nome do médico solicitante').fill('Tarcísio Lobo')
    await novo.getByLabel('Número no conselho').fill(run)
    await novo.getByLabel('UF do conselho').selectOption('PE')
    await novo.getByLabel('CBO').fill('225125')
    await novo.getByRole('button', { name: 'Salvar médico solicitante' }).click()
    await expect(form.getByLabel('Médico solicitante', { exact: true })).toHaveValue(/.+/)
    await form.getByLabel('Indicação clínica').fill('Sinusite de repetição')
    await form.getByRole('button', { name: 'Salvar guia' }).click()
    await expect(form.getByText('dado ao salvar a guia')).toBeHidden()
    await form.getByRole('button', { name: 'Imprimir guia' }).click()

    const text = await printed(page)
    for (const expected of [
      'Guia de SP/SADT',
      '345678',
      senha,
      card,
      formatDate(addDays(today, 30)),
      'Iracema Bastos',
      'Tarcísio Lobo',
      '225125',
      '000555',
      tuss,
      // the description's column wraps the run's digits onto a line of their own
      'TC de seios da face',
      'Sinusite de repetição',
      'R$ 320,00',
    ])
      expect(text).toContain(expected)
    // only the guia on paper: not the receipt behind it, nor the app
    expect(text).not.toContain('Comprovante de agendamento')
    expect(text).not.toContain('Salvar guia')
  })
})
