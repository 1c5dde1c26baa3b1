// The clinic's day in a real browser against the real server (production build, embedded PostgreSQL):
// the administrator sets up a doctor and a receptionist; the receptionist registers a patient, books an
// appointment and finds it on the home page; the delete rules; the admin guard; the sign-in throttle.
import { expect, test, type Page } from '@playwright/test'
import { clinicToday, formatDate } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { cpfFrom, expectFailureInDialog } from './support/app'

const run = Date.now().toString().slice(-6)
const doctor = 'Helena Moura'
const staff = { nome: 'Rita Recepcionista', email: `rita.${run}@clinica.local`, password: 'recepcao-123' }
const patient = { nome: 'Conceição Araújo', cpf: cpfFrom(`${run}123`), rg: `77${run}` }

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Faça seu login' })).toBeVisible()
  await page.getByLabel('Usuário').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByText('Logado com sucesso!')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

test.describe.serial('a day at the clinic', () => {
  test('the administrator registers a doctor and a receptionist', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.getByRole('navigation').first().getByRole('link', { name: 'Admin' }).click()
    await expect(page).toHaveURL(/\/admin$/)

    const doctors = page.locator('section', { has: page.getByRole('heading', { name: 'Cadastro de Doutores' }) })
    await doctors.getByLabel('Nome do doutor').fill('Helena 2')
    await doctors.getByRole('button', { name: 'Criar' }).click()
    await expect(doctors.getByText('Somente letras são permitidas')).toBeVisible()
    await doctors.getByLabel('Nome do doutor').fill(doctor)
    await doctors.getByRole('button', { name: 'Criar' }).click()
    await expect(page.getByText('Doutor criado com sucesso!')).toBeVisible()

    const users = page.locator('section', { has: page.getByRole('heading', { name: 'Criar usuário' }) })
    await users.getByLabel('Nome').fill(staff.nome)
    await users.getByLabel('E-mail').fill(staff.email)
    await users.getByLabel('Senha').fill('curta')
    await users.getByRole('button', { name: 'Criar' }).click()
    await expect(users.getByText('Mínimo 8 caracteres')).toBeVisible()
    await users.getByLabel('Senha').fill(staff.password)
    await users.getByRole('button', { name: 'Criar' }).click()
    await expect(page.getByText('Usuário criado com sucesso!')).toBeVisible()
    await signOut(page)
  })

  test('a receptionist cannot enter the administration', async ({ page }) => {
    await signIn(page, staff.email, staff.password)
    await expect(page.getByText('Bem vindo Rita')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0)
    await page.goto('/admin')
    await expect(page.getByText('Apenas administradores podem acessar esta área.')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })

  test('registers a patient through the wizard, books today and sees it on the home page', async ({ page }) => {
    await signIn(page, staff.email, staff.password)
    await page.getByRole('link', { name: 'Pacientes' }).first().click()
    await page.getByRole('button', { name: 'Cadastrar paciente' }).click()
    const wizard = page.getByRole('dialog')
    await wizard.getByRole('button', { name: 'Próximo' }).click()
    await expect(page.getByText('Por favor preencha todos os dados!')).toBeVisible()
    await wizard.getByLabel('Nome', { exact: true }).fill(patient.nome)
    await wizard.getByLabel('CPF').fill(patient.cpf)
    await wizard.getByLabel('RG').fill(patient.rg)
    await wizard.getByLabel('Data de nascimento').fill('02/03/1984')
    await wizard.getByLabel('Estado civil').selectOption('casado')
    await wizard.getByLabel('Sexo').selectOption('feminino')
    await wizard.getByLabel('Cor').selectOption('pardo')
    await wizard.getByLabel('Naturalidade').fill('Salvador')
    await wizard.getByLabel('Profissão').fill('Professora')
    await wizard.getByLabel('E-mail').fill('conceicao@exemplo.com.br')
    await wizard.getByLabel('Telefone').fill('71987654321')
    await wizard.getByRole('button', { name: 'Próximo' }).click()
    await wizard.getByRole('textbox', { name: 'Endereço' }).fill('Rua das Flores')
    await wizard.getByLabel('Número').fill('12')
    await wizard.getByLabel('Bairro').fill('Centro')
    await wizard.getByLabel('Cidade').fill('Salvador')
    await wizard.getByLabel('Estado').selectOption('BA')
    await wizard.getByRole('button', { name: 'Próximo' }).click()
    await expect(wizard.getByText('Rua das Flores')).toBeVisible() // the review shows what was typed
    await wizard.getByRole('button', { name: 'Confirmar cadastro' }).click()
    await expect(page.getByText('Paciente criado com sucesso!')).toBeVisible()
    await expect(page.getByRole('cell', { name: patient.nome })).toBeVisible()
    // the new patient's profile opens with 'Agendar' (issue 34); this journey books from 'Agendamentos'
    const profile = page.getByRole('dialog', { name: patient.nome })
    await expect(profile.getByRole('button', { name: 'Agendar' })).toBeVisible()
    await profile.getByRole('button', { name: 'Fechar' }).click()

    // the same CPF again is refused
    await page.getByRole('button', { name: 'Cadastrar paciente' }).click()
    await wizard.getByLabel('Nome', { exact: true }).fill('Outra Pessoa')
    await wizard.getByLabel('CPF').fill(patient.cpf)
    await wizard.getByLabel('RG').fill(`88${run}`)
    await wizard.getByLabel('Data de nascimento').fill('01/01/1990')
    await wizard.getByLabel('Estado civil').selectOption('solteiro')
    await wizard.getByLabel('Sexo').selectOption('masculino')
    await wizard.getByLabel('Cor').selectOption('branco')
    for (const label of ['Naturalidade', 'Profissão']) await wizard.getByLabel(label).fill('Recife')
    await wizard.getByLabel('E-mail').fill('outra@exemplo.com.br')
    await wizard.getByLabel('Telefone').fill('81987654321')
    await wizard.getByRole('button', { name: 'Próximo' }).click()
    for (const label of ['Endereço', 'Bairro', 'Cidade'])
      await wizard.getByRole('textbox', { name: label }).fill('Recife')
    await wizard.getByLabel('Número').fill('1')
    await wizard.getByLabel('Estado').selectOption('PE')
    await wizard.getByRole('button', { name: 'Próximo' }).click()
    await wizard.getByRole('button', { name: 'Confirmar cadastro' }).click()
    await expectFailureInDialog(wizard, 'Paciente já existente ou já inativado!')
    await wizard.getByRole('button', { name: 'Cancelar' }).click()
    await wizard.getByRole('button', { name: 'Descartar' }).click()

    // book today at the clinic
    await page.getByRole('link', { name: 'Agendamentos' }).first().click()
    await expect(page.getByRole('heading', { name: 'Gerenciamento de Agendamentos' })).toBeVisible()
    await page.getByRole('button', { name: 'Criar agendamento' }).click()
    const booking = page.getByRole('dialog', { name: 'Novo agendamento' })
    await booking.getByLabel('Valor').fill('1.234,56')
    await booking.getByLabel('Data').fill(clinicToday())
    await booking.getByLabel('Hora').fill('23:40')
    await booking.getByLabel('Filtrar pacientes pelo nome').fill('conceicao')
    await expect(booking.getByLabel('Paciente', { exact: true })).toContainText(patient.nome)
    await booking.getByLabel('Paciente', { exact: true }).selectOption({ label: patient.nome })
    await booking.getByLabel('Doutor', { exact: true }).selectOption({ label: `Dr. ${doctor}` })
    await booking.getByRole('button', { name: 'Adicionar exame' }).click()
    await expect(booking.getByText('O campo do novo exame está vazio.')).toBeVisible()
    await booking.getByLabel('Novo exame').fill('Raio-X de tórax')
    await booking.getByRole('button', { name: 'Adicionar exame' }).click()
    await booking.getByLabel('Convênio').fill('Unimed')
    await booking.getByRole('radio', { name: 'Não' }).check()
    await booking.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText('Agendamento criado com sucesso!')).toBeVisible()
    await expect(page.getByRole('cell', { name: `Dr. ${doctor}` })).toBeVisible()

    // the same doctor at the same time is taken
    await page.getByRole('button', { name: 'Criar agendamento' }).click()
    await booking.getByLabel('Valor').fill('100,00')
    await booking.getByLabel('Data').fill(clinicToday())
    await booking.getByLabel('Hora').fill('23:40')
    await booking.getByLabel('Filtrar pacientes pelo nome').fill('conceicao')
    await expect(booking.getByLabel('Paciente', { exact: true })).toContainText(patient.nome)
    await booking.getByLabel('Paciente', { exact: true }).selectOption({ label: patient.nome })
    await booking.getByLabel('Doutor', { exact: true }).selectOption({ label: `Dr. ${doctor}` })
    await booking.getByLabel('Novo exame').fill('Ultrassom')
    await booking.getByRole('button', { name: 'Adicionar exame' }).click()
    await booking.getByRole('radio', { name: 'Sim' }).check()
    await booking.getByRole('button', { name: 'Confirmar' }).click()
    await expectFailureInDialog(booking, 'Este doutor já possui um agendamento neste horário!')
    await booking.getByRole('button', { name: 'Cancelar' }).click()

    // the home page lists today's appointment
    await page.getByRole('link', { name: 'Página inicial' }).first().click()
    await expect(page.getByRole('heading', { name: `Agendamentos dia ${formatDate(clinicToday())}` })).toBeVisible()
    const entry = page.getByRole('link', { name: new RegExp(patient.nome) })
    await expect(entry).toContainText(`${formatDate(clinicToday())} 23:40`)
    await expect(entry).toContainText(`Dr. ${doctor}`)
    // a press opens the entry's panel over the board (issue 34)
    await entry.click()
    await expect(page.getByRole('dialog', { name: `${patient.nome}, 23:40` })).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })

  test('a patient with appointments cannot be deleted; without them, can, and the admin reactivates', async ({
    page,
  }) => {
    await signIn(page, staff.email, staff.password)
    await page.getByRole('link', { name: 'Pacientes' }).first().click()
    const row = page.getByRole('row', { name: new RegExp(patient.nome) })
    await row.getByRole('button', { name: 'Deletar' }).click()
    await expect(page.getByText('Deseja realmente excluir este paciente?')).toBeVisible()
    await page.getByRole('button', { name: 'Confirmar' }).click()
    // the confirmation stays open with the reason (docs/decisions.md, "Failures (the PWA)")
    const confirmation = page.getByRole('dialog')
    await expectFailureInDialog(confirmation, 'Paciente possui agendamentos!')
    await confirmation.getByRole('button', { name: 'Cancelar' }).click()

    await page.getByRole('link', { name: 'Agendamentos' }).first().click()
    // the patients' table has this patient's row (and its 'Deletar') until the appointments' page replaces it
    const appointment = page
      .getByRole('table', { name: 'Agendamentos' })
      .getByRole('row', { name: new RegExp(patient.nome) })
    await appointment.getByRole('button', { name: 'Deletar' }).click()
    await expect(page.getByText('Deseja realmente excluir este agendamento?')).toBeVisible()
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText('Agendamento deletado com sucesso!')).toBeVisible()
    // other specs share this server (the board's appointments stay): this patient's row is what must go
    await expect(page.getByRole('row', { name: new RegExp(patient.nome) })).toHaveCount(0)

    await page.getByRole('link', { name: 'Pacientes' }).first().click()
    await page
      .getByRole('row', { name: new RegExp(patient.nome) })
      .getByRole('button', { name: 'Deletar' })
      .click()
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText('Paciente deletado com sucesso!')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(patient.nome) })).toHaveCount(0)
    await signOut(page)

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto('/admin')
    const inactive = page.getByRole('row', { name: new RegExp(patient.nome) })
    await inactive.getByRole('button', { name: 'Ativar' }).click()
    await expect(inactive).toHaveCount(0)
    await page.getByRole('link', { name: 'Pacientes' }).first().click()
    await expect(page.getByRole('cell', { name: patient.nome })).toBeVisible()
  })

  test('the sign-in page blocks a sixth attempt within a minute', async ({ page }) => {
    await page.goto('/login')
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Usuário').fill(`ninguem.${run}@clinica.local`)
      await page.getByLabel('Senha').fill(`errada-${attempt}`)
      // each attempt's own answer: a toast still on screen from the one before does not count
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/session')
      await page.getByRole('button', { name: 'Entrar' }).click()
      expect((await answer).status()).toBe(401)
      await expect(page.getByText('Email ou senha inválidos').last()).toBeVisible()
    }
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByText('Aguarde 60 segundos para tentar logar novamente!')).toBeVisible()
  })
})
