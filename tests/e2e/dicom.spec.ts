// The machine moves the board (issue 19): a room with an AE title asks for its worklist (dcmtk's findscu)
// and reports the exam's start and end (MPPS through dcmjs-dimse's SCU); the front desk's board, never
// reloaded, shows 'Em atendimento' then 'Realizado', and ADMIN's 'Equipamentos' shows what the room asked.
import { expect, test, type Page } from '@playwright/test'
import { clinicToday } from '@contract'
import { E2E_ADMIN } from '../../playwright.config'
import { findWorklist, newStepUid, sendStep } from '../dicom/support'
import { apiCall, apiSignIn, cpfFrom, signIn } from './support/app'

const DICOM_PORT = Number(process.env.E2E_PORT) + 1
const run = Date.now().toString().slice(-6)
const room = { nome: `Sala RX ${run}`, aeTitle: `RX${run}` }
const patient = { nome: 'Conceição Tavares', cpf: cpfFrom(`8${run}44`), rg: `88${run}` }
const entryName = `${patient.nome}, 23:30`

test.describe.serial('a machine on the DICOM worklist', () => {
  let accession = ''

  test.beforeAll(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
    const { equipamento } = await apiCall<{ equipamento: { id: string } }>(request, admin, '/equipamento/register', {
      nome: room.nome,
      modalidades: ['RX'],
      horarios: [],
      aeTitle: room.aeTitle,
    })
    const { medico } = await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', {
      nome: 'Otávio Reis',
    })
    const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
      nome: patient.nome,
      cpf: patient.cpf,
      rg: patient.rg,
      datanascimento: '1961-02-11T00:00:00.000Z',
      estadocivil: 'viúvo',
      sexo: 'feminino',
      cor: 'branco',
      naturalidade: 'Recife',
      profissao: 'Costureira',
      email: `conceicao.${run}@exemplo.com.br`,
      telefone: 81987654321,
      endereco: 'Rua da Aurora',
      numeroendereco: 31,
      bairro: 'Boa Vista',
      cidade: 'Recife',
      estado: 'PE',
      userId: admin.user.id,
    })
    const { agendamento } = await apiCall<{ agendamento: { id: string; versao: number } }>(
      request,
      admin,
      '/agendamento/agendar',
      {
        datahora: `${clinicToday()}T23:30:00.000Z`,
        valorIncents: 12000,
        estaPago: true,
        convenio: 'Particular',
        anotacao: '',
        exames: ['Raio-X de tórax (PA e perfil)'],
        userId: admin.user.id,
        pacienteId: paciente.id,
        medicoId: medico.id,
        equipamentoId: equipamento.id,
        duracaoMinutos: 15,
        // 23:30 is after the clinic's hours (docs/decisions.md "Opening hours"): ADMIN's encaixe books it
        encaixe: true,
      },
    )
    // the patient is at the desk: the exam may start (docs/dicom.md)
    let versao = agendamento.versao
    for (const status of ['confirmado', 'aguardando']) {
      const moved = await apiCall<{ agendamento: { versao: number } }>(
        request,
        admin,
        '/agendamento/status',
        { id: agendamento.id, versao, status },
        { status: 200 },
      )
      versao = moved.agendamento.versao
    }
  })

  const entry = (page: Page) => page.getByRole('group', { name: entryName })

  test("the room finds the patient on its worklist; its steps move the board to 'Em atendimento' and 'Realizado'", async ({
    page,
  }) => {
    const today = clinicToday().replace(/-/g, '')
    const found = await findWorklist(DICOM_PORT, room.aeTitle, [
      'AccessionNumber',
      'PatientName=TAVARES*',
      `ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate=${today}`,
    ])
    expect(found.code, found.output).toBe(0)
    expect(found.answers.map((a) => a.values.PatientName)).toEqual(['TAVARES^CONCEICAO'])
    accession = found.answers[0]!.values.AccessionNumber!

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await expect(entry(page).getByText('Aguardando', { exact: true })).toBeVisible()

    const step = newStepUid()
    const started = {
      ScheduledStepAttributesSequence: [{ AccessionNumber: accession }],
      PerformedProcedureStepStatus: 'IN PROGRESS',
    }
    expect(await sendStep(DICOM_PORT, room.aeTitle, 'create', step, started)).toBe(0)
    // not reloaded: the board polls the day's version
    await expect(entry(page).getByText('Em atendimento', { exact: true })).toBeVisible({ timeout: 15_000 })

    expect(await sendStep(DICOM_PORT, room.aeTitle, 'set', step, { PerformedProcedureStepStatus: 'COMPLETED' })).toBe(0)
    await expect(entry(page).getByText('Realizado', { exact: true })).toBeVisible({ timeout: 15_000 })
  })

  test("ADMIN's 'Equipamentos' shows the room's AE title and what it asked", async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto('/admin/equipamentos')
    await expect(page.getByRole('cell', { name: `${room.nome} (AE title ${room.aeTitle})` })).toBeVisible()
    const log = page.getByRole('list', { name: `Consultas DICOM de ${room.nome}` })
    await expect(log.getByRole('listitem')).toHaveCount(3)
    await expect(log.getByRole('listitem').first()).toContainText(`acesso ${accession} (COMPLETED) — ok`)
    await expect(log.getByRole('listitem').last()).toContainText('Consulta da worklist, 1 resposta — ok')
  })
})
