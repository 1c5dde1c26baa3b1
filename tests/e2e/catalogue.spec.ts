// The exam catalogue in a real browser against the real server (docs/decisions.md, "Exam catalogue"): ADMIN
// adds an exam with a price for a convênio on the 'Catálogo' page; a staff user books it on that convênio,
// sees Valor filled and the preparo, records a PIX payment, and the appointment shows 'Pago'.
import { expect, test } from '@playwright/test'
import { addDays, clinicToday } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, cpfFrom, signIn } from './support/app'

const run = Date.now().toString().slice(-6)
const exame = `US de partes moles ${run}`
const convenio = `Plano Catálogo ${run}`
const preparo = 'Não é preciso jejum. Trazer exames anteriores.'
const doctor = 'Otávio Rezende'
const patient = { nome: 'Lúcia Tavares', cpf: cpfFrom(`6${run}21`), rg: `66${run}` }
const staff = { nome: 'Paula Recepção', email: `paula.${run}@clinica.local`, password: 'senha-da-paula-1' }
const day = addDays(clinicToday(), 2)

test.describe.serial('the exam catalogue', () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    await apiCall(request, admin, '/medico/register', { nome: doctor })
    await apiCall(request, admin, '/users/register', staff)
    await apiCall(request, admin, '/convenio/register', { nome: convenio, ans: '123456' })
    await apiCall(request, admin, '/paciente/register', {
      nome: patient.nome,
      cpf: patient.cpf,
      rg: patient.rg,
      datanascimento: '1982-03-14T00:00:00.000Z',
      estadocivil: 'casado',
      sexo: 'feminino',
      cor: 'branco',
      naturalidade: 'Recife',
      profissao: 'Professora',
      email: `lucia.${run}@exemplo.com.br`,
      telefone: 81987654321,
      endereco: 'Rua da Aurora',
      numeroendereco: 12,
      bairro: 'Boa Vista',
      cidade: 'Recife',
      estado: 'PE',
      userId: admin.user.id,
    })
  })

  test('ADMIN adds an exam and its price on a convênio', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.getByRole('link', { name: 'Admin' }).first().click()
    await page.getByRole('link', { name: 'Catálogo' }).click()
    await expect(page.getByRole('heading', { name: 'Catálogo', level: 1 })).toBeVisible()

    const exams = page.getByRole('region', { name: 'Exames' })
    await exams.getByLabel('Nome do exame').fill(exame)
    await exams.getByLabel('Modalidade').selectOption('US')
    await exams.getByLabel('Duração (minutos)').fill('20')
    await exams.getByLabel('Código TUSS').fill('40901270')
    await exams.getByLabel('Preparo').fill(preparo)
    await exams.getByRole('button', { name: 'Salvar exame' }).click()
    await expect(page.getByText('Exame salvo com sucesso!')).toBeVisible()
    await expect(exams.getByRole('cell', { name: exame, exact: true })).toBeVisible()

    const prices = page.getByRole('region', { name: 'Preços' })
    await prices.getByLabel('Tabela do convênio').selectOption({ label: convenio })
    await prices.getByLabel(`Preço de ${exame}`, { exact: true }).fill('185,40')
    await prices.getByRole('button', { name: `Salvar preço de ${exame}` }).click()
    await expect(page.getByText('Preço salvo com sucesso!')).toBeVisible()
  })

  test("staff book it on that convênio, see Valor and the preparo, record a PIX payment: 'Pago'", async ({ page }) => {
    await signIn(page, staff.email, staff.password)
    await page.getByRole('link', { name: 'Agendamentos' }).first().click()
    await expect(page.getByRole('heading', { name: 'Gerenciamento de Agendamentos' })).toBeVisible()
    await page.getByRole('button', { name: 'Criar agendamento' }).click()
    const booking = page.getByRole('dialog', { name: 'Novo agendamento' })
    await booking.getByLabel('Data').fill(day)
    await booking.getByLabel('Hora').fill('08:10')
    await booking.getByLabel('Filtrar pacientes pelo nome').fill('lucia tavares')
    await expect(booking.getByLabel('Paciente', { exact: true })).toContainText(patient.nome)
    await booking.getByLabel('Paciente', { exact: true }).selectOption({ label: patient.nome })
    await booking.getByLabel('Doutor', { exact: true }).selectOption({ label: `Dr. ${doctor}` })
    await booking.getByLabel('Tabela de preços').selectOption({ label: convenio })
    await expect(booking.getByLabel('Convênio', { exact: true })).toHaveValue(convenio)
    await booking.getByLabel('Buscar exame no catálogo').fill(`partes moles ${run}`)
    await booking.getByRole('button', { name: `Adicionar ${exame}` }).click()
    await expect(booking.getByLabel('Valor')).toHaveValue(/R\$\s185,40/)
    await expect(booking.getByRole('region', { name: 'Preparo' })).toContainText(preparo)
    await booking.getByRole('radio', { name: 'Não' }).check()
    await booking.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText('Agendamento criado com sucesso!')).toBeVisible()

    await page.getByLabel('Buscar pelo nome do paciente').fill('lucia tavares')
    const row = page.getByRole('row', { name: new RegExp(patient.nome) })
    await row.getByRole('button', { name: 'Saiba mais' }).click()
    const detail = page.getByRole('dialog', { name: /Agendamento do paciente/ })
    const payment = detail.getByRole('region', { name: 'Pagamento' })
    await expect(payment).toContainText('Pendente')
    await payment.getByRole('button', { name: 'Registrar pagamento' }).click()
    await payment.getByLabel('Forma de pagamento').selectOption({ label: 'PIX' })
    await expect(payment.getByLabel('Valor recebido')).toHaveValue(/185,40/)
    await payment.getByRole('button', { name: 'Confirmar pagamento' }).click()
    await expect(page.getByText('Pagamento registrado com sucesso!')).toBeVisible()
    await expect(payment.getByText('Pago', { exact: true })).toBeVisible()
    await expect(detail.getByText(/Pagamento registrado: PIX/)).toBeVisible()
  })
})
