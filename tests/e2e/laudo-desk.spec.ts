// The laudo at the front desk in a real browser against the real server (issue 36 points 3 and 7): a laudo
// released through the API (the clinic signs by hand, so no certificate is needed here) reads 'Liberado' on
// the receptionist's board; the entry's panel downloads the stored PDF ('Baixar PDF') and records
// 'Entregar laudo' to the patient; the board then reads 'Entregue' and the server keeps the delivery.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { clinicToday, messages } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { apiCall, apiSignIn, signIn, type ApiSession } from './support/app'
import { bookingBody, newDoctor, newPatient, run } from './support/booking'

const patient = 'Bianca Entrega'
const reception = { nome: 'Rosa Balcão', email: `rosa.${run}@clinica.local`, password: 'senha-da-rosa-1' }
const doctorUser = { nome: 'Renata Laudista', email: `renata.${run}@clinica.local`, password: 'senha-da-renata-1' }
// the clinic's today, early: the laudo is written after the exam
const entryName = `${patient}, 07:10`
let laudoId = ''
let admin: ApiSession

test.describe.serial('the laudo at the front desk', () => {
  test.beforeAll(async ({ request }) => {
    admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    const settings = { rtNome: '', rtCrm: '', rtCrmUf: '', cnes: '', pacsUrl: '', assinaturaManual: true }
    await apiCall(request, admin, '/clinica/laudo', settings, { method: 'PUT', status: 200 })
    const medicoId = await newDoctor(request, admin, 'Renata Laudista')
    await apiCall(request, admin, '/users/register', reception)
    await apiCall(request, admin, '/users/register', { ...doctorUser, medicoId })
    const doctor = await apiSignIn(request, doctorUser.email, doctorUser.password)
    const { exame } = await apiCall<{ exame: { id: string; nome: string } }>(request, admin, '/exame/register', {
      nome: `Ultrassom de tireoide ${run}`,
      modalidade: 'US',
      duracao: 20,
    })
    const pacienteId = await newPatient(request, admin, patient, '31')
    let { agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
      request,
      admin,
      '/agendamento/register',
      {
        ...bookingBody(admin, pacienteId, medicoId, `${clinicToday()}T07:10:00.000Z`),
        exames: [exame.nome],
        exameIds: [exame.id],
      },
    )
    for (const status of ['confirmado', 'aguardando', 'em_atendimento'])
      ({ agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
        request,
        admin,
        '/agendamento/status',
        { id: agendamento.id, versao: agendamento.versao, status },
        { status: 200 },
      ))
    const { laudo } = await apiCall<{ laudo: { id: string; rascunho: { revisao: number } } }>(
      request,
      doctor,
      '/laudo/abrir',
      { agendamentoId: agendamento.id, exameId: exame.id },
      { status: 200 },
    )
    laudoId = laudo.id
    const texto = {
      tecnica: 'Modo B.',
      relatorio: 'Tireoide de dimensões normais.',
      impressao: 'Normal.',
      birads: null,
    }
    await apiCall(
      request,
      doctor,
      '/laudo/rascunho',
      { id: laudo.id, revisao: laudo.rascunho.revisao, ...texto },
      { method: 'PUT', status: 200 },
    )
    await apiCall(request, doctor, '/laudos/liberar', { laudoId }, { status: 200 })
  })

  test("the receptionist sees 'Liberado', downloads the PDF and records 'Entregar laudo'", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1180, height: 820 })
    await signIn(page, reception.email, reception.password)
    const entry = page.getByRole('group', { name: entryName })
    await expect(entry.getByText('Laudo: Liberado')).toBeVisible()

    await page
      .getByRole('list', { name: /^Agendamentos dia / })
      .getByRole('link', { name: new RegExp(`^${patient}`) })
      .click()
    const panel = page.getByRole('dialog', { name: entryName })
    const laudo = panel.getByRole('region', { name: 'Laudo' })
    await expect(laudo.getByText('Liberado', { exact: true })).toBeVisible()
    const download = page.waitForEvent('download')
    await laudo.getByRole('button', { name: 'Baixar PDF' }).click()
    const file = await (await download).path()
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-')

    await laudo.getByRole('button', { name: 'Entregar laudo' }).click()
    const dialog = page.getByRole('dialog', { name: /^Entregar laudo de / })
    await expect(dialog.getByRole('radio', { name: 'O próprio paciente' })).toBeChecked()
    await dialog.getByRole('button', { name: 'Registrar entrega' }).click()
    await expect(page.getByText(messages.laudoReleaseDelivered)).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(panel.getByRole('list', { name: /^Entregas do laudo de / })).toContainText(
      `ao paciente, por ${reception.nome}`,
    )
    await panel.getByRole('button', { name: 'Fechar' }).click()
    await expect(entry.getByText('Laudo: Entregue')).toBeVisible()

    const versions = await apiCall<{ laudo: { estado: string; versoes: { entregas: { recebedor: string }[] }[] } }>(
      request,
      admin,
      '/laudos/versoes',
      { laudoId },
      { status: 200 },
    )
    expect(versions.laudo.estado).toBe('Entregue')
    expect(versions.laudo.versoes[0]!.entregas.map((e) => e.recebedor)).toEqual(['paciente'])
    await page.screenshot({ path: `test-results/laudo-desk/board-${run}.png` })
  })
})
