// Journey: billing the month (issue 37). ADMIN fills a convênio's 'Dados TISS'; a receptionist books with the
// patient's card and the senha, realizes the exam on the board and fills its guia; ADMIN opens 'Faturamento',
// generates the month's batch, downloads its XML (checked by Debian's xmllint against the official XSDs), sends it
// and marks its guia 'Glosado' with a code; 'Relatórios' shows the glosa. Each role starts at the home page and
// moves by clicks (docs/journeys.md, "Faturar o mês"). What the clinic keeps outside this walk (the convênio, the
// exam and its price, the CNPJ and CNES, the doctor's CRM) is set up through the API.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { addDays, clinicToday, formatDate, messages } from '@contract'
import { E2E_ADMIN } from '../../../playwright.config'
import { apiCall, apiSignIn, signIn, type ApiSession } from '../support/app'
import { newDoctor, newPatient, run } from './support'

const doctor = 'Valéria Faturamento'
const patient = 'Irene Guimarães'
const convenio = `Saúde do Mês ${run}`
const exame = `RX de tórax do mês ${run}`
const card = `7766${run}`
const senha = `MES${run}`
const staff = { nome: 'Rosa Recepção', email: `rosa.${run}@clinica.local`, password: 'senha-da-rosa-1' }
const today = clinicToday()
// the clinic's today, at 23:45: still to come whatever the time the journey runs, and in this month's batch
const entryName = `${patient}, 23:45`
const schema = fileURLToPath(new URL('../../../server/tiss/schemas/040300/tissV4_03_00.xsd', import.meta.url))

async function apiGet<T>(request: APIRequestContext, session: ApiSession, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${session.token}` } })
  expect(response.status(), `GET ${path}`).toBe(200)
  return (await response.json()) as T
}

async function more(page: Page, link: string) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Mais' }).click()
  await page.getByRole('list', { name: 'Mais páginas' }).getByRole('link', { name: link, exact: true }).click()
}

test.describe.serial('billing the month', () => {
  // the front desk's tablet
  test.use({ viewport: { width: 1180, height: 820 } })

  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    // the batch's header: the clinic's CNPJ and CNES (kept when another spec set them)
    const { configuracoes: clinica } = await apiGet<{
      configuracoes: {
        nome: string
        endereco: string
        telefone: string
        cnpj: string
        logo: string | null
        modeloMensagem: string
      }
    }>(request, admin, '/clinica/configuracoes')
    if (!/^\d{14}$/.test(clinica.cnpj))
      await apiCall(
        request,
        admin,
        '/clinica/configuracoes',
        {
          nome: clinica.nome,
          endereco: clinica.endereco || 'Rua das Acácias, 100 — Centro, Campinas/SP',
          telefone: clinica.telefone || '(19) 3232-1000',
          cnpj: '11.222.333/0001-81',
          logo: clinica.logo,
          modeloMensagem: clinica.modeloMensagem,
        },
        { method: 'PUT', status: 200 },
      )
    const { configuracoes: laudo } = await apiGet<{ configuracoes: { cnes: string } }>(request, admin, '/clinica/laudo')
    if (!/^\d{7}$/.test(laudo.cnes))
      await apiCall(request, admin, '/clinica/laudo', { ...laudo, cnes: '1234567' }, { method: 'PUT', status: 200 })
    const medicoId = await newDoctor(request, admin, doctor)
    await apiCall(
      request,
      admin,
      '/medico/update',
      { id: medicoId, tratamento: 'Dra.', crm: '556677', crmUf: 'SP', especialidade: 'Radiologia' },
      { status: 200 },
    )
    await apiCall(request, admin, '/users/register', staff)
    const { convenio: c } = await apiCall<{ convenio: { id: string } }>(request, admin, '/convenio/register', {
      nome: convenio,
      ans: '456789',
    })
    const { exame: e } = await apiCall<{ exame: { id: string } }>(request, admin, '/exame/register', {
      nome: exame,
      modalidade: 'RX',
      duracao: 15,
      tuss: '40805026',
    })
    await apiCall(
      request,
      admin,
      '/preco/definir',
      { exameId: e.id, convenioId: c.id, valorIncents: 32000 },
      { method: 'PUT', status: 200 },
    )
    await newPatient(request, admin, patient, '65')
  })

  test("ADMIN fills the convênio's TISS codes", async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await more(page, 'Dados TISS')
    const section = page.getByRole('region', { name: convenio })
    await section.getByLabel('Código do prestador na operadora').fill('PREST65')
    await section.getByRole('button', { name: `Salvar dados TISS de ${convenio}` }).click()
    await expect(page.getByText(messages.tissSaved)).toBeVisible()
  })

  test('the receptionist books with the card and the senha, realizes the exam and fills its guia', async ({ page }) => {
    await signIn(page, staff.email, staff.password)
    await page.getByRole('link', { name: 'Pacientes' }).first().click()
    await page.getByRole('searchbox', { name: 'Buscar paciente' }).fill(patient)
    await page.getByRole('button', { name: new RegExp(`^${patient}$`, 'i') }).click()
    const profile = page.getByRole('dialog', { name: new RegExp(patient, 'i') })
    const cards = profile.getByRole('region', { name: 'Carteirinhas' })
    await cards.getByRole('button', { name: 'Adicionar carteirinha' }).click()
    const form = cards.getByRole('form', { name: 'Nova carteirinha' })
    await form.getByLabel('Convênio').selectOption({ label: convenio })
    await form.getByLabel('Carteirinha', { exact: true }).fill(card)
    await form.getByLabel('Plano').fill('Apartamento')
    await form.getByLabel('Validade da carteirinha').fill(addDays(today, 400))
    await form.getByRole('button', { name: 'Salvar carteirinha' }).click()
    await expect(cards.getByRole('row', { name: new RegExp(`^${convenio}`) })).toContainText(card)

    await profile.getByRole('button', { name: 'Agendar' }).click()
    const booking = page.getByRole('dialog', { name: 'Novo agendamento' })
    await booking.getByLabel('Data').fill(today)
    await booking.getByLabel('Hora').fill('23:45')
    await booking.getByLabel('Doutor', { exact: true }).selectOption({ label: `Dra. ${doctor}` })
    await booking.getByLabel('Tabela de preços').selectOption({ label: convenio })
    await booking.getByRole('button', { name: `Usar a carteirinha ${card}` }).click()
    await booking.getByLabel('Senha de autorização').fill(senha)
    await booking.getByLabel('Buscar exame no catálogo').fill(exame)
    await booking.getByRole('button', { name: `Adicionar ${exame}` }).click()
    await expect(booking.getByLabel('Valor')).toHaveValue('R$ 320,00')
    await booking.getByRole('radio', { name: 'Não' }).check()
    await booking.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText(messages.appointmentCreated)).toBeVisible()

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
    const dados = guia.getByRole('form', { name: 'Dados da guia' })
    await expect(dados.getByLabel('Senha de autorização')).toHaveValue(senha)
    await dados.getByLabel('Data da autorização').fill(today)
    await dados.getByLabel('Validade da senha').fill(addDays(today, 30))
    await dados.getByRole('button', { name: 'Novo médico solicitante' }).click()
    const novo = dados.getByRole('group', { name: 'Novo médico solicitante' })
    await novo.getByLabel('Nome do médico solicitante').fill('Caio Prado')
    await novo.getByLabel('Número no conselho').fill(`65${run}`)
    await novo.getByLabel('UF do conselho').selectOption('SP')
    await novo.getByLabel('CBO').fill('225125')
    await novo.getByRole('button', { name: 'Salvar médico solicitante' }).click()
    await expect(dados.getByLabel('Médico solicitante', { exact: true })).toHaveValue(/.+/)
    await dados.getByLabel('Indicação clínica').fill('Tosse há três semanas')
    await dados.getByRole('button', { name: 'Salvar guia' }).click()
    await expect(dados.getByText('dado ao salvar a guia')).toBeHidden()
  })

  test("ADMIN bills the month, downloads the XML, marks the guia 'Glosado', and the report shows it", async ({
    page,
  }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await more(page, 'Faturamento')
    await page.getByLabel('Convênio').selectOption({ label: convenio })
    const pendentes = page.getByRole('region', { name: 'Atendimentos a faturar' })
    await expect(pendentes.getByText(new RegExp(`${formatDate(today)} 23:45 — ${patient}`, 'i'))).toBeVisible()
    await expect(pendentes.getByText('Pronta', { exact: true })).toBeVisible()
    await pendentes.getByRole('button', { name: 'Gerar lote' }).click()
    await expect(page.getByText(messages.tissLoteGenerated)).toBeVisible()

    const lote = page.getByRole('article', { name: 'Lote 1' })
    await expect(lote).toContainText('1 guia · R$ 320,00')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      lote.getByRole('button', { name: 'Baixar XML' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('lote-tiss-1.xml')
    const file = test.info().outputPath('lote-tiss-1.xml')
    await download.saveAs(file)
    const check = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' })
    expect(check.stderr).toMatch(/validates/)

    const envio = lote.getByRole('form', { name: 'Envio do Lote 1' })
    await envio.getByLabel('Protocolo da operadora').fill(`P${run}`)
    await envio.getByRole('button', { name: 'Marcar como enviado' }).click()
    await expect(lote.getByRole('heading', { level: 3 })).toContainText('Enviado')
    const retorno = lote.getByRole('form', { name: /^Retorno da Guia / })
    await retorno.getByLabel('Retorno').selectOption('Glosado')
    await retorno.getByLabel('Valor pago (R$)').fill('0,00')
    await retorno.getByLabel('Código de glosa (ANS)').fill('1801')
    await retorno.getByLabel('Motivo da glosa').fill('Procedimento sem indicação')
    await retorno.getByRole('button', { name: 'Salvar retorno' }).click()
    await expect(lote.getByRole('listitem').filter({ hasText: new RegExp(patient, 'i') })).toContainText(
      'Glosado · pago R$ 0,00 · glosa 1801: Procedimento sem indicação',
    )

    await more(page, 'Relatórios')
    const faturamento = page.getByRole('region', { name: 'Faturamento dos convênios' })
    const row = faturamento.getByRole('row', { name: new RegExp(`^${convenio}`) })
    await expect(row.getByRole('cell')).toHaveText([
      `${today.slice(5, 7)}/${today.slice(0, 4)}`,
      '1',
      'R$ 320,00',
      '1',
      'R$ 320,00',
      'R$ 0,00',
      'R$ 320,00',
      '0',
    ])
    await page.screenshot({ path: 'test-results/journeys/bill-the-month.png', fullPage: true })
  })
})
