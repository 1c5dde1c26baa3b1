// Journey (docs/journeys.md, "A walk-in at the desk"): a receptionist on the tablet (1180×820) meets a patient
// who walks in. All by clicks from the home page: the patient registered in the wizard, 'Agendar' from the
// new profile, an exam from the catalogue, the next free time on a machine ('Próximos horários livres');
// back on the board, in the entry's panel: 'Registrar chegada' straight from 'Agendado', 'Iniciar
// atendimento', 'Concluir', a PIX payment, the receipt printed; 'Fechar' returns to the board.
// Set up through the API beforehand, as the clinic is before its day: a receptionist, an ultrasound machine,
// an exam with its price and preparo, and the clinic open all day every day (so that the next free time is
// today or, in the day's last half hour, just after midnight — the board then shows the next day).
import { expect, test, type Locator, type Page } from '@playwright/test'
import { clinicToday, messages, PARTICULAR_ID, type Horario } from '@contract'
import { E2E_ADMIN } from '../../../playwright.config'
import { apiCall, apiSignIn, cpfFrom, signIn, type ApiSession } from '../support/app'
import { run, tag } from './support'

const reception = { nome: 'Jurema Recepção', email: `jurema.${run}@clinica.local`, password: 'senha-da-jurema-1' }
const exam = `US de tireoide ${tag}`
const preparo = 'Não é preciso jejum.'
const machine = `US Jornada ${tag}`
const patient = `Iracema Cavalcanti ${tag.charAt(0).toUpperCase()}${tag.slice(1)}`
const allDay: Horario[] = [0, 1, 2, 3, 4, 5, 6].map((dia) => ({ dia, inicio: '00:00', fim: '23:59' }))
let admin: ApiSession
let keptHours: Horario[] = []

test.use({ viewport: { width: 1180, height: 820 } })

test.beforeAll(async ({ request }) => {
  admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  await apiCall(request, admin, '/users/register', reception)
  await apiCall(request, admin, '/medico/register', { nome: `Severino Amaral ${tag}` })
  await apiCall(request, admin, '/equipamento/register', { nome: machine, modalidades: ['US'], horarios: [] })
  const { exame } = await apiCall<{ exame: { id: string } }>(request, admin, '/exame/register', {
    nome: exam,
    modalidade: 'US',
    duracao: 30,
    preparo,
  })
  await apiCall(
    request,
    admin,
    '/preco/definir',
    { exameId: exame.id, convenioId: PARTICULAR_ID, valorIncents: 18000 },
    { method: 'PUT', status: 200 },
  )
  const settings = await request.get('/api/clinica/configuracoes', {
    headers: { authorization: `Bearer ${admin.token}` },
  })
  keptHours = ((await settings.json()) as { configuracoes: { horarios: Horario[] } }).configuracoes.horarios
  await apiCall(request, admin, '/clinica/horarios', { horarios: allDay }, { method: 'PUT', status: 200 })
})

test.afterAll(async ({ request }) => {
  await apiCall(request, admin, '/clinica/horarios', { horarios: keptHours }, { method: 'PUT', status: 200 })
})

/** window.print() counted, not opened: Chromium's dialog has nothing to do in a test. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    ;(window as unknown as { printed: number }).printed = 0
    window.print = () => {
      ;(window as unknown as { printed: number }).printed++
    }
  })
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The toast that says `text` is clear of the header and of the dialog's title. */
async function expectToastClear(page: Page, panel: Locator, text: string) {
  const toast = page.getByRole('region', { name: 'Notificações' }).getByText(text)
  await expect(toast).toBeVisible()
  // measured where the toast comes to rest: its entrance overshoots to the left before it settles
  await toast.evaluate((el) =>
    Promise.all((el.closest('.Toastify__toast') ?? el).getAnimations().map((animation) => animation.finished)),
  )
  const box = (await toast.boundingBox())!
  expect(overlaps(box, (await page.locator('header.app-header').boundingBox())!)).toBe(false)
  // the title's text (its heading is a full-width block; the words are what must stay readable)
  const title = await panel.getByRole('heading', { level: 2 }).evaluate((heading) => {
    const range = document.createRange()
    range.selectNodeContents(heading)
    const { x, y, width, height } = range.getBoundingClientRect()
    return { x, y, width, height }
  })
  expect(overlaps(box, title)).toBe(false)
  // on the tablet the toast stays beside the dialog: none of its fields is covered
  const dialog = (await panel.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(dialog.x + dialog.width)
}

/** The patient wizard with what a walk-in gives at the desk (the optional fields left blank). */
async function registerWalkIn(page: Page) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Pacientes' }).click()
  await page.getByRole('button', { name: 'Cadastrar paciente' }).click()
  const wizard = page.getByRole('dialog', { name: 'Novo paciente' })
  await wizard.getByLabel('Nome', { exact: true }).fill(patient)
  await wizard.getByLabel('CPF').fill(cpfFrom(`8${run}31`))
  await wizard.getByLabel('RG').fill(`88${run}`)
  await wizard.getByLabel('Data de nascimento').fill('13/04/1962')
  await wizard.getByRole('combobox', { name: 'Estado civil' }).selectOption({ label: 'Casado' })
  await wizard.getByLabel('Sexo').selectOption({ label: 'Feminino' })
  await wizard.getByLabel('Cor').selectOption({ label: 'Pardo' })
  await wizard.getByLabel('Naturalidade').fill('Fortaleza')
  await wizard.getByLabel('Profissão').fill('Costureira')
  await wizard.getByLabel('E-mail').fill(`iracema.${run}@exemplo.com.br`)
  await wizard.getByLabel('Telefone').fill('85987654321')
  await wizard.getByRole('button', { name: 'Próximo' }).click()
  await wizard.getByRole('textbox', { name: 'Endereço' }).fill('Rua das Dunas')
  await wizard.getByLabel('Número').fill('12')
  await wizard.getByLabel('Bairro').fill('Meireles')
  await wizard.getByLabel('Cidade').fill('Fortaleza')
  await wizard.getByRole('combobox', { name: 'Estado' }).selectOption('CE')
  await wizard.getByRole('button', { name: 'Próximo' }).click()
  await wizard.getByRole('button', { name: 'Confirmar cadastro' }).click()
  await expect(wizard).toBeHidden()
}

/** 'Novo agendamento' from the profile: the catalogue's exam, the next free time; returns its day and time. */
async function bookNextFreeTime(page: Page) {
  await page.getByRole('dialog', { name: patient }).getByRole('button', { name: 'Agendar' }).click()
  const booking = page.getByRole('dialog', { name: 'Novo agendamento' })
  await expect(booking.getByLabel('Paciente', { exact: true })).toHaveValue(/.+/)
  await booking.getByLabel('Tabela de preços').selectOption({ label: 'Particular' })
  // the receptionist says 'ultrassom'; the catalogue's names say 'US'
  await booking.getByLabel('Buscar exame no catálogo').fill(`ultrassom tireoide ${tag}`)
  await booking.getByRole('button', { name: `Adicionar ${exam}` }).click()
  await expect(booking.getByLabel('Valor')).toHaveValue(/R\$\s180,00/)
  await expect(booking.getByRole('region', { name: 'Preparo' })).toContainText(preparo)
  await booking.getByRole('button', { name: 'Próximos horários livres' }).click()
  const first = booking.getByRole('list', { name: 'Horários livres' }).getByRole('button').first()
  const [, date, time] = /^(\d\d\/\d\d\/\d{4}) (\d\d:\d\d) · /.exec((await first.textContent()) ?? '')!
  await first.click()
  await expect(booking.getByLabel('Hora')).toHaveValue(time!)
  await booking.getByRole('radio', { name: 'Não' }).check()
  await page.screenshot({ path: test.info().outputPath('booking-tablet.png') })
  await booking.getByRole('button', { name: 'Confirmar' }).click()
  await expect(booking).toBeHidden()
  const [dd, mm, yyyy] = date!.split('/')
  return { day: `${yyyy}-${mm}-${dd}`, time: time! }
}

test('a walk-in is registered, booked at the next free time, seen, pays by PIX and gets the receipt', async ({
  page,
}) => {
  await stubPrint(page)
  await signIn(page, reception.email, reception.password)
  await registerWalkIn(page)
  const slot = await bookNextFreeTime(page)

  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Página inicial' }).click()
  // booked in the day's last half hour, the next free time is just after midnight: the board's next day
  if (slot.day !== clinicToday()) await page.getByRole('link', { name: 'Próximo dia' }).click()
  const board = page.getByRole('list', { name: /^Agendamentos dia / })
  await expect(board).toBeVisible()
  // the time column holds its text: nothing of the time is cut
  const clock = page.locator('.board-clock', { hasText: slot.time }).first()
  expect(await clock.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await page.screenshot({ path: test.info().outputPath('board-tablet.png') })

  await board.getByRole('link', { name: new RegExp(`^${patient}`) }).click()
  const panel = page.getByRole('dialog', { name: `${patient}, ${slot.time}` })
  const moves = panel.getByRole('group', { name: 'Status do agendamento' })
  await expect(panel.getByText('Agendado', { exact: true })).toBeVisible()

  await moves.getByRole('button', { name: 'Registrar chegada' }).click()
  // 'Prioridade' (issue 38): the walk-in declares a disability; the panel shows the reason
  const arrival = page.getByRole('dialog', { name: new RegExp(`^Registrar chegada de ${patient}`) })
  await arrival.getByRole('radio', { name: 'Pessoa com deficiência' }).check()
  await arrival.getByRole('button', { name: 'Registrar chegada' }).click()
  await expect(panel.getByText('Aguardando', { exact: true })).toBeVisible()
  await expect(panel.getByText(/^Prioridade: .*pessoa com deficiência$/)).toBeVisible()
  await expectToastClear(page, panel, messages.arrivalRegistered)
  await page.screenshot({ path: test.info().outputPath('panel-arrival-tablet.png') })

  await moves.getByRole('button', { name: 'Iniciar atendimento' }).click()
  await expect(panel.getByText('Em atendimento', { exact: true })).toBeVisible()
  await moves.getByRole('button', { name: 'Concluir' }).click()
  await expect(panel.getByText('Realizado', { exact: true })).toBeVisible()

  const payment = panel.getByRole('region', { name: 'Pagamento' })
  await payment.getByRole('button', { name: 'Registrar pagamento' }).click()
  await payment.getByLabel('Forma de pagamento').selectOption({ label: 'PIX' })
  await expect(payment.getByLabel('Valor recebido')).toHaveValue(/180,00/)
  await payment.getByRole('button', { name: 'Confirmar pagamento' }).click()
  await expect(payment.getByText('Pago', { exact: true })).toBeVisible()
  // fully paid: nothing more to register
  await expect(payment.getByRole('button', { name: 'Registrar pagamento' })).toHaveCount(0)
  await expect(payment.getByRole('list', { name: 'Pagamentos registrados' })).toContainText('PIX')

  await panel.getByRole('button', { name: 'Imprimir comprovante' }).click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  await page.screenshot({ path: test.info().outputPath('panel-paid-tablet.png') })

  await panel.getByRole('button', { name: 'Fechar' }).click()
  await expect(panel).toBeHidden()
  expect(new URL(page.url()).pathname).toBe('/')
  const entry = page.getByRole('group', { name: `${patient}, ${slot.time}` })
  await expect(entry.getByText('Realizado', { exact: true })).toBeVisible()
  await expect(entry.getByText('Pago', { exact: true })).toBeVisible()
})
