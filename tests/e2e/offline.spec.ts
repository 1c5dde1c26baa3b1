// The offline read cache and installability in a real browser, against the production build served by
// the real server (playwright.config.ts): a server that stops answering is known at start (the banner
// without any failed fetch), today's schedule and the patient list survive a dropped
// connection and two reloads, changes are refused with the reason, 'Sair' leaves nothing behind, Chrome
// finds the app installable, and a new service worker is offered through 'Nova versão disponível'.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { clinicToday, formatDate, messages } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import {
  apiCall,
  apiSignIn,
  cpfFrom,
  installabilityErrors,
  readBrowserStorage,
  readPersistedCache,
  signIn,
  waitForServiceWorkerControl,
} from './support/app'
import { startPrivateBuild } from './support/private-build'
import { BOARD_ROUTE, measure, ZOD_CHUNK } from '../../scripts/check-size'

// this file is about the service worker and the offline cache (playwright.config.ts blocks the worker elsewhere)
test.use({ serviceWorkers: 'allow' })

const run = Date.now().toString().slice(-6)
const doctor = 'Rodrigo Nunes'
const patient = { nome: 'Iracema Tavares', stored: 'iracema tavares', cpf: cpfFrom(`4${run}21`), rg: `66${run}` }
const STAMP = /\d{2}\/\d{2} às \d{2}:\d{2}/

test.describe.serial('offline read cache', () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    const { medico } = await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', { nome: doctor })
    const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
      nome: patient.nome,
      cpf: patient.cpf,
      rg: patient.rg,
      datanascimento: '1961-04-12T00:00:00.000Z',
      estadocivil: 'casado',
      sexo: 'feminino',
      cor: 'indígena',
      naturalidade: 'Belém',
      profissao: 'Professora',
      email: `iracema.${run}@exemplo.com.br`,
      telefone: 91987654321,
      endereco: 'Travessa das Mangueiras',
      numeroendereco: 42,
      bairro: 'Nazaré',
      cidade: 'Belém',
      estado: 'PA',
      userId: admin.user.id,
    })
    // Today at the clinic, 12:00 (floating time: written as UTC, shown as 12:00 — docs/product.md §12).
    await apiCall(request, admin, '/agendamento/register', {
      datahora: `${clinicToday()}T12:00:00.000Z`,
      valorIncents: 25000,
      estaPago: false,
      convenio: 'Particular',
      anotacao: '',
      exames: ['Raio-X de tórax'],
      userId: admin.user.id,
      pacienteId: paciente.id,
      medicoId: medico.id,
    })
  })

  test('the schedule and the patient list survive a dropped connection; changes are refused; Sair leaves nothing', async ({
    page,
    context,
  }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    const swUrl = await waitForServiceWorkerControl(page)
    expect(new URL(swUrl).pathname).toBe('/sw.js')

    // Chrome would offer to install the app (a test context is incognito: that one reason is ignored).
    expect(await installabilityErrors(page)).toEqual([])

    // Online: today's appointment on the home page, the patient in the list.
    const today = formatDate(clinicToday())
    await expect(
      page.getByRole('link', { name: new RegExp(`${patient.nome}.*${today} 12:00.*Dr\\. ${doctor}`) }),
    ).toBeVisible()
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Pacientes' }).click()
    await expect(page.getByRole('cell', { name: patient.nome })).toBeVisible()
    // Online there is no banner, no stamp, and the change buttons work.
    await expect(page.getByText(messages.offlineShowingSaved)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Cadastrar paciente' })).toBeEnabled()

    // The persister writes (throttled) into IndexedDB: today's day and the first page of patients.
    await expect
      .poll(
        async () => {
          const cache = await readPersistedCache(page)
          return (
            cache !== null &&
            cache.includes(patient.stored) &&
            cache.includes(`"day","${clinicToday()}"`) &&
            cache.includes('"pacientes","list"')
          )
        },
        { timeout: 15_000 },
      )
      .toBe(true)

    // The server stops answering while the tablet's network stays up (every /api request hangs): no
    // fetch ever fails, and the saved lists need none. Only the start check can tell — its probe gives up
    // after 1.5 s and the banner shows.
    const asked: string[] = []
    const failed: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    page.on('requestfailed', (request) => failed.push(new URL(request.url()).pathname))
    await context.route('**/api/**', () => {})
    await page.goto('/')
    await expect(page.getByRole('link', { name: new RegExp(`${patient.nome}.*${today} 12:00`) })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: messages.offlineShowingSaved })).toHaveText(
      new RegExp(`^${messages.offlineShowingSaved} ${STAMP.source}$`),
    )
    expect(await page.evaluate(() => navigator.onLine)).toBe(true)
    expect(asked).toContain('/api/health')
    expect(failed.filter((path) => path !== '/api/health')).toEqual([])
    await context.unrouteAll({ behavior: 'ignoreErrors' })

    // The connection drops (also for the service worker): the shell comes from the precache, the data
    // from IndexedDB. Twice, as a receptionist would.
    await context.setOffline(true)
    await page.goto('/')
    for (let reload = 1; reload <= 2; reload++) {
      await page.reload()
      await expect(page.getByRole('heading', { name: `Agendamentos dia ${today}` })).toBeVisible()
      await expect(page.getByRole('link', { name: new RegExp(`${patient.nome}.*${today} 12:00`) })).toBeVisible()
      const banner = page.getByRole('status').filter({ hasText: messages.offlineShowingSaved })
      await expect(banner).toHaveText(new RegExp(`^${messages.offlineShowingSaved} ${STAMP.source}$`))
      await expect(page.getByText(new RegExp(`^${messages.dataFetchedAt} ${STAMP.source}$`))).toBeVisible()
    }
    await page.screenshot({ path: test.info().outputPath('home-offline.png') })

    // A deep link, offline: the service worker answers the navigation with the app shell.
    await page.goto('/pacientes')
    await expect(page.getByRole('heading', { name: 'Gerenciamento de Pacientes' })).toBeVisible()
    await expect(page.getByRole('cell', { name: patient.nome })).toBeVisible()
    await expect(page.getByText(new RegExp(`^${messages.dataFetchedAt} ${STAMP.source}$`))).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: messages.offlineShowingSaved })).toBeVisible()

    // Changes need the API: disabled, and the reason is visible and bound to the button.
    const register = page.getByRole('button', { name: 'Cadastrar paciente' })
    await expect(register).toBeDisabled()
    await expect(register).toHaveAccessibleDescription(messages.offlineChangesDisabled)
    await expect(page.getByText(messages.offlineChangesDisabled)).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('patients-offline.png') })
    const row = page.getByRole('row', { name: new RegExp(patient.nome) })
    await expect(row.getByRole('button', { name: 'Deletar' })).toBeDisabled()

    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Agendamentos' }).click()
    await expect(page.getByRole('heading', { name: 'Gerenciamento de Agendamentos' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Criar agendamento' })).toBeDisabled()

    // 'Sair' (still offline): nothing of the patient stays in IndexedDB, localStorage or the caches.
    await page.getByRole('button', { name: 'Sair' }).click()
    await expect(page.getByRole('heading', { name: 'Faça seu login' })).toBeVisible()
    await expect
      .poll(async () => (await readBrowserStorage(page)).indexedDb.map((db) => db.name))
      .not.toContain('clinica-offline')
    const left = await readBrowserStorage(page)
    const everything = JSON.stringify(left).toLowerCase()
    expect(everything).not.toContain(patient.stored)
    expect(everything).not.toContain(patient.cpf)
    expect(everything).not.toContain(doctor.toLowerCase())
    expect(Object.keys(left.localStorage)).not.toContain('clinica.session')
    // The service worker's caches hold the app shell only, never an /api answer.
    expect(left.cachedUrls.length).toBeGreaterThan(0)
    expect(left.cachedUrls.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([])
    await context.setOffline(false)
  })

  test("a new service worker is offered as 'Nova versão disponível', held back while a dialog is open", async ({
    page,
    baseURL,
  }) => {
    // A private copy of the build (its own origin, /api passed to the server), so that the "deployment"
    // below never touches dist/.
    const build = await startPrivateBuild(baseURL!)
    try {
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, build.url)
      await waitForServiceWorkerControl(page)
      await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Pacientes' }).click()
      await page.getByRole('button', { name: 'Cadastrar paciente' }).click()
      await page.getByRole('dialog').getByLabel('Nome').first().fill('Teste')

      // A deployment: sw.js changes on the server; the app's update check finds it.
      build.deployNewServiceWorker(`e2e: a new deployment ${run}`)
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update()
      })
      await expect
        .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)))
        .toBe(true)
      // Held back while the form has input (give workbox-window's 'waiting' event time to arrive).
      await page.waitForTimeout(500)
      await expect(page.getByText(messages.newVersionAvailable)).toHaveCount(0)
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click()
      // what was typed is discarded once the receptionist says so (issue 34)
      await page.getByRole('dialog').getByRole('button', { name: 'Descartar' }).click()
      const prompt = page.getByRole('status').filter({ hasText: messages.newVersionAvailable })
      await expect(prompt).toBeVisible()

      // 'Atualizar': the waiting worker takes over and the page reloads into it.
      await page.evaluate(() => {
        ;(window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true
      })
      const reloaded = page.waitForEvent('load')
      await prompt.getByRole('button', { name: 'Atualizar' }).click()
      await reloaded
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(
        false,
      )
      await expect(page.getByRole('heading', { name: 'Gerenciamento de Pacientes' })).toBeVisible()
      const state = await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!
        return {
          waiting: registration.waiting !== null,
          active: registration.active?.state,
          controlled: navigator.serviceWorker.controller !== null,
        }
      })
      expect(state).toEqual({ waiting: false, active: 'activated', controlled: true })
      await expect(page.getByText(messages.newVersionAvailable)).toHaveCount(0)
    } finally {
      await page.close()
      await build.close()
    }
  })

  test('the production build has no msw worker, in dist/ nor in the precache', async () => {
    const sw = readFileSync('dist/sw.js', 'utf8')
    expect(sw).toContain('precacheAndRoute')
    expect(sw).toContain('index.html')
    expect(sw).not.toContain('mockServiceWorker')
    expect(sw).not.toMatch(/url:"screenshots\//)
    expect(() => readFileSync('dist/mockServiceWorker.js')).toThrow()
    const manifest = JSON.parse(readFileSync('dist/manifest.webmanifest', 'utf8')) as {
      screenshots: Array<{ src: string; sizes: string }>
    }
    for (const shot of manifest.screenshots) {
      const png = readFileSync(`dist${shot.src}`)
      expect(png.subarray(1, 4).toString()).toBe('PNG')
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(shot.sizes)
    }
  })

  test('the page icons are PNG files: the browser decodes an SVG icon as a document inside every start', async () => {
    // Chrome downloads the page's icon on every load; an SVG one became a 20–40 ms task at 4× CPU between the
    // offline cache's restore and the board's first paint (bench/journal/2026-11-28-start-requests.md).
    const html = readFileSync('dist/index.html', 'utf8')
    const icons = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"/g)].map((m) => m[1]!)
    expect(icons.length).toBeGreaterThan(1)
    for (const href of icons) expect(readFileSync(`dist${href}`).subarray(1, 4).toString()).toBe('PNG')
  })

  test("today's board paints without zod: neither the entry nor the board's chunks load it", async () => {
    // An offline start paints the board from IndexedDB; zod's evaluation and the contract's schemas came before
    // that paint while the board imported them
    // (bench/journal/2026-11-24-mid-range-tablet-second-round.md, "Offline start without zod").
    const report = measure('dist')
    const board = report.routes.find((route) => BOARD_ROUTE.test(route.file))
    expect(board?.chunks.length).toBeGreaterThan(1)
    expect(board!.chunks.filter((file) => ZOD_CHUNK.test(file))).toEqual([])
    expect(report.initial.filter((chunk) => ZOD_CHUNK.test(chunk.file))).toEqual([])
    // zod is in the build all the same: the first API call loads it with the contract's calls
    expect(report.later.some((chunk) => ZOD_CHUNK.test(chunk.file))).toBe(true)
    expect(report.problems).toEqual([])
  })
})
