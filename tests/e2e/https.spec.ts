// HTTPS on the clinic's network, as a tablet meets it: the real server with HTTPS=auto (its own process,
// data folder and ports, on 127.0.0.1), Debian's Chromium trusting the clinic's authority the way a device
// does (an NSS database in a temporary HOME, filled with certutil) and reaching the server by a LAN-like
// name (clinica-teste.lan mapped to 127.0.0.1, so plain HTTP there is not a secure context). Over HTTPS the
// service worker registers, the app is installable and today's schedule survives a dropped connection;
// over plain HTTP on that name there is no service worker — the reason this exists. /instalar: each QR code
// decodes to the address printed under it; the downloaded certificate has the fingerprint shown.
import { execFileSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, expect, request as apiRequest, test, type Browser, type BrowserContext } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { clinicToday, formatDate, messages } from '@contract'
import { cleanupAll, freePort, startServer, tempRoot, type ServerProcess } from '../runtime/helpers'
import {
  apiCall,
  apiSignIn,
  cpfFrom,
  installabilityErrors,
  readPersistedCache,
  signIn,
  waitForServiceWorkerControl,
} from './support/app'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium'

const NAME = 'clinica-teste.lan'
const ADMIN = { email: 'admin@clinica.local', password: 'admin-https-123' }
const run = Date.now().toString().slice(-6)
const patient = { nome: 'Jurema Batista', cpf: cpfFrom(`7${run}32`), rg: `55${run}` }
const doctor = 'Otávio Prado'

let server: ServerProcess
let browser: Browser
let httpPort: number
let httpsPort: number
let caPem: string

/** What a tablet on the network sees: the app's origin over HTTPS and over plain HTTP. */
const secureOrigin = () => `https://${NAME}:${httpsPort}`
const plainOrigin = () => `http://${NAME}:${httpPort}`

function newContext(): Promise<BrowserContext> {
  return browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', serviceWorkers: 'allow' })
}

test.describe.serial('HTTPS on the clinic network (HTTPS=auto)', () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    const root = tempRoot('clinica-e2e-https-')
    httpPort = await freePort()
    httpsPort = await freePort()
    server = startServer({
      DATA_DIR: join(root, 'data'),
      PORT: String(httpPort),
      HTTPS: 'auto',
      HTTPS_PORT: String(httpsPort),
      HTTPS_NAMES: NAME,
      MDNS: 'off',
      STATIC_DIR: 'dist',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    })
    await server.waitForOutput(/Para instalar o app num tablet/, 150_000)

    // The device fetches the authority from the install page (plain HTTP: it does not trust HTTPS yet)...
    caPem = await (await fetch(`http://127.0.0.1:${httpPort}/instalar/clinica-ca.crt`)).text()
    const home = join(root, 'home')
    const nssdb = join(home, '.pki', 'nssdb')
    mkdirSync(nssdb, { recursive: true })
    writeFileSync(join(root, 'clinica-ca.crt'), caPem)
    // ...and trusts it for websites, as Chromium on Linux reads it from $HOME/.pki/nssdb.
    execFileSync('certutil', ['-d', `sql:${nssdb}`, '-N', '--empty-password'])
    execFileSync('certutil', [
      '-d',
      `sql:${nssdb}`,
      '-A',
      '-n',
      'clinica',
      '-t',
      'C,,',
      '-i',
      join(root, 'clinica-ca.crt'),
    ])
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // no --ignore-certificate-errors: the certificate must verify against the trusted authority
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${NAME} 127.0.0.1`],
      env: { ...process.env, HOME: home },
    })

    // Today's appointment, through the API on this computer (localhost keeps plain HTTP).
    const request = await apiRequest.newContext({ baseURL: `http://127.0.0.1:${httpPort}` })
    const admin = await apiSignIn(request, ADMIN.email, ADMIN.password)
    const { medico } = await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', { nome: doctor })
    const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
      nome: patient.nome,
      cpf: patient.cpf,
      rg: patient.rg,
      datanascimento: '1958-09-03T00:00:00.000Z',
      estadocivil: 'viúvo',
      sexo: 'feminino',
      cor: 'pardo',
      naturalidade: 'Natal',
      profissao: 'Costureira',
      email: `jurema.${run}@exemplo.com.br`,
      telefone: 84987654321,
      endereco: 'Rua das Dunas',
      numeroendereco: 15,
      bairro: 'Ponta Negra',
      cidade: 'Natal',
      estado: 'RN',
      userId: admin.user.id,
    })
    await apiCall(request, admin, '/agendamento/register', {
      datahora: `${clinicToday()}T09:30:00.000Z`,
      valorIncents: 18000,
      estaPago: false,
      convenio: 'Particular',
      anotacao: '',
      exames: ['Ultrassonografia'],
      userId: admin.user.id,
      pacienteId: paciente.id,
      medicoId: medico.id,
    })
    await request.dispose()
  })

  test.afterAll(async () => {
    await browser?.close()
    if (server && !server.hasExited()) {
      server.kill('SIGTERM', 'process')
      await server.exited
    }
    await cleanupAll()
  })

  test('over HTTPS the service worker registers, the app is installable and today survives a dropped connection', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      await signIn(page, ADMIN.email, ADMIN.password, secureOrigin())
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true)
      const swUrl = await waitForServiceWorkerControl(page)
      expect(swUrl).toBe(`${secureOrigin()}/sw.js`)
      // Chrome would offer to install it (a test context is incognito: that one reason is left out)
      expect(await installabilityErrors(page)).toEqual([])

      const today = formatDate(clinicToday())
      const appointment = page.getByRole('link', {
        name: new RegExp(`${patient.nome}.*${today} 09:30.*Dr\\. ${doctor}`),
      })
      await expect(appointment).toBeVisible()
      await expect
        .poll(async () => (await readPersistedCache(page))?.includes(`"day","${clinicToday()}"`) ?? false, {
          timeout: 15_000,
        })
        .toBe(true)

      await context.setOffline(true)
      await page.reload()
      await expect(page.getByRole('heading', { name: `Agendamentos dia ${today}` })).toBeVisible()
      await expect(appointment).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: messages.offlineShowingSaved })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath('https-offline-home.png') })
    } finally {
      await context.close()
    }
  })

  test('over plain HTTP on that name: sent to HTTPS; a page served there has no service worker', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      // The tablet types the old address: the server answers 307 to the HTTPS one.
      const response = await page.goto(`${plainOrigin()}/login`)
      const first = response!.request().redirectedFrom()
      expect(first?.url()).toBe(`${plainOrigin()}/login`)
      expect((await first!.response())!.status()).toBe(307)
      expect(page.url()).toBe(`${secureOrigin()}/login`)

      // A page the server does serve over plain HTTP there (the install page, for devices that do not
      // trust the authority yet): not a secure context, so there is no service worker to register.
      await page.goto(`${plainOrigin()}/instalar`)
      expect(page.url()).toBe(`${plainOrigin()}/instalar`)
      await expect(page.getByRole('heading', { name: 'Instalar a Clínica nos tablets e celulares' })).toBeVisible()
      expect(
        await page.evaluate(() => ({ secure: window.isSecureContext, serviceWorker: 'serviceWorker' in navigator })),
      ).toEqual({
        secure: false,
        serviceWorker: false,
      })

      // The app itself as a clinic served it before (plain HTTP on the network, here relayed from the
      // server's localhost side): it opens, but nothing can register a worker and Chrome won't install it.
      await context.route(`${plainOrigin()}/**`, async (route) => {
        const url = new URL(route.request().url())
        const upstream = await route.fetch({
          url: `http://127.0.0.1:${httpPort}${url.pathname}${url.search}`,
          maxRedirects: 0,
        })
        await route.fulfill({ response: upstream })
      })
      await page.goto(`${plainOrigin()}/login`)
      expect(page.url()).toBe(`${plainOrigin()}/login`)
      await expect(page.getByRole('heading', { name: 'Faça seu login' })).toBeVisible()
      expect(
        await page.evaluate(() => ({ secure: window.isSecureContext, serviceWorker: 'serviceWorker' in navigator })),
      ).toEqual({
        secure: false,
        serviceWorker: false,
      })
      expect(await installabilityErrors(page)).toContain('not-from-secure-origin')
    } finally {
      await context.close()
    }
  })

  test('/instalar: every QR code decodes to the address printed with it; the certificate has the fingerprint shown', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      // as the operator opens it on the office computer
      await page.goto(`http://localhost:${httpPort}/instalar`)
      await expect(page.getByRole('heading', { name: 'Instalar a Clínica nos tablets e celulares' })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath('instalar.png'), fullPage: true })

      const figures = page.getByRole('figure')
      const count = await figures.count()
      expect(count).toBeGreaterThan(0)
      const addresses: string[] = []
      for (let i = 0; i < count; i++) {
        const figure = figures.nth(i)
        const printed = (await figure.locator('code.endereco').textContent())!.trim()
        const png = PNG.sync.read(await figure.locator('svg').screenshot())
        const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
        expect(decoded?.data, `QR code of ${printed}`).toBe(printed)
        addresses.push(printed)
      }
      // the first address is the one a tablet opens: the network name, over HTTPS
      expect(addresses[0]).toBe(secureOrigin())

      const shown = (await page.locator('#sha256').textContent())!.trim()
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Baixar o certificado da clínica' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('clinica-ca.crt')
      const downloaded = readFileSync((await download.path())!, 'utf8')
      expect(new X509Certificate(downloaded).fingerprint256).toBe(shown)
      // ...and it is the authority this browser trusts for the HTTPS above
      expect(new X509Certificate(caPem).fingerprint256).toBe(shown)
    } finally {
      await context.close()
    }
  })
})
