// 'Relatórios' in a real browser against the real server: a month of the clinic's appointments (booked
// through the API, as the other specs seed their data, in a month no other spec books) renders its SVG
// charts and their tables, and 'Exportar planilha' downloads a CSV for Excel pt-BR with one row per
// appointment of the month.
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { addDays, clinicToday, formatDate } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, cpfFrom, signIn } from './support/app'

const run = Date.now().toString().slice(-6)
// a month about 13 months ahead: within the 2-year booking horizon, and no other spec books there
const day = `${addDays(clinicToday(), 400).slice(0, 8)}15`
const month = day.slice(0, 7)
const lastDay = addDays(`${addDays(`${month}-01`, 31).slice(0, 8)}01`, -1)

test.describe.serial('reports', () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    const { medico } = await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', {
      nome: 'Otávio Relatório',
    })
    const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
      nome: 'Helena Planilha',
      cpf: cpfFrom(`5${run}44`),
      rg: `55${run}`,
      datanascimento: '1982-03-14T00:00:00.000Z',
      estadocivil: 'solteiro',
      sexo: 'feminino',
      cor: 'branco',
      naturalidade: 'Recife',
      profissao: 'Contadora',
      email: `helena.${run}@exemplo.com.br`,
      telefone: 81987654321,
      endereco: 'Rua da Aurora',
      numeroendereco: 12,
      bairro: 'Boa Vista',
      cidade: 'Recife',
      estado: 'PE',
      userId: admin.user.id,
    })
    const book = (date: string, time: string, extra: Record<string, unknown>) =>
      apiCall<{ agendamento: { id: string; versao: number } }>(request, admin, '/agendamento/register', {
        datahora: `${date}T${time}:00.000Z`,
        valorIncents: 15_000,
        estaPago: false,
        convenio: 'Unimed',
        anotacao: '',
        exames: ['Raio-X de tórax'],
        userId: admin.user.id,
        pacienteId: paciente.id,
        medicoId: medico.id,
        ...extra,
      })
    await book(`${month}-03`, '08:00', { estaPago: true, valorIncents: 12_050 })
    const paid = await book(day, '10:30', { convenio: '', exames: ['Ultrassonografia de abdome total'] })
    // 50,00 of its 150,00 received by PIX: 'Valor recebido' counts the payment, not estapago (#12)
    await apiCall(
      request,
      admin,
      '/pagamento/register',
      { agendamentoId: paid.agendamento.id, forma: 'pix', valorIncents: 5_000, data: clinicToday() },
      { status: 201 },
    )
    const { agendamento } = await book(lastDay, '23:30', { convenio: 'Bradesco Saúde' })
    await apiCall(
      request,
      admin,
      '/agendamento/status',
      { id: agendamento.id, versao: agendamento.versao, status: 'cancelado', motivo: 'paciente' },
      { status: 200 },
    )
  })

  test("the month's report renders its charts, and the export downloads the month's rows", async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.getByRole('link', { name: 'Relatórios' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible()
    await page.getByRole('radio', { name: 'Mês' }).check()
    await page.getByLabel('Um dia do mês').fill(day)
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(
      `${formatDate(`${month}-01`)} a ${formatDate(lastDay)}`,
    )
    const byStatus = page.getByRole('img', { name: /^Agendamentos por status/ })
    await expect(byStatus).toBeVisible()
    await expect(byStatus).toHaveAccessibleName(/3 agendamentos — Agendado: 2; Cancelado: 1\./)
    // the bars are drawn: Agendado's (2) twice as long as Cancelado's (1)
    const bars = byStatus.locator('rect.bar')
    await expect(bars).toHaveCount(7)
    const [agendado, cancelado] = await Promise.all([bars.nth(0), bars.nth(6)].map((bar) => bar.getAttribute('width')))
    expect(Number(agendado)).toBeCloseTo(2 * Number(cancelado))
    await expect(page.getByRole('img', { name: /^Por exame/ })).toBeVisible()
    await page.getByText('Ver tabela: Valor agendado e recebido por convênio').click()
    const convenios = page.getByRole('table', { name: 'Valor agendado e recebido por convênio' })
    await expect(convenios.getByRole('row')).toHaveText([
      /Agendado\s*Recebido/,
      /Sem convênio/,
      /Bradesco Saúde/,
      /Unimed/,
    ])
    await expect(convenios.getByRole('row', { name: /Unimed/ })).toContainText('R$ 120,50')
    await page.getByText('Ver tabela: Valor recebido por forma de pagamento').click()
    const formas = page.getByRole('table', { name: 'Valor recebido por forma de pagamento' })
    await expect(formas.getByRole('row')).toHaveText([
      /Recebido/,
      /Pago sem forma registrada\s*R\$\s120,50/,
      /PIX\s*R\$\s50,00/,
    ])
    await expect(page.getByRole('img', { name: /^Por equipamento/ })).toBeVisible()

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Exportar planilha' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`agendamentos-${month}-01-a-${lastDay}.csv`)
    const bytes = await readFile((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(lines).toEqual([
      'Data;Hora;Paciente;Médico;Convênio;Exames;Status;Valor (R$);Pago;Chegada;Início do atendimento;Espera (min);Cancelamento tardio;Recebido (R$);Formas de pagamento;Modalidades;Equipamento',
      `${formatDate(`${month}-03`)};08:00;Helena Planilha;Otávio Relatório;Unimed;Raio-X de tórax;Agendado;120,50;Sim;;;;;120,50;;;`,
      `${formatDate(day)};10:30;Helena Planilha;Otávio Relatório;;Ultrassonografia de abdome total;Agendado;150,00;Não;;;;;50,00;PIX;;`,
      `${formatDate(lastDay)};23:30;Helena Planilha;Otávio Relatório;Bradesco Saúde;Raio-X de tórax;Cancelado;150,00;Não;;;;Não;0,00;;;`,
      '',
    ])
  })
})
