// Messages and printouts in a real browser against the real server: the wa.me link of a known
// appointment decoded and compared; the receipt (A4 and 80 mm) and the day list rendered to PDF by
// Chromium (print media) and read back with poppler's pdftotext: the expected lines are there, the
// navigation and buttons are not, and the 80 mm layout is one column on 80 mm paper.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { clinicToday, DEFAULT_MESSAGE_TEMPLATE, formatDate, nextWorkingDay, weekdayOf } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, cpfFrom, signIn } from './support/app'

const run = Date.now().toString().slice(-6)
const dia = nextWorkingDay(clinicToday())
const doctor = `Valéria Campos`
const clinic = {
  nome: 'Clínica Imagem Viva',
  endereco: 'Avenida Brasil, 1500 - Centro, Campinas/SP',
  telefone: '(19) 3232-1000',
  cnpj: '11.222.333/0001-81',
  logo: null,
  modeloMensagem: DEFAULT_MESSAGE_TEMPLATE,
}
const mobile = {
  nome: 'Heloísa Brandão',
  cpf: cpfFrom(`4${run}21`),
  rg: `41${run}`,
  telefone: 11987650000 + (Number(run) % 9999),
}
const landline = { nome: 'Otávio Reis', cpf: cpfFrom(`5${run}32`), rg: `52${run}`, telefone: 1932321000 }
const declined = {
  nome: 'Tereza Moura',
  cpf: cpfFrom(`6${run}43`),
  rg: `63${run}`,
  telefone: 11976540000,
  aceitaMensagens: false,
}
let medicoId = ''
const pdfDir = 'test-results/desk-paper'

/** The page as Chromium prints it (print media, the CSS page size), as pdftotext -layout reads it, and its page size. */
async function printed(page: Page, name: string): Promise<{ text: string; size: string }> {
  await page.emulateMedia({ media: 'print' })
  const pdf = await page.pdf({ preferCSSPageSize: true })
  await page.emulateMedia({ media: 'screen' })
  mkdirSync(pdfDir, { recursive: true })
  const file = `${pdfDir}/${name}-${run}.pdf`
  writeFileSync(file, pdf)
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  const size = /Page size:\s+(.*)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]!
  return { text, size }
}
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** window.print() counted, not opened: Chromium's dialog has nothing to do in a test. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    ;(window as unknown as { printed: number }).printed = 0
    window.print = () => {
      ;(window as unknown as { printed: number }).printed++
    }
  })
}
const printedCount = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed)

test.describe.serial('messages and printouts', () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    await apiCall(request, admin, '/clinica/configuracoes', clinic, { method: 'PUT', status: 200 })
    medicoId = (await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', { nome: doctor })).medico
      .id
    const times = ['08:30', '09:00', '09:30']
    for (const [i, person] of [mobile, landline, declined].entries()) {
      const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
        datanascimento: '1980-04-12T00:00:00.000Z',
        estadocivil: 'casado',
        sexo: 'feminino',
        cor: 'pardo',
        naturalidade: 'Campinas',
        profissao: 'Professora',
        email: `paciente.${i}.${run}@exemplo.com.br`,
        endereco: 'Rua Um',
        numeroendereco: 10,
        bairro: 'Centro',
        cidade: 'Campinas',
        estado: 'SP',
        userId: admin.user.id,
        ...person,
      })
      await apiCall(request, admin, '/agendamento/register', {
        datahora: `${dia}T${times[i]}:00.000Z`,
        valorIncents: 18_000,
        estaPago: i === 0,
        convenio: 'Unimed',
        anotacao: '',
        exames: ['Ultrassonografia de abdome total', 'Raio-X de tórax'],
        userId: admin.user.id,
        pacienteId: paciente.id,
        medicoId,
      })
    }
  })

  test("'Enviar WhatsApp' opens wa.me with the message written; 'aberto' is recorded; landline and declined get none", async ({
    page,
    context,
  }) => {
    await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'wa.me' }))
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.getByRole('link', { name: 'Confirmações de amanhã' }).click()
    await expect(page.getByRole('heading', { name: 'Confirmações de amanhã' })).toBeVisible()
    const link = page.getByRole('link', { name: `Enviar WhatsApp para ${mobile.nome}` })
    const href = (await link.getAttribute('href'))!
    const url = new URL(href)
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/55${mobile.telefone}`)
    expect(decodeURIComponent(/[?&]text=([^&]*)/.exec(href)![1]!)).toBe(
      [
        'Olá, Heloísa! Aqui é da Clínica Imagem Viva.',
        `Seu atendimento está marcado para ${weekdayOf(dia)}, ${formatDate(dia)}, às 08:30.`,
        'Exames: Ultrassonografia de abdome total, Raio-X de tórax.',
        'Preparo: nenhuma orientação especial cadastrada. Dúvidas: (19) 3232-1000.',
        'Traga: pedido médico, documento com foto e carteirinha do convênio.',
        'Endereço: Avenida Brasil, 1500 - Centro, Campinas/SP.',
        'Responda 1 para confirmar ou 2 para remarcar.',
      ].join('\n'),
    )
    expect(await link.getAttribute('target')).toBe('_blank')
    const row = page.getByRole('row').filter({ hasText: mobile.nome })
    const popup = context.waitForEvent('page')
    await link.click()
    await (await popup).close()
    await expect(row.getByText(/^Aberto por você em \d\d\/\d\d às \d\d:\d\d$/)).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: landline.nome })).toContainText(
      'Telefone fixo: o WhatsApp precisa de um celular.',
    )
    await expect(page.getByRole('row').filter({ hasText: declined.nome })).toContainText(
      'O paciente não aceita receber mensagens.',
    )
    await expect(page.getByRole('row').filter({ hasText: declined.nome }).getByRole('link')).toHaveCount(0)
    const confirm = row.getByRole('button', { name: `Confirmado: ${mobile.nome}` })
    await expect(row.getByRole('cell', { name: 'Agendado', exact: true })).toBeVisible()
    await confirm.click()
    await expect(confirm).toHaveCount(0)
    await expect(row.getByRole('cell', { name: 'Confirmado', exact: true })).toBeVisible()
  })

  test('the receipt prints on A4 and on an 80 mm roll, one column there, without the screen around it', async ({
    page,
  }) => {
    await stubPrint(page)
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto(`/?dia=${dia}&medico=${medicoId}`)
    await page.getByRole('link', { name: new RegExp(`^${mobile.nome}`) }).click()
    const dialog = page.getByRole('dialog')
    const button = dialog.getByRole('button', { name: 'Imprimir comprovante' })
    await expect(button).toBeEnabled()
    await button.click()
    expect(await printedCount(page)).toBe(1)

    const masked = `***.${mobile.cpf.slice(3, 6)}.${mobile.cpf.slice(6, 9)}-**`
    const a4 = await printed(page, 'receipt-a4')
    expect(a4.size).toMatch(/\(A4\)/)
    for (const expected of [
      'Clínica Imagem Viva',
      'Avenida Brasil, 1500 - Centro, Campinas/SP',
      'CNPJ 11.222.333/0001-81',
      'Comprovante de agendamento',
      masked,
      `${weekdayOf(dia)}, ${formatDate(dia)} às 08:30`,
      `Dr. ${doctor}`,
      'Unimed',
      'R$ 180,00 — Pago',
      'Ultrassonografia de abdome total',
      'Raio-X de tórax',
      'Chegar 15 minutos antes',
    ])
      expect(a4.text).toContain(expected)
    expect(a4.text).not.toContain(mobile.cpf)
    for (const absent of ['Página inicial', 'Sair', 'Confirmar alterações', 'Imprimir comprovante', 'Fechar'])
      expect(a4.text).not.toContain(absent)
    // A4: label and value side by side
    expect(lines(a4.text).some((line) => /^Paciente\s+Heloísa Brandão$/.test(line))).toBe(true)

    await dialog.getByLabel('Papel').selectOption('Bobina 80 mm')
    const roll = await printed(page, 'receipt-80mm')
    const [width] = roll.size.split(' x ').map(Number)
    expect(width).toBeCloseTo((80 / 25.4) * 72, 0)
    const rows = lines(roll.text)
    // one column: each label on its own line, its value on the next
    expect(rows[rows.indexOf('Paciente') + 1]).toBe('Heloísa Brandão')
    expect(rows[rows.indexOf('CPF') + 1]).toBe(masked)
    expect(roll.text).toContain('Chegar 15 minutos antes')
    expect(roll.text).not.toContain('Página inicial')
  })

  test("the day list prints the doctor's appointments, one line each, with a column to tick", async ({ page }) => {
    await stubPrint(page)
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto(`/?dia=${dia}&medico=${medicoId}`)
    const button = page.getByRole('button', { name: 'Imprimir lista do dia' })
    await expect(button).toBeEnabled()
    await button.click()
    expect(await printedCount(page)).toBe(1)
    const list = await printed(page, 'day-list')
    expect(list.size).toMatch(/\(A4\)/)
    expect(list.text).toContain(`Lista do dia ${formatDate(dia)} (${weekdayOf(dia)}) — Dr. ${doctor}`)
    const rows = lines(list.text)
    expect(rows.some((line) => /^Feito\s+Hora\s+Paciente\s+Exames\s+Convênio\s+Status$/.test(line))).toBe(true)
    const expected: [string, string][] = [
      ['08:30', mobile.nome],
      ['09:00', landline.nome],
      ['09:30', declined.nome],
    ]
    for (const [time, name] of expected)
      expect(rows.some((line) => line.startsWith('☐') && line.includes(time) && line.includes(name))).toBe(true)
    for (const absent of ['Página inicial', 'Marcar faltas', 'Confirmações de amanhã', 'Imprimir lista do dia', 'Sair'])
      expect(list.text).not.toContain(absent)
  })
})
