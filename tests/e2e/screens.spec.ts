// Every screen in the real browser, on a 360 px phone and a landscape tablet: axe (colour contrast
// included, which jsdom cannot compute) finds no serious or critical violation, and the page never
// scrolls sideways.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { clinicToday } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const VIEWPORTS = [
  { name: 'phone 360 px', width: 360, height: 740 },
  { name: 'landscape tablet', width: 1280, height: 800 },
]
const LONG_NAME = 'Maria Auxiliadora dos Santos Nascimento Ferreira'
const SCREENS = [
  { path: '/', ready: /Agendamentos dia/, shows: LONG_NAME },
  { path: '/pacientes', ready: 'Gerenciamento de Pacientes', shows: LONG_NAME },
  { path: '/agendamentos', ready: 'Gerenciamento de Agendamentos', shows: LONG_NAME },
  { path: '/admin', ready: 'Cadastro de Doutores', shows: null },
]

/** A doctor, a patient with a long name and an appointment today, so that tables have rows. */
async function seedRows(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` }
  const medico = await request.post('/api/medico/register', {
    headers,
    data: { nome: 'Maximiliano Albuquerque Bragança' },
  })
  const paciente = await request.post('/api/paciente/register', {
    headers,
    data: {
      nome: LONG_NAME,
      cpf: '39053344705',
      rg: '4455667788',
      datanascimento: '1950-02-01T00:00:00.000Z',
      estadocivil: 'viúvo',
      sexo: 'feminino',
      cor: 'pardo',
      naturalidade: 'Feira de Santana',
      profissao: 'Aposentada',
      email: 'maria.auxiliadora.nascimento@provedor-de-email.com.br',
      telefone: 75991234567,
      endereco: 'Avenida Presidente Juscelino Kubitschek de Oliveira',
      numeroendereco: 10500,
      bairro: 'Jardim Paulistano',
      cidade: 'São Paulo',
      estado: 'SP',
      userId: '00000000-0000-4000-8000-000000000000',
    },
  })
  if (medico.status() !== 201 || paciente.status() !== 201) return // already seeded by an earlier run of this file
  const booked = await request.post('/api/agendamento/register', {
    headers,
    data: {
      datahora: `${clinicToday()}T23:10:00.000Z`,
      valorIncents: 35000,
      estaPago: true,
      convenio: 'Bradesco Saúde',
      userId: '00000000-0000-4000-8000-000000000000',
      pacienteId: (await paciente.json()).paciente.id,
      medicoId: (await medico.json()).medico.id,
      exames: ['Ressonância magnética de crânio com contraste'],
    },
  })
  expect(booked.status()).toBe(201)
}

async function seriousViolations(page: Page) {
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>
        }
      }
    ).axe
    return axe.run(document)
  })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

for (const viewport of VIEWPORTS) {
  test.describe(`screens on a ${viewport.name}`, () => {
    // bypassCSP: only so that axe can be injected; the app itself runs under the server's CSP.
    test.use({ viewport: { width: viewport.width, height: viewport.height }, bypassCSP: true })

    test('the sign-in page', async ({ page }) => {
      await page.goto('/login')
      await expect(page.getByRole('heading', { name: 'Faça seu login' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    })

    test('the signed-in screens', async ({ page, request }) => {
      const response = await request.post('/api/users/session', {
        data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      })
      expect(response.status()).toBe(200)
      const session = await response.json()
      await seedRows(request, session.token)
      await page.goto('/login')
      await page.evaluate((value) => localStorage.setItem('clinica.session', JSON.stringify(value)), session)
      for (const screen of SCREENS) {
        await page.goto(screen.path)
        await expect(page.getByRole('heading', { name: screen.ready }).first()).toBeVisible()
        if (screen.shows) await expect(page.getByText(screen.shows).first()).toBeVisible()
        expect(await seriousViolations(page), screen.path).toEqual([])
        expect(await horizontalOverflow(page), screen.path).toBeLessThanOrEqual(0)
      }
    })
  })
}
