// Journey (docs/journeys.md, "A laudo written, signed and handed over"): a user linked to a doctor sends
// their A1 certificate in 'Minha conta' → 'Certificado digital', opens 'Laudos' by clicks, writes the laudo
// of an exam of their worklist from its template, presses 'Assinar e liberar' and downloads the PDF, which
// poppler's pdfsig and pdftotext (third-party tools) check; then the receptionist sees 'Liberado' on the
// board and records 'Entregar laudo' to the patient's daughter. The certificate authority and the doctor's
// PKCS#12 file are made by openssl in the test; the exam was booked and performed through the API before.
import { spawnSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { clinicToday, messages } from '@contract'
import { E2E_ADMIN } from '../../../playwright.config'
import { createTestAuthority, type TestAuthority } from '../../support/test-certificates'
import { apiCall, apiSignIn, cpfFrom, signIn } from '../support/app'
import { bookingBody, newDoctor, newPatient, run, tag } from './support'

/** The run's letters with a capital, as a stored name is written back on screen. */
const Tag = tag.charAt(0).toUpperCase() + tag.slice(1)
const doctorName = `Helena Laudista ${Tag}`
const doctorUser = { nome: doctorName, email: `helena.${run}@clinica.local`, password: 'senha-da-helena-1' }
const reception = { nome: 'Marta Recepção', email: `marta.${run}@clinica.local`, password: 'senha-da-marta-1' }
const crm = run
const patient = `Glória Laudada ${Tag}`
const exam = `Ultrassonografia de tireoide ${run}`
// early in the clinic's today: the laudo is written after the exam
const time = '07:20'
const certificatePassword = 'senha-do-a1-da-helena'
const holder = `HELENA LAUDISTA ${tag.toUpperCase()}`
const daughter = { nome: `Lívia Laudada ${Tag}`, cpf: cpfFrom(`40${run}`.slice(0, 9)) }
const phraseCode = `tir${run}`
const phrase = 'Nódulo sólido isoecogênico de 8 mm no terço médio do lobo direito, sem calcificações.'
const impression = 'Nódulo tireoidiano de baixa suspeição (TI-RADS 3).'

let ca: TestAuthority

test.use({ viewport: { width: 1180, height: 820 } })

test.beforeAll(async ({ request }) => {
  ca = createTestAuthority()
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  // the clinic signs digitally (an earlier spec may have left it signing by hand)
  await apiCall(
    request,
    admin,
    '/clinica/laudo',
    { rtNome: 'Paulo Menezes', rtCrm: '654321', rtCrmUf: 'PE', cnes: '', pacsUrl: '', assinaturaManual: false },
    { method: 'PUT', status: 200 },
  )
  const medicoId = await newDoctor(request, admin, doctorName)
  await apiCall(
    request,
    admin,
    '/medico/update',
    { id: medicoId, tratamento: 'Dra.', crm, crmUf: 'PE', especialidade: 'Radiologia', rqe: '4321' },
    { status: 200 },
  )
  await apiCall(request, admin, '/users/register', { ...doctorUser, medicoId })
  await apiCall(request, admin, '/users/register', reception)
  const { exame } = await apiCall<{ exame: { id: string } }>(request, admin, '/exame/register', {
    nome: exam,
    modalidade: 'US',
    duracao: 20,
  })
  await apiCall(
    request,
    admin,
    '/laudo/modelo',
    {
      exameId: exame.id,
      tecnica: 'Exame realizado com transdutor linear de alta frequência.',
      relatorio: 'Paciente {paciente}, {idade}.\nTireoide tópica, de dimensões normais.',
      impressao: '',
    },
    { method: 'PUT', status: 200 },
  )
  await apiCall(request, admin, '/laudo/frase/register', { modalidade: 'US', codigo: phraseCode, texto: phrase })
  const pacienteId = await newPatient(request, admin, patient, '39')
  let { agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
    request,
    admin,
    '/agendamento/register',
    {
      ...bookingBody(admin, pacienteId, medicoId, `${clinicToday()}T${time}:00.000Z`),
      exames: [exam],
      exameIds: [exame.id],
    },
  )
  // arrived, seen and done: the exam waits for its laudo
  for (const status of ['confirmado', 'aguardando', 'em_atendimento', 'realizado'])
    ({ agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
      request,
      admin,
      '/agendamento/status',
      { id: agendamento.id, versao: agendamento.versao, status },
      { status: 200 },
    ))
})

test.afterAll(() => ca?.close())

/** 'Mais' → one of its pages. */
async function more(page: Page, link: string): Promise<void> {
  await page.getByRole('button', { name: 'Mais' }).click()
  await page.getByRole('list', { name: 'Mais páginas' }).getByRole('link', { name: link, exact: true }).click()
}

/** poppler's report on a PDF file (pdfsig exits non-zero on a certificate it cannot trust: its text is read). */
function poppler(tool: 'pdfsig' | 'pdftotext', file: string): string {
  const result = spawnSync(tool, tool === 'pdftotext' ? ['-layout', file, '-'] : [file], { encoding: 'utf8' })
  if (result.error) throw result.error
  return result.stdout
}

test.describe.serial('a laudo written, signed and handed over', () => {
  test("the doctor sends the certificate, writes from the template, 'Assinar e liberar' and the PDF", async ({
    page,
  }) => {
    // the longest walk of the journeys (a certificate checked, a PDF built and signed): three times the
    // config's timeout, so that a busy machine does not cut it short
    test.slow()
    await signIn(page, doctorUser.email, doctorUser.password)
    // a linked user's home page moves on to 'Minha agenda' once the account is read: a menu opened before
    // that move would close with it
    await expect(page.getByRole('heading', { level: 1, name: /^Minha agenda / })).toBeVisible()

    // 'Minha conta' → 'Certificado digital': the A1 file and its password
    await more(page, 'Minha conta: certificado digital')
    await expect(page.getByRole('heading', { level: 1, name: 'Certificado digital' })).toBeVisible()
    await expect(page.getByText('Nenhum certificado enviado.')).toBeVisible()
    await page.getByLabel('Arquivo do certificado (.pfx ou .p12)').setInputFiles({
      name: 'helena.pfx',
      mimeType: 'application/x-pkcs12',
      buffer: ca.issue({ name: holder, cpf: '52998224725', password: certificatePassword }),
    })
    await page.getByLabel('Senha do certificado').fill(certificatePassword)
    await page.getByRole('button', { name: 'Enviar certificado' }).click()
    await expect(page.getByText(messages.laudoCertificateSaved)).toBeVisible()
    const current = page.getByLabel('Certificado atual')
    await expect(current.getByRole('definition').filter({ hasText: holder })).toBeVisible()
    await expect(current.getByRole('definition').filter({ hasText: 'AC Teste Clinica' })).toBeVisible()
    // the password is not kept on the page either
    await expect(page.getByLabel('Senha do certificado')).toHaveValue('')

    // 'Laudos': the exam performed today waits in 'Meus'
    await more(page, 'Laudos')
    await expect(page.getByRole('heading', { level: 1, name: 'Laudos' })).toBeVisible()
    const worklist = page.getByRole('table', { name: 'Exames aguardando laudo' })
    const row = worklist.getByRole('row').filter({ hasText: patient })
    await expect(row).toContainText(exam)
    await row.getByRole('button', { name: `Abrir laudo de ${patient}, ${exam}` }).click()

    // the editor opens on the template, its placeholders filled
    await expect(page.getByRole('heading', { level: 1, name: `Laudo — ${exam}` })).toBeVisible()
    const tecnica = page.getByRole('textbox', { name: 'Técnica' })
    const relatorio = page.getByRole('textbox', { name: 'Relatório' })
    const impressao = page.getByRole('textbox', { name: 'Impressão diagnóstica' })
    await expect(tecnica).toHaveValue('Exame realizado com transdutor linear de alta frequência.')
    await expect(relatorio).toHaveValue(new RegExp(`^Paciente ${patient}, \\d+ anos\\.\\nTireoide tópica`))
    // the finding from a stock phrase's short code, typed at the end of 'Relatório'
    await relatorio.click()
    await relatorio.press('ControlOrMeta+End')
    await relatorio.press('Enter')
    await relatorio.pressSequentially(`.${phraseCode} `)
    await expect(relatorio).toHaveValue(new RegExp(`Tireoide tópica, de dimensões normais\\.\\n${phrase} $`))
    await impressao.fill(impression)
    await expect(page.getByRole('status', { name: 'Gravação do laudo' })).toHaveText(/^Salvo às \d\d:\d\d$/)

    // 'Assinar e liberar': a wrong password signs nothing, the right one signs and releases
    await page.getByRole('button', { name: 'Assinar e liberar' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assinar e liberar' })
    await dialog.getByLabel('Senha do certificado').fill('senha-errada')
    await dialog.getByRole('button', { name: 'Assinar e liberar' }).click()
    await expect(dialog.getByLabel('Senha do certificado')).toHaveAccessibleDescription(
      new RegExp(messages.certificatePassword),
    )
    await dialog.getByLabel('Senha do certificado').fill(certificatePassword)
    await dialog.getByRole('button', { name: 'Assinar e liberar' }).click()
    await expect(page.getByText(messages.laudoReleaseReleased)).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { name: /^Versão 1 liberada em / })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Relatório' })).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath('laudo-released.png') })

    // 'Baixar PDF': the stored, signed file
    const versions = page.getByRole('region', { name: 'Versões do laudo' })
    const download = page.waitForEvent('download')
    await versions.getByRole('button', { name: 'Baixar PDF da versão 1' }).click()
    const file = await (await download).path()
    const signature = poppler('pdfsig', file)
    expect(signature).toContain('Signature #1')
    expect(signature).toContain(`Signer Certificate Common Name: ${holder}:52998224725`)
    expect(signature).toContain('Signature Validation: Signature is Valid.')
    expect(signature).toContain('Total document signed')
    // a line the PDF wraps reads as one: spaces and line ends count as one space
    const text = poppler('pdftotext', file).replace(/\s+/g, ' ')
    for (const expected of [`Paciente: ${patient}`, exam, phrase, impression, `Dra. ${doctorName}`, `CRM ${crm}/PE`])
      expect(text).toContain(expected)
  })

  test("the receptionist sees 'Liberado' on the board and records 'Entregar laudo'", async ({ page }) => {
    await signIn(page, reception.email, reception.password)
    const entryName = `${patient}, ${time}`
    const entry = page.getByRole('group', { name: entryName })
    await expect(entry.getByText('Laudo: Liberado')).toBeVisible()

    await page
      .getByRole('list', { name: /^Agendamentos dia / })
      .getByRole('link', { name: new RegExp(`^${patient}`) })
      .click()
    const panel = page.getByRole('dialog', { name: entryName })
    const laudo = panel.getByRole('region', { name: 'Laudo' })
    await expect(laudo.getByText('Liberado', { exact: true })).toBeVisible()
    await laudo.getByRole('button', { name: 'Entregar laudo' }).click()

    // the patient's daughter takes it: her name and CPF
    const deliver = page.getByRole('dialog', { name: `Entregar laudo de ${exam} — ${patient}` })
    await deliver.getByRole('radio', { name: 'Outra pessoa' }).check()
    await deliver.getByLabel('Nome de quem retira').fill(daughter.nome)
    await deliver.getByLabel('CPF de quem retira').fill(daughter.cpf)
    await deliver.getByRole('button', { name: 'Registrar entrega' }).click()
    await expect(page.getByText(messages.laudoReleaseDelivered)).toBeVisible()
    await expect(deliver).toBeHidden()
    await expect(panel.getByRole('list', { name: `Entregas do laudo de ${exam}` })).toContainText(
      `a ${daughter.nome} (terceiro), por ${reception.nome}`,
    )
    await page.screenshot({ path: test.info().outputPath('laudo-delivered.png') })
    await panel.getByRole('button', { name: 'Fechar' }).click()
    await expect(entry.getByText('Laudo: Entregue')).toBeVisible()
  })
})
