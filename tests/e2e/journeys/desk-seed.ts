// Data the desk's journeys (issue 34) start from, written through the API before the browser opens: a doctor,
// a patient with a mobile phone and one appointment today late in the evening (still to come whatever the
// hour the journey runs; 'Agendado', unpaid). Each run's names are its own, so journeys never meet.
import type { APIRequestContext } from '@playwright/test'
import { clinicToday } from '@contract'
import { E2E_ADMIN } from '../../../playwright.config'
import { apiCall, apiSignIn, cpfFrom } from '../support/app'

export interface DeskDay {
  patient: string
  time: string
  exam: string
  preparo: string
  note: string
}

export async function seedDeskDay(
  request: APIRequestContext,
  run: string,
  options: {
    doctor: string
    time: string
    users: { nome: string; email: string; password: string; linked?: boolean }[]
  },
): Promise<DeskDay> {
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  const { medico } = await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', {
    nome: options.doctor,
  })
  for (const user of options.users)
    await apiCall(request, admin, '/users/register', {
      nome: user.nome,
      email: user.email,
      password: user.password,
      ...(user.linked ? { medicoId: medico.id } : {}),
    })
  const exam = `Ultrassonografia de abdome ${run}`
  const preparo = 'Jejum de 8 horas; beber 1 litro de água uma hora antes.'
  await apiCall(request, admin, '/exame/register', { nome: exam, modalidade: 'US', duracao: 30, preparo })
  const patient = 'Iracema Cavalcanti'
  const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
    nome: `${patient} ${letters(run)}`,
    cpf: cpfFrom(`5${run}21`),
    rg: `55${run}`,
    datanascimento: '1962-04-13T00:00:00.000Z',
    estadocivil: 'casado',
    sexo: 'feminino',
    cor: 'pardo',
    naturalidade: 'Fortaleza',
    profissao: 'Costureira',
    email: `iracema.${run}@exemplo.com.br`,
    telefone: 85987654321,
    endereco: 'Rua das Dunas',
    numeroendereco: 12,
    bairro: 'Meireles',
    cidade: 'Fortaleza',
    estado: 'CE',
    userId: admin.user.id,
  })
  const note = 'Trazer os exames anteriores.'
  await apiCall(request, admin, '/agendamento/register', {
    datahora: `${clinicToday()}T${options.time}:00.000Z`,
    valorIncents: 18000,
    estaPago: false,
    convenio: '',
    anotacao: note,
    exames: [exam],
    userId: admin.user.id,
    pacienteId: paciente.id,
    medicoId: medico.id,
  })
  return { patient: `${patient} ${capitalized(letters(run))}`, time: options.time, exam, preparo, note }
}

/** The run's digits as letters: a patient's name takes letters only. */
function letters(run: string): string {
  return [...run].map((d) => 'abcdefghij'[Number(d)]).join('')
}
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** Whether any entry of the phone's bottom bar wraps its text onto a second line. */
export const barEntriesOnOneLine = `(() => {
  const entries = [...document.querySelectorAll('.app-header nav .nav-links > li')].filter((li) => li.offsetParent !== null)
  return entries.map((li) => {
    const target = li.querySelector('a, button')
    const range = document.createRange()
    range.selectNodeContents(target)
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
    return { text: target.textContent, lines: lines.size, fits: target.scrollWidth <= target.clientWidth + 1 }
  })
})()`
