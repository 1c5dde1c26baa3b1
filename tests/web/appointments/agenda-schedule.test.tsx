// 'Horário e equipamento' beyond the basics (docs/decisions.md "Agenda and equipment"): a typed duration
// as short as the catalogue exams' sum, free times for several modalities on one machine (or the sentence
// saying none serves them all), and the edit dialog moving a booking to another machine and duration.
// Every booking here is on DAY, a day the clinic opens: today or today + 3 can be a Saturday or a Sunday,
// where the clinic's default hours rightly refuse any booking or move ('A clínica não abre sáb.').
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicToday,
  DEFAULT_CLINIC_HOURS,
  formatDate,
  messages,
  nextOpenDay,
  type Equipamento,
} from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

/** A weekday at least three days ahead (clear of the seed's yesterday, today and tomorrow). */
const DAY = nextOpenDay(addDays(clinicToday(), 2), DEFAULT_CLINIC_HOURS)
const US1 = { id: '7d0c3f2e-6a1b-4c8d-9e0f-000000000001', nome: 'US-1', modalidades: ['US' as const], horarios: [] }
const TC = { id: '7d0c3f2e-6a1b-4c8d-9e0f-000000000003', nome: 'TC-1', modalidades: ['TC' as const], horarios: [] }
const RXUS = {
  id: '7d0c3f2e-6a1b-4c8d-9e0f-000000000004',
  nome: 'Sala mista',
  modalidades: ['RX' as const, 'US' as const],
  horarios: [],
}
const SHORT = ['RX de joelho', 'RX de seios da face']

function seed(equipamentos: Equipamento[]) {
  resetStore(() => {
    const base = demoSeed()
    return {
      ...base,
      // two 10-minute exams: 20 minutes together, under the 15 per exam name of free text
      exames: base.exames!.map((e) => (SHORT.includes(e.nome) ? { ...e, duracao: 10 } : e)),
      equipamentos,
      // Maria's 14:00 moves from today to DAY, on US-1
      agendamentos: base.agendamentos!.map((a) =>
        a.id === SEED_IDS.agendamentos.today3 ? { ...a, datahora: `${DAY}T14:00:00.000Z`, equipamentoId: US1.id } : a,
      ),
    }
  })
}

beforeEach(() => seed([US1, TC, RXUS]))
afterEach(() => resetStore(() => demoSeed()))

async function openNew() {
  // keys without a pause between them: these tests type a whole booking, the longest a web test types
  const app = renderApp('/agendamentos', { as: 'staff', userEventOptions: { delay: null } })
  await screen.findByRole('table')
  await app.user.click(screen.getByRole('button', { name: 'Criar agendamento' }))
  const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
  await waitFor(() => expect(within(dialog).getAllByRole('option', { name: /^Dr\. / })).toHaveLength(3))
  const q = within(within(dialog).getByRole('group', { name: 'Horário e equipamento' }))
  return { ...app, d: within(dialog), q }
}

async function addCatalogueExam(app: Awaited<ReturnType<typeof openNew>>, nome: string) {
  await app.user.clear(app.d.getByLabelText('Buscar exame no catálogo'))
  await app.user.type(app.d.getByLabelText('Buscar exame no catálogo'), nome)
  await app.user.click(await app.d.findByRole('button', { name: `Adicionar ${nome}` }))
}

describe("'Horário e equipamento': catalogue durations and several modalities", () => {
  it("books a typed duration as short as the catalogue exams' sum", async () => {
    const app = await openNew()
    const { user, d, q } = app
    await user.type(d.getByLabelText(/^Data/), DAY)
    await user.type(d.getByLabelText(/^Hora/), '07:00')
    await user.selectOptions(d.getByLabelText(/^Paciente/), 'João da Silva')
    await user.selectOptions(d.getByLabelText(/^Doutor/), 'Dr. Helena Duarte')
    for (const nome of SHORT) await addCatalogueExam(app, nome)
    await user.click(d.getByRole('radio', { name: 'Não' }))
    if (!(d.getByLabelText(/^Valor/) as HTMLInputElement).value) await user.type(d.getByLabelText(/^Valor/), '150,00')
    const duration = q.getByLabelText('Duração (minutos)')
    await waitFor(() => expect(duration).toHaveValue(20))
    await user.selectOptions(q.getByRole('combobox', { name: 'Equipamento' }), 'Sala mista')
    // typed: sent as duracaoMinutos, which the contract once refused under 15 per exam name
    await user.tripleClick(duration)
    await user.keyboard('20')
    expect(q.getByText('Termina às 07:20')).toBeInTheDocument()
    await user.click(d.getByRole('button', { name: 'Confirmar' }))
    await findToast(messages.appointmentCreated)
    const booked = store.agendamentos.find((a) => a.datahora === `${DAY}T07:00:00.000Z`)!
    expect(booked).toMatchObject({ equipamentoId: RXUS.id, fim: `${DAY}T07:20:00.000Z` })
  })

  it('searches one machine serving every chosen modality', async () => {
    const app = await openNew()
    const { user, d, q } = app
    await user.type(d.getByLabelText(/^Data/), DAY)
    await user.type(d.getByLabelText(/^Hora/), '07:00')
    await addCatalogueExam(app, 'RX de joelho')
    await addCatalogueExam(app, 'US de tireoide')
    expect(await q.findByText('Modalidades dos exames: Raio-X, Ultrassonografia')).toBeInTheDocument()
    await user.click(q.getByRole('button', { name: 'Próximos horários livres' }))
    const slots = within(await q.findByRole('list', { name: 'Horários livres' })).getAllByRole('button')
    expect(slots[0]).toHaveTextContent(`${formatDate(DAY)} 07:00 · Sala mista ·`)
    for (const slot of slots) expect(slot).toHaveTextContent('· Sala mista ·')
  })

  it('says so when no machine serves them all', async () => {
    seed([US1, TC])
    const app = await openNew()
    await addCatalogueExam(app, 'RX de joelho')
    await addCatalogueExam(app, 'US de tireoide')
    expect(
      await app.q.findByText('Nenhum equipamento atende RX e US juntos: agende os exames em horários separados.'),
    ).toBeInTheDocument()
    expect(app.q.getByRole('button', { name: 'Próximos horários livres' })).toBeDisabled()
  })
})

describe("the edit dialog's schedule", () => {
  async function openMaria() {
    const app = renderApp('/agendamentos', { as: 'staff' })
    const cell = await screen.findByRole('cell', { name: 'Maria das Graças Souza' })
    await app.user.click(within(cell.closest('tr')!).getByRole('button', { name: 'Saiba mais' }))
    const dialog = await screen.findByRole('dialog', { name: 'Agendamento do paciente Maria das Graças Souza' })
    const d = within(dialog)
    await d.findByLabelText(/^Valor/)
    const q = within(d.getByRole('group', { name: 'Horário e equipamento' }))
    const machine = q.getByRole('combobox', { name: 'Equipamento' })
    await waitFor(() => expect(machine).toHaveDisplayValue('US-1'))
    return { ...app, d, q, machine }
  }

  it('moves a booking to another machine and duration', async () => {
    const { user, d, q, machine } = await openMaria()
    const duration = q.getByLabelText('Duração (minutos)')
    expect(duration).toHaveValue(30)
    await user.selectOptions(machine, 'TC-1')
    await user.tripleClick(duration)
    await user.keyboard('45')
    await user.click(d.getByRole('button', { name: 'Confirmar alterações' }))
    await findToast(messages.appointmentUpdated)
    const row = store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today3)!
    expect(row).toMatchObject({ equipamentoId: TC.id, fim: `${DAY}T14:45:00.000Z`, versao: 2 })
  })

  it('refuses a move onto a taken machine, naming it in the dialog', async () => {
    store.agendamentos.push({
      ...store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today3)!,
      id: '9a000000-0000-4000-8000-000000000009',
      medicoId: SEED_IDS.medicos.helena,
      pacienteId: SEED_IDS.pacientes.joao,
      datahora: `${DAY}T14:15:00.000Z`,
      fim: `${DAY}T14:45:00.000Z`,
      equipamentoId: TC.id,
    })
    const { user, d, machine } = await openMaria()
    await user.selectOptions(machine, 'TC-1')
    await user.click(d.getByRole('button', { name: 'Confirmar alterações' }))
    expect(await d.findAllByText('TC-1 ocupado das 14:15 às 14:45')).not.toHaveLength(0)
    const row = store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today3)!
    expect(row).toMatchObject({ equipamentoId: US1.id, versao: 1 })
  })

  it("opens from the agenda's block", async () => {
    const { user } = renderApp(`/agenda?dia=${DAY}&por=equipamento&recurso=${US1.id}`, { as: 'staff' })
    const block = await screen.findByRole('article', { name: /^14:00–14:30 maria das graças souza$/i })
    await user.click(within(block).getByRole('button'))
    const dialog = await screen.findByRole('dialog', { name: 'Agendamento do paciente Maria das Graças Souza' })
    const q = within(within(dialog).getByRole('group', { name: 'Horário e equipamento' }))
    await waitFor(() => expect(q.getByRole('combobox', { name: 'Equipamento' })).toHaveDisplayValue('US-1'))
  })
})
