// Journey (docs/journeys.md, "A machine breaks down over booked patients"): ADMIN on the tablet blocks a
// machine from 'Equipamentos' over a patient already booked on it; the page lists that patient and asks
// before saving, and once saved names them for rebooking. The day is weeks ahead: never today's seeded data.
import { expect, test } from '@playwright/test'
import { addDays, clinicToday, formatDate } from '@contract'
import { E2E_ADMIN } from '../../../playwright.config'
import { apiCall, apiSignIn, signIn } from '../support/app'
import { bookingBody, newDoctor, newPatient, onWeekday, tag } from './support'

// a Wednesday at least four weeks ahead, inside the clinic's weekday hours
const day = onWeekday(addDays(clinicToday(), 28), 3)
const machine = `US quebrado ${tag}`
const patient = `Benedita Remarcada ${tag}`

test.use({ viewport: { width: 1180, height: 820 } })

test('a block over a booked patient lists them, asks, and names them for rebooking', async ({ page, request }) => {
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  const { equipamento } = await apiCall<{ equipamento: { id: string } }>(request, admin, '/equipamento/register', {
    nome: machine,
    modalidades: ['US'],
    horarios: [],
  })
  const medicoId = await newDoctor(request, admin, `Bloqueio ${tag}`)
  const pacienteId = await newPatient(request, admin, patient, '74')
  await apiCall(request, admin, '/agendamento/agendar', {
    ...bookingBody(admin, pacienteId, medicoId, `${day}T10:00:00.000Z`),
    equipamentoId: equipamento.id,
    duracaoMinutos: 30,
  })

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Mais' }).click()
  await page.getByRole('link', { name: 'Equipamentos' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Equipamentos e horários' })).toBeVisible()

  const form = page.getByRole('form', { name: 'Bloqueio' })
  await form.getByLabel('Equipamento bloqueado').selectOption({ label: machine })
  await form.getByLabel('Data de início').fill(day)
  await form.getByLabel('Hora de início').fill('08:00')
  await form.getByLabel('Data de fim').fill(day)
  await form.getByLabel('Hora de fim').fill('12:00')
  await form.getByLabel('Motivo').fill('Quebrou')
  await form.getByRole('button', { name: 'Salvar bloqueio' }).click()

  const dialog = page.getByRole('dialog', { name: 'Este bloqueio cobre 1 agendamento. Bloquear mesmo assim?' })
  await expect(dialog).toBeVisible()
  const asked = dialog.getByRole('list', { name: 'Agendamentos cobertos pelo bloqueio' })
  // names are shown capitalised word by word (the run's tag included)
  await expect(asked.getByRole('listitem')).toHaveText([
    new RegExp(`^${formatDate(day)} 10:00 — ${patient} \\(US abdome\\)$`, 'i'),
  ])
  await page.screenshot({ path: test.info().outputPath('block-asks-tablet.png') })
  await dialog.getByRole('button', { name: 'Bloquear mesmo assim' }).click()

  await expect(dialog).toBeHidden()
  await expect(page.getByText('Bloqueio registrado. Remarque os pacientes que ele cobre.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Pacientes a remarcar' })).toContainText(patient, { ignoreCase: true })
  await expect(page.getByRole('list', { name: 'Bloqueios vigentes' })).toContainText(`${machine}: Quebrou`, {
    ignoreCase: true,
  })
  await page.screenshot({ path: test.info().outputPath('block-saved-tablet.png') })
})
