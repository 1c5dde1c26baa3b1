// The waiting room (issue 38) in real browsers against the real server, one context per device: ADMIN
// pairs a TV panel by clicks ('Admin' → 'Painéis'), the TV types the code; the reception tablet presses
// 'Chamar' for a patient who arrived and the TV, never reloaded, shows the display name and the room —
// never the CPF nor the full name; the TV's credential is refused on any other call; ADMIN revokes it and
// the TV asks for a code again. Then the legal priorities: an arrival who is a pessoa idosa goes before
// an earlier one without a priority in the board's 'Fila de espera'.
import { expect, test, type Browser, type Page } from '@playwright/test'
import { clinicToday, messages } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, cpfFrom, signIn, type ApiSession } from './support/app'
import { bookingBody, newDoctor, run } from './support/booking'

const reception = { nome: 'Telma Recepção', email: `telma.${run}@clinica.local`, password: 'senha-da-telma-1' }
const panelName = `TV sala de espera ${run}`
// the clinic's today, late: still to come whatever the hour the tests run
const today = clinicToday()
const people = {
  called: { nome: 'Valdirene Tavares', serial: '91', nascimento: '1985-03-14', hora: '22:30' },
  earlier: { nome: 'Clarice Nogueira', serial: '92', nascimento: '1979-06-02', hora: '23:00' },
  idosa: { nome: 'Osvaldo Meireles', serial: '93', nascimento: '1951-09-20', hora: '23:30' },
} as const
type Person = (typeof people)[keyof typeof people]
const cpfOf = (p: Person) => cpfFrom(`${p.serial}${run}`.slice(0, 9))
const formatCpf = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`

async function newPatientBorn(request: Parameters<typeof apiCall>[0], admin: ApiSession, p: Person) {
  const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
    nome: p.nome,
    cpf: cpfOf(p),
    rg: `${p.serial}${run}`,
    datanascimento: `${p.nascimento}T00:00:00.000Z`,
    estadocivil: 'casado',
    sexo: 'feminino',
    cor: 'pardo',
    naturalidade: 'Belém',
    profissao: 'Comerciante',
    email: `${p.serial}.${run}@exemplo.com.br`,
    telefone: 91987654321,
    endereco: 'Travessa Padre Eutíquio',
    numeroendereco: 40,
    bairro: 'Batista Campos',
    cidade: 'Belém',
    estado: 'PA',
    userId: admin.user.id,
  })
  return paciente.id
}

async function device(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } })
  return context.newPage()
}

const entry = (page: Page, p: Person) => page.getByRole('group', { name: `${p.nome}, ${p.hora}` })

/** 'Registrar chegada' on the board, no declared priority. */
async function arrive(desk: Page, p: Person) {
  await entry(desk, p).getByRole('button', { name: 'Registrar chegada' }).click()
  const dialog = desk.getByRole('dialog', { name: `Registrar chegada de ${p.nome} (${p.hora})` })
  await dialog.getByRole('button', { name: 'Registrar chegada' }).click()
  await expect(dialog).toBeHidden()
  await expect(entry(desk, p).getByText('Aguardando', { exact: true })).toBeVisible()
}

test.describe.serial('the waiting room', () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    const medicoId = await newDoctor(request, admin, 'Irene Sabóia')
    await apiCall(request, admin, '/users/register', reception)
    for (const p of Object.values(people)) {
      const pacienteId = await newPatientBorn(request, admin, p)
      const { agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
        request,
        admin,
        '/agendamento/register',
        bookingBody(admin, pacienteId, medicoId, `${today}T${p.hora}:00.000Z`),
      )
      await apiCall(
        request,
        admin,
        '/agendamento/status',
        { id: agendamento.id, versao: agendamento.versao, status: 'confirmado' },
        { status: 200 },
      )
    }
  })

  test('a paired TV shows the call made at the desk live, by display name and room; revoked, it asks for a code', async ({
    browser,
  }) => {
    // three devices each signing in on a busy machine: more than one screen's worth of waiting
    test.setTimeout(180_000)
    const adminPage = await device(browser, 1180, 820)
    const tv = await device(browser, 1920, 1080)
    const desk = await device(browser, 1180, 820)
    try {
      // ADMIN: from the home page to 'Painéis', a new panel and its one-time code
      await signIn(adminPage, E2E_ADMIN.email, E2E_ADMIN.password)
      await adminPage
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: 'Admin', exact: true })
        .click()
      await adminPage.getByRole('link', { name: 'Painéis', exact: true }).click()
      await expect(adminPage.getByRole('heading', { level: 1, name: 'Painéis' })).toBeVisible()
      await adminPage.getByRole('textbox', { name: 'Nome' }).fill(panelName)
      await adminPage.getByRole('button', { name: 'Criar painel' }).click()
      const shown = adminPage.getByRole('region', { name: `Código do painel ${panelName}` })
      await expect(shown.getByRole('img', { name: 'QR code do pareamento' })).toBeVisible()
      const code = (await shown.locator('.painel-codigo-numero').textContent())!.trim()
      expect(code).toMatch(/^\d{4} \d{4}$/)

      // the TV types it
      await tv.goto('/painel')
      await tv.getByRole('textbox', { name: 'Código' }).fill(code)
      await tv.getByRole('button', { name: 'Parear' }).click()
      await expect(tv.getByText(panelName)).toBeVisible()
      await expect(tv.getByLabel('Hora')).toHaveText(/^\d\d:\d\d$/)
      await tv.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))

      // ADMIN's list now says it is paired, with its last access
      await adminPage.reload()
      const row = adminPage
        .getByRole('table', { name: 'Painéis pareados e pendentes' })
        .getByRole('row', { name: new RegExp(panelName) })
      await expect(row.getByRole('cell', { name: 'Pareado' })).toBeVisible()
      await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d\d\/\d\d às \d\d:\d\d$/)

      // the desk: the patient arrives and is called to a room
      await signIn(desk, reception.email, reception.password)
      const p = people.called
      await arrive(desk, p)
      await entry(desk, p).getByRole('button', { name: 'Chamar' }).click()
      const dialog = desk.getByRole('dialog', { name: `Chamar ${p.nome} (${p.hora})` })
      await dialog.getByRole('textbox', { name: /^Sala/ }).fill('Consultório 3')
      await dialog.getByRole('button', { name: 'Chamar' }).click()
      await expect(entry(desk, p).getByRole('button', { name: 'Chamar novamente' })).toBeVisible()

      // the TV, not reloaded: the display name and the room, never the CPF nor the full name
      const current = tv.getByRole('region', { name: 'Chamada atual' })
      await expect(current.getByText('Valdirene T.', { exact: true })).toBeVisible()
      await expect(current.getByText('Consultório 3', { exact: true })).toBeVisible()
      expect(await tv.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
      const screenText = await tv.locator('body').innerText()
      for (const secret of [p.nome, cpfOf(p), formatCpf(cpfOf(p))]) expect(screenText).not.toContain(secret)

      // the TV's credential reads its feed and nothing else (a request from the TV's own context)
      const answers = await tv.evaluate(async () => {
        const credencial = localStorage.getItem('clinica.painel.credencial')
        const headers = { Authorization: `Bearer ${credencial}`, 'Content-Type': 'application/json' }
        const feed = await fetch('/api/painel/chamadas', { headers })
        const doctors = await fetch('/api/medico/listAll', { headers })
        const patients = await fetch('/api/paciente/listAll', { method: 'POST', headers, body: '{"page":0}' })
        return {
          feed: feed.status,
          doctors: [doctors.status, ((await doctors.json()) as { error: string }).error],
          patients: [patients.status, ((await patients.json()) as { error: string }).error],
        }
      })
      expect(answers).toEqual({
        feed: 200,
        doctors: [403, messages.panelOnlyFeed],
        patients: [403, messages.panelOnlyFeed],
      })

      // ADMIN revokes it: asked first, then the TV goes back to its pairing screen by itself
      await row.getByRole('button', { name: `Revogar ${panelName}` }).click()
      const confirm = adminPage.getByRole('dialog', { name: `Revogar o painel ${panelName}?` })
      await confirm.getByRole('button', { name: 'Revogar' }).click()
      await expect(row).toBeHidden()
      await expect(tv.getByRole('heading', { name: 'Parear este painel' })).toBeVisible()
      await expect(tv.getByText('Valdirene T.')).toBeHidden()
    } finally {
      for (const page of [adminPage, tv, desk]) await page.context().close()
    }
  })

  test("a pessoa idosa who arrives later goes before an earlier arrival in 'Fila de espera'", async ({ browser }) => {
    const desk = await device(browser, 1180, 820)
    try {
      await signIn(desk, reception.email, reception.password)
      await arrive(desk, people.earlier)
      // Osvaldo is 75 by his birth date: the dialog says so before anything is sent
      await entry(desk, people.idosa).getByRole('button', { name: 'Registrar chegada' }).click()
      const dialog = desk.getByRole('dialog', {
        name: `Registrar chegada de ${people.idosa.nome} (${people.idosa.hora})`,
      })
      await expect(
        dialog.getByText(/^Prioridade: pessoa idosa \(60\+\), \d+ anos pela data de nascimento\.$/),
      ).toBeVisible()
      await dialog.getByRole('button', { name: 'Registrar chegada' }).click()
      await expect(entry(desk, people.idosa).getByText('Aguardando', { exact: true })).toBeVisible()

      const queue = desk.getByRole('region', { name: new RegExp(`^Fila de espera: .*Irene Sabóia$`) })
      const lines = queue.getByRole('listitem')
      await expect(lines).toHaveCount(3)
      await expect(lines.nth(0)).toContainText(people.idosa.nome)
      await expect(lines.nth(0)).toContainText('Prioridade: pessoa idosa (60+)')
      // then arrival order: the patient called before, then the earlier of the two
      await expect(lines.nth(1)).toContainText(people.called.nome)
      await expect(lines.nth(2)).toContainText(people.earlier.nome)
      await expect(lines.nth(2)).not.toContainText('Prioridade')
    } finally {
      await desk.context().close()
    }
  })
})
