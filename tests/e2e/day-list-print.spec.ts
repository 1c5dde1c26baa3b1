// The printed day list keeps its Status column whole (issue 34): 'Em atendimento' and 'Aguardando' were cut
// mid-word ('atendimen' / 'to') in a 24 mm column. Rendered to PDF by Chromium (print media) and read back
// with poppler's pdftotext, like tests/e2e/desk-paper.spec.ts.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { clinicToday } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, cpfFrom, signIn } from './support/app'

const run = Date.now().toString().slice(-6)
// a doctor's name is letters only: the run's digits as letters
const runLetters = [...run].map((d) => 'abcdefghij'[Number(d)]).join('')
const dia = clinicToday()
let medicoId = ''

test.beforeAll(async ({ request }) => {
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  medicoId = (
    await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', { nome: `Íris Prado ${runLetters}` })
  ).medico.id
  const people = [
    { nome: 'Maria Aparecida Albuquerque', status: ['confirmado', 'aguardando', 'em_atendimento'], time: '07:00' },
    { nome: 'Joaquim Amâncio Frota', status: ['confirmado', 'aguardando'], time: '07:30' },
  ]
  for (const [i, person] of people.entries()) {
    const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
      nome: person.nome,
      cpf: cpfFrom(`${i + 7}${run}11`),
      rg: `7${i}${run}`,
      datanascimento: '1975-02-03T00:00:00.000Z',
      estadocivil: 'casado',
      sexo: 'feminino',
      cor: 'pardo',
      naturalidade: 'Campinas',
      profissao: 'Professora',
      email: `lista.${i}.${run}@exemplo.com.br`,
      telefone: 11987650000 + i,
      endereco: 'Rua Um',
      numeroendereco: 10,
      bairro: 'Centro',
      cidade: 'Campinas',
      estado: 'SP',
      userId: admin.user.id,
    })
    let { agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
      request,
      admin,
      '/agendamento/register',
      {
        datahora: `${dia}T${person.time}:00.000Z`,
        valorIncents: 18_000,
        estaPago: false,
        convenio: 'Bradesco Saúde',
        anotacao: '',
        exames: ['Ultrassonografia de abdome total'],
        userId: admin.user.id,
        pacienteId: paciente.id,
        medicoId,
      },
    )
    for (const status of person.status)
      ({ agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
        request,
        admin,
        '/agendamento/status',
        { id: agendamento.id, versao: agendamento.versao, status },
        { status: 200 },
      ))
  }
})

test('the day list keeps every status word whole on A4', async ({ page }) => {
  await page.addInitScript(() => {
    window.print = () => {}
  })
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await page.goto(`/?dia=${dia}&medico=${medicoId}`)
  await expect(page.getByRole('button', { name: 'Imprimir lista do dia' })).toBeEnabled()
  await page.emulateMedia({ media: 'print' })
  const pdf = await page.pdf({ preferCSSPageSize: true })
  mkdirSync('test-results/day-list-print', { recursive: true })
  const file = `test-results/day-list-print/day-list-${run}.pdf`
  writeFileSync(file, pdf)
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  const words = text.split(/\s+/)
  expect(words).toContain('atendimento')
  expect(words).toContain('Aguardando')
  expect(words).toContain('Albuquerque')
})
